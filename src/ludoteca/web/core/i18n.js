// Translation catalogs: one per screen or board, merged; the language follows the browser.
// A catalog is {en: {key: text}, it: {...}, de: {...}}; "{name}" in a text is a parameter.

export const LANGUAGES = ["en", "it", "de"];
const catalogs = [];
let language = "en";

export function addCatalog(catalog) {
  catalogs.push(catalog);
}

export function setLanguage(code) {
  language = LANGUAGES.includes(code) ? code : "en";
}

export function getLanguage() {
  return language;
}

export function browserLanguage(navigatorLanguages) {
  for (const tag of navigatorLanguages || []) {
    const code = String(tag).slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(code)) return code;
  }
  return "en";
}

/** The text of `key` in the current language (English, then the key itself, as fallbacks). */
export function t(key, params = {}) {
  const text = lookup(language, key) ?? lookup("en", key) ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

function lookup(code, key) {
  for (let i = catalogs.length - 1; i >= 0; i--) {
    const texts = catalogs[i][code];
    if (texts && key in texts) return texts[key];
  }
  return undefined;
}
