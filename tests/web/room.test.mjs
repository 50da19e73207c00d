// The room's client logic: a table kept from versioned events, resync on a gap, the
// buttons a person gets, the clocks, and every catalog complete in three languages.
// Run: node --test tests/web/room.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";

import { actions, applyEvent, clocksNow, fromSync, mergeView, missingPlayers } from "../../src/ludoteca/web/core/table-state.js";
import catalog from "../../src/ludoteca/web/screens/room.i18n.js";
import historyCatalog from "../../src/ludoteca/web/history/history.i18n.js";
import rulesCatalog from "../../src/ludoteca/web/rules/rules.i18n.js";
import { places, signed } from "../../src/ludoteca/web/screens/result.js";
import { tableAddress, tableOfAddress } from "../../src/ludoteca/web/core/address.js";
import { clockText } from "../../src/ludoteca/web/screens/table.js";
import { ratingText } from "../../src/ludoteca/web/screens/standing.js";

const seat = (name, bot = null, connected = true) => ({ name, bot, connected });
const info = (status, seats, host = "Anna") => ({ id: 3, game: "krone", options: {}, host, status, seats, watchers: 1, to_move: null });
const view = (log, from = 0) => ({ game: "krone", players: 2, seat: 0, to_move: 0, position: {}, log_from: from, log, legal_moves: ["roll"], result: null });

function synced() {
  return fromSync({ t: "sync", v: 5, you: 0, table: info("running", [seat("Anna"), seat("Bot 1", "simple")]), chat: [], match: view([{ by: 0, move: "roll" }]) });
}

test("events in order advance the version and merge the log", () => {
  let state = synced();
  ({ state } = applyEvent(state, { t: "match", table: 3, v: 6, view: view([{ by: "chance", move: "dice 6 5 2" }], 1) }));
  assert.equal(state.v, 6);
  assert.deepEqual(state.view.log.map((e) => e.move), ["roll", "dice 6 5 2"]);
  ({ state } = applyEvent(state, { t: "chat", table: 3, v: 7, line: { name: "Anna", text: "hi", at: 1 } }));
  assert.equal(state.chat.at(-1).text, "hi");
});

test("an event already applied is ignored; one that skips ahead asks for a resync", () => {
  const state = synced();
  const same = applyEvent(state, { t: "chat", table: 3, v: 5, line: { name: "x", text: "old", at: 1 } });
  assert.equal(same.state, state);
  assert.equal(same.resync, null);
  const gap = applyEvent(state, { t: "match", table: 3, v: 8, view: view([], 3) });
  assert.equal(gap.state, state);
  assert.deepEqual(gap.resync, { t: "resync", table: 3, v: 5, log: 1 });
});

test("a view whose log starts beyond ours cannot be merged", () => {
  assert.equal(mergeView(view([{ by: 0, move: "roll" }]), view([], 4)), null);
  const state = synced();
  const { resync } = applyEvent(state, { t: "match", table: 3, v: 6, view: view([], 4) });
  assert.deepEqual(resync, { t: "resync", table: 3, v: 5, log: 1 });
});

test("another table's events and presence do not move the version", () => {
  const state = synced();
  assert.equal(applyEvent(state, { t: "chat", table: 9, v: 6, line: {} }).state, state);
  const { state: present } = applyEvent(state, { t: "presence", table: 3, v: 5, connected: [false, true], watchers: 2 });
  assert.equal(present.v, 5);
  assert.equal(present.info.seats[0].connected, false);
  assert.equal(present.info.watchers, 2);
});

test("a table back to open (a rematch being set up) has no match to show", () => {
  const { state } = applyEvent(synced(), { t: "table", v: 6, table: info("open", [seat("Anna"), seat(null)]) });
  assert.equal(state.view, null);
});

test("a resync's sync keeps the log we had and adds what we missed", () => {
  const before = synced();
  const after = fromSync({ t: "sync", v: 9, you: 0, table: before.info, chat: [], match: view([{ by: "chance", move: "dice 1 1 1" }], 1) }, before);
  assert.deepEqual(after.view.log.map((e) => e.move), ["roll", "dice 1 1 1"]);
});

