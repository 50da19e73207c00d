// Every text the browser client looks up is in every language: each t("key") and each
// t(`prefix.${…}`) of the client's code, against all its catalogs merged per language.
// Run: node --test tests/web/catalogs.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

import room from "../../src/ludoteca/web/screens/room.i18n.js";
import history from "../../src/ludoteca/web/history/history.i18n.js";
import rules from "../../src/ludoteca/web/rules/rules.i18n.js";
import cronberg from "../../src/ludoteca/web/boards/cronberg.i18n.js";
import keltis from "../../src/ludoteca/web/boards/keltis.i18n.js";
import kingdomino from "../../src/ludoteca/web/boards/kingdomino.i18n.js";
import krone from "../../src/ludoteca/web/boards/krone.i18n.js";

const WEB = new URL("../../src/ludoteca/web/", import.meta.url).pathname;
const LANGUAGES = ["en", "it", "de"];
const merged = Object.fromEntries(LANGUAGES.map((code) => [code,
  Object.assign({}, ...[room, history, rules, cronberg, keltis, kingdomino, krone].map((c) => c[code]))]));

function sources(dir = WEB) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "dev" ? [] : sources(path);
    return name.endsWith(".js") && !name.endsWith(".i18n.js") ? [path] : [];
  });
}

/** A text, or one counting `n` things in a form for each plural category. */
const has = (language, key) => key in merged[language]
  || (`${key}.one` in merged[language] && `${key}.other` in merged[language]);

const code = sources().map((path) => [path.slice(WEB.length), readFileSync(path, "utf8")]);

test("the client's code is found", () => {
  const names = code.map(([name]) => name);
  for (const name of ["app.js", "screens/table.js", "boards/krone.js", "history/match.js", "rules/rules.js"]) {
    assert.ok(names.includes(name), name);
  }
});

test("every key the client looks up is in English, Italian and German", () => {
  const missing = [];
  for (const [name, text] of code) {
    // t("key"), and the logic modules' {key: "key", params} that the boards look up.
    for (const [, key] of text.matchAll(/\b(?:t\(|key:)\s*"([\w.-]+)"/g)) {
      for (const language of LANGUAGES) if (!has(language, key)) missing.push(`${name}: ${language} ${key}`);
    }
  }
  assert.deepEqual(missing, []);
});

test("every key the client builds names texts in every language", () => {
  const missing = [];
  for (const [name, text] of code) {
    for (const [, template] of text.matchAll(/\bt\(\s*`([^`]+)`/g)) {
      const pattern = new RegExp(`^${template.replace(/\./g, "\\.").replace(/\$\{[^}]+\}/g, "[^.]+")}$`);
      const found = LANGUAGES.map((language) => Object.keys(merged[language]).filter((key) => pattern.test(key)).sort());
      if (!found[0].length) missing.push(`${name}: no key like ${template}`);
      else if (found.some((keys) => keys.join() !== found[0].join())) missing.push(`${name}: ${template} differs between languages`);
    }
  }
  assert.deepEqual(missing, []);
});

test("the catalogs have the same keys in every language", () => {
  for (const catalog of [room, history, rules, cronberg, keltis, kingdomino, krone]) {
    const keys = Object.keys(catalog.en).sort();
    for (const language of ["it", "de"]) assert.deepEqual(Object.keys(catalog[language]).sort(), keys, language);
  }
});

test("a count is written in the plural form its language gives it", async () => {
  const { addCatalog, setLanguage, t } = await import("../../src/ludoteca/web/core/i18n.js");
  addCatalog(room);
  addCatalog(cronberg);
  const said = (language, key, n) => { setLanguage(language); return t(key, { n }); };
  assert.equal(said("it", "lobby.watchers", 1), "1 spettatore");
  assert.equal(said("it", "lobby.watchers", 2), "2 spettatori");
  assert.equal(said("en", "cronberg.final.parks", 1), "1 park");
  assert.equal(said("en", "cronberg.final.parks", 0), "0 parks");
  assert.equal(said("de", "result.points", 1), "1 Punkt");
  assert.equal(said("de", "result.points", -3), "-3 Punkte");
});

test("no text counts with a '(s)' or the like in place of its plural forms", () => {
  const hedged = [];
  for (const language of LANGUAGES) {
    for (const [key, text] of Object.entries(merged[language])) {
      if (/\{n\}/.test(text) && /\w\((s|e|n|i)\)|\w\/[ei]\b/.test(text)) hedged.push(`${language} ${key}: ${text}`);
    }
  }
  assert.deepEqual(hedged, []);
});

test("buttons shown together on a table have distinct labels in every language", () => {
  // A board's selection is cancelled while the table's tools offer to call the match off.
  for (const language of LANGUAGES) {
    const texts = merged[language];
    for (const key of ["krone.cancel", "keltis.cancel"]) {
      const [board, table] = [texts[key], texts["table.abort"]].map((text) => text.toLowerCase().split(/\s+/));
      assert.deepEqual(board.filter((word) => table.includes(word)), [], `${language}: ${key} and table.abort`);
    }
  }
});
