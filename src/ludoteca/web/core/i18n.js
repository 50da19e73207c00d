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

/** The text of `key` in the current language (English, then the key itself, as fallbacks).
 * A text counting `n` things has a form for each plural category of its language
 * ("key.one", "key.other"), chosen by the language's own rules (Intl.PluralRules). */
export function t(key, params = {}) {
  const text = plural(language, key, params) ?? plural("en", key, params) ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

function plural(code, key, params) {
  const text = lookup(code, key);
  if (text !== undefined || typeof params.n !== "number") return text;
  const category = new Intl.PluralRules(code).select(params.n);
  return lookup(code, `${key}.${category}`) ?? lookup(code, `${key}.other`);
}

/** A time of day (a Date) as the page's language writes it: 17:11, 5:11 PM. */
export function timeText(date) {
  return new Intl.DateTimeFormat(language, { hour: "2-digit", minute: "2-digit" }).format(date);
}

/** A date, with its time of day when `withTime`, as the page's language writes it. */
export function dateText(date, withTime = false) {
  const options = withTime ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" };
  return new Intl.DateTimeFormat(language, options).format(date);
}

function lookup(code, key) {
  for (let i = catalogs.length - 1; i >= 0; i--) {
    const texts = catalogs[i][code];
    if (texts && key in texts) return texts[key];
  }
  return undefined;
}