test("the game tool offers what this person may do now", () => {
  const open = { you: null, info: info("open", [seat("Anna"), seat(null), seat(null)]) };
  assert.deepEqual(actions(open, "Anna"), ["leave", "bot", "start"]);
  assert.deepEqual(actions(open, "Bruno"), ["join"]);
  const full = { you: null, info: info("open", [seat("Anna"), seat("Bot", "greedy")]) };
  assert.deepEqual(actions(full, "Bruno"), []);
  assert.deepEqual(actions({ you: 0, info: info("running", [seat("Anna"), seat("Bot", "greedy")]) }, "Anna"), ["pause", "abort", "resign"]);
  assert.deepEqual(actions({ you: null, info: info("running", [seat("Anna"), seat("Bot", "greedy")]) }, "Carla"), []);
  assert.deepEqual(actions({ you: 1, info: info("finished", [seat("Bot", "greedy"), seat("Anna")]) }, "Anna"), ["rematch"]);
  assert.equal(missingPlayers(open.info, 2), 1);
  // A pause asks to go on; calling off is only for the first two moves a player.
  const paused = { you: 0, info: { ...info("running", [seat("Anna"), seat("Bruno")]), paused: true } };
  assert.deepEqual(actions(paused, "Anna"), ["goOn", "abort", "resign"]);
  const moves = Array.from({ length: 4 }, (_, i) => ({ by: i % 2, move: "m" }));
  const late = { you: 0, info: info("running", [seat("Anna"), seat("Bruno")]), view: { log: [{ by: "chance", move: "deal" }, ...moves] } };
  assert.deepEqual(actions(late, "Anna"), ["pause", "resign"]);
  // A seat a bot took over offers only to take it back.
  const replaced = { you: 1, info: info("running", [seat("Anna"), { ...seat("Bruno", "simple"), replaced: "away" }]) };
  assert.deepEqual(actions(replaced, "Bruno"), ["takeBack"]);
  assert.equal(missingPlayers(full.info, 2), 0);
});

test("clocks count down only for the seat whose clock runs, and not while paused", () => {
  const state = { ...synced(), clocks: { remaining: [60, 30], running: 0, paused: false }, clocksAt: 1000 };
  assert.deepEqual(clocksNow(state, 11000), [50, 30]);
  assert.deepEqual(clocksNow({ ...state, clocks: { ...state.clocks, paused: true } }, 11000), [60, 30]);
  assert.deepEqual(clocksNow(state, 1_000_000), [0, 30]);
  assert.equal(clocksNow(synced()), null);
  assert.equal(clockText(65), "1:05");
  assert.equal(clockText(3 * 3600 + 61), "3:01:01");
  assert.equal(clockText(-4), "0:00");
  assert.equal(clockText(2 * 86400 + 3 * 3600 + 4 * 60 + 30), "2 d 3:05");  // a week-long turn
  assert.equal(clockText(86400), "1 d 0:00");
});

test("shared places are counted as a player would", () => {
  assert.deepEqual(places({ ranking: [[2], [0, 1], [3]] }), [
    { place: 1, seats: [2] }, { place: 2, seats: [0, 1] }, { place: 4, seats: [3] },
  ]);
});

for (const [name, texts] of [["history", historyCatalog], ["rules", rulesCatalog]]) {
  test(`the ${name} pages' catalog has every text in English, Italian and German`, () => {
    const keys = Object.keys(texts.en).sort();
    for (const language of ["it", "de"]) {
      assert.deepEqual(Object.keys(texts[language]).sort(), keys, language);
      for (const key of keys) assert.ok(texts[language][key].trim(), `${language} ${key}`);
    }
  });
}

test("the room's catalog has every text in English, Italian and German", () => {
  const keys = Object.keys(catalog.en);
  for (const language of ["it", "de"]) {
    assert.deepEqual(Object.keys(catalog[language]).sort(), keys.slice().sort(), language);
    for (const key of keys) {
      const params = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      assert.deepEqual(params(catalog[language][key]), params(catalog.en[key]), `${language} ${key}`);
      assert.ok(catalog[language][key].trim(), `${language} ${key} is empty`);
    }
  }
  const translated = keys.filter((key) => catalog.it[key] !== catalog.en[key] && catalog.de[key] !== catalog.en[key]);
  assert.ok(translated.length > keys.length * 0.8, "most texts differ from the English");
});

test("the server's answers read in the player's language, with their particulars", async () => {
  const { addCatalog, setLanguage } = await import("../../src/ludoteca/web/core/i18n.js");
  const { roomLineText, serverText } = await import("../../src/ludoteca/web/screens/messages.js");
  addCatalog(catalog);
  setLanguage("de");
  const turn = { t: "error", code: "not_your_turn", text: "it is Anna's turn, not yours", params: { name: "Anna" } };
  assert.equal(serverText(turn), "Anna ist am Zug, nicht du");
  setLanguage("it");
  assert.equal(serverText(turn), "È il turno di Anna, non il tuo");
  assert.equal(serverText({ code: "wrong_state", text: "…", params: { status: "running" } }), "Non ora: il tavolo è in gioco");
  // The engine's reason follows the headline; particulars the server did not send are not guessed.
  assert.equal(serverText({ code: "illegal", text: "no card to buy", params: {} }), "Questa mossa ora non è consentita: no card to buy");
  assert.equal(serverText({ code: "not_host", text: "only the host (Anna) can start", params: {} }), "Solo chi ospita (…) può farlo: only the host (Anna) can start");
  assert.equal(serverText({ code: "no_such_code", text: "as the server said", params: {} }), "as the server said");
  const help = serverText({ code: "help", text: "…", params: { commands: [{ name: "join", usage: "/join [seat]" }] } });
  assert.equal(help, "/join [seat] — siediti, al primo posto libero o a quello indicato");
  assert.equal(roomLineText({ name: null, text: "Bruno resigns", code: "resigns", params: { name: "Bruno" } }), "Bruno abbandona");
  assert.equal(roomLineText({ name: null, text: "as said", at: 1 }), "as said");
  setLanguage("en");
  assert.equal(serverText(turn), "It is Anna's turn, not yours");
});

test("who is here and the options read in the player's language", async () => {
  const { setLanguage } = await import("../../src/ludoteca/web/core/i18n.js");
  const { serverText } = await import("../../src/ludoteca/web/screens/messages.js");
  setLanguage("de");
  const who = { code: "who", text: "…", params: { seats: [{ seat: 0, name: "Anna", bot: null, here: false }, { seat: 1, name: "Bot 1", bot: "greedy", here: true }], watching: [] } };
  assert.equal(serverText(who), "Es sitzen: 1. Anna (nicht verbunden); 2. Bot 1 (Bot, gierig). Es schauen zu: niemand.");
  assert.equal(serverText({ code: "who", text: "…", params: { online: ["Anna", "Bruno"] } }), "Online: Anna, Bruno");
  const game = { id: "kingdomino", options: [{ name: "harmony", title: "Harmony" }] };
  assert.equal(serverText({ code: "options", text: "…", params: { game: "kingdomino", values: { harmony: true } } }, [game]), "Harmonie: ja");
  setLanguage("en");
});

test("a table's address names it, with a private table's key, and nothing else is a table", () => {
  const at = (href) => tableOfAddress(new URL(href, "http://127.0.0.1:8000"));
  assert.deepEqual(at("/tables/12"), { id: 12, key: null });
  assert.deepEqual(at(tableAddress(4, "a-b_c")), { id: 4, key: "a-b_c" });
  assert.equal(tableAddress(4, "a b"), "/tables/4?key=a%20b");
  assert.equal(at("/"), null);
  assert.equal(at("/tables/x"), null);
  assert.equal(at("/matches/3"), null);
});

test("each sync says the table's key, or that this person has none (a table made public)", () => {
  const first = fromSync({ t: "sync", v: 1, you: 0, table: info("open", [seat("Anna")]), chat: [], match: null, key: "k" });
  assert.equal(first.key, "k");
  assert.equal(fromSync({ t: "sync", v: 2, you: 0, table: info("open", [seat("Anna")]), chat: [], match: null, key: null }, first).key, null);
});

test("a rating change reads with its sign", () => {
  assert.deepEqual([signed(16), signed(-16), signed(0)], ["+16", "−16", "0"]);
});

test("a provisional rating is shown with ?, a settled one without (docs/ratings.md)", () => {
  assert.equal(ratingText(1523.4, true), "1523?");
  assert.equal(ratingText(1523.6, false), "1524");
});
