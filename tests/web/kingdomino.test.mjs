// The Kingdomino board's logic against fixtures written by fixtures/write_kingdomino.py.
// Run: node --test tests/web/
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import * as L from "../../src/ludoteca/web/boards/kingdomino-logic.js";
import catalog from "../../src/ludoteca/web/boards/kingdomino.i18n.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const DIR = join(HERE, "fixtures", "kingdomino");
const components = JSON.parse(readFileSync(join(DIR, "components.json"), "utf8"));
const fixtures = readdirSync(DIR)
  .filter((name) => name.endsWith(".json") && name !== "components.json")
  .map((name) => ({ name, view: JSON.parse(readFileSync(join(DIR, name), "utf8")) }));
const columns = components.columns;

function frameSquares(view) {
  const side = 2 * view.position.kingdom_size - 1;
  const found = [];
  for (let r = 0; r < side; r++) for (let c = 0; c < side; c++) found.push(L.squareName([c, r], columns));
  return found;
}

test("there are fixtures of every kind", () => {
  const names = fixtures.map((f) => f.name);
  for (const prefix of ["start-", "middle-place-", "middle-pick-", "discard-", "end-", "duel-", "dynasty-", "four-"]) {
    assert.ok(names.some((n) => n.startsWith(prefix)), prefix);
  }
  assert.ok(fixtures.some((f) => f.view.legal_moves.length && f.view.seat === f.view.to_move));
  assert.ok(fixtures.some((f) => f.view.seat === null));
  assert.ok(fixtures.some((f) => f.view.result));
});

test("every legal placement can be built by pointing at its first square in its rotation", () => {
  let checked = 0;
  for (const { name, view } of fixtures) {
    const group = L.groupLegal(view.legal_moves, components);
    for (const text of view.legal_moves) {
      const move = L.parseMove(text);
      if (move.kind !== "place") continue;
      const rotation = L.DIRECTIONS.findIndex(([dc, dr]) => {
        const [c, r] = L.squareOf(move.first, columns);
        return L.squareName([c + dc, r + dr], columns) === move.second;
      });
      assert.ok(rotation >= 0, `${name}: ${text}`);
      assert.equal(L.placementAt(group, move.first, rotation, columns)?.move, text, `${name}: ${text}`);
      assert.equal(L.selectAt(group, move.first, rotation, columns)?.move, text, `${name}: ${text}`);
      assert.ok(L.anchors(group, rotation, columns).includes(move.first), `${name}: ${text}`);
      checked++;
    }
  }
  assert.ok(checked > 20, `only ${checked} placements checked`);
});

test("nothing but legal moves comes out of any square, rotation or turn", () => {
  for (const { name, view } of fixtures) {
    const legal = new Set(view.legal_moves);
    const group = L.groupLegal(view.legal_moves, components);
    const made = new Set();
    for (const square of frameSquares(view)) {
      for (let rotation = 0; rotation < 4; rotation++) {
        for (const found of [L.placementAt(group, square, rotation, columns), L.selectAt(group, square, rotation, columns)]) {
          if (!found) continue;
          assert.ok(legal.has(found.move), `${name}: ${found.move} is not legal`);
          assert.ok(L.stillLegal(group, found));
          made.add(found.move);
          const turned = L.rotate(group, rotation, found, columns);
          if (turned.selection) assert.ok(legal.has(turned.selection.move), `${name}: rotated ${turned.selection.move}`);
        }
      }
    }
    const places = view.legal_moves.filter((m) => m.startsWith("place"));
    assert.deepEqual([...made].sort(), [...places].sort(), name);
    for (const domino of group.picks) assert.ok(legal.has(`pick ${domino}`), name);
    assert.equal(group.picks.length, view.legal_moves.filter((m) => m.startsWith("pick")).length, name);
    if (group.discard) assert.deepEqual(view.legal_moves, [group.discard], name);
  }
});

test("a domino with equal halves is found either way round, under its one spelling", () => {
  const symmetric = fixtures.flatMap(({ view }) => view.legal_moves)
    .find((text) => text.startsWith("place") && components.dominoes[L.parseMove(text).domino - 1].symmetric);
  assert.ok(symmetric, "a fixture places a domino with equal halves");
  const move = L.parseMove(symmetric);
  const group = L.groupLegal([symmetric], components);
  const [c1, r1] = L.squareOf(move.first, columns);
  const [c2, r2] = L.squareOf(move.second, columns);
  const back = L.DIRECTIONS.findIndex(([dc, dr]) => c1 + dc === c2 && r1 + dr === r2);
  assert.equal(L.placementAt(group, move.second, (back + 2) % 4, columns)?.move, symmetric);
});

test("only the seat to move gets clickable moves, and the prompt says what to do", () => {
  for (const { name, view } of fixtures) {
    if (view.seat === null || view.seat !== view.to_move) assert.deepEqual(view.legal_moves, [], name);
    const ask = L.prompt(view);
    for (const lang of ["en", "it", "de"]) assert.ok(catalog[lang][ask.key], `${name}: ${lang} ${ask.key}`);
    if (view.result) assert.equal(ask.key, "kingdomino.prompt.over");
  }
});

test("the window of a kingdom holds every square of it and at most the frame", () => {
  for (const { name, view } of fixtures) {
    const size = view.position.kingdom_size;
    for (const player of view.position.players) {
      const [c0, c1, r0, r1] = L.kingdomWindow(player.squares, size, view.position.castle, columns);
      assert.ok(c1 - c0 + 1 <= 2 * size - 1 && r1 - r0 + 1 <= 2 * size - 1, name);
      for (const square of Object.keys(player.squares)) {
        const [c, r] = L.squareOf(square, columns);
        assert.ok(c0 <= c && c <= c1 && r0 <= r && r <= r1, `${name}: ${square}`);
      }
    }
  }
});

test("the last turn and the line in play come from the log", () => {
  for (const { name, view } of fixtures) {
    const turn = L.lastTurn(view);
    const seatMoves = view.log.filter((e) => e.by !== "chance");
    if (!seatMoves.length) {
      assert.deepEqual(turn, [], name);
      continue;
    }
    assert.ok(turn.length >= 1 && turn.length <= 2, name);
    assert.equal(turn.at(-1).by, seatMoves.at(-1).by, name);
    const size = view.players === 3 ? 3 : 4;
    const line = L.lineInPlay(view, size);
    for (const slot of view.position.line) assert.ok(line.some((s) => s.domino === slot.domino && s.king === slot.king), name);
    assert.ok(line.length <= size, name);
  }
});

test("the three catalogs have the same keys, and the board never parses HTML", () => {
  const keys = Object.keys(catalog.en).sort();
  assert.deepEqual(Object.keys(catalog.it).sort(), keys);
  assert.deepEqual(Object.keys(catalog.de).sort(), keys);
  for (const key of keys) assert.ok(key.startsWith("kingdomino."), key);
  const source = readFileSync(join(HERE, "../../src/ludoteca/web/boards/kingdomino.js"), "utf8");
  assert.ok(!/innerHTML|outerHTML|insertAdjacentHTML/.test(source));
  // a count's text has a form per plural category: key.one, key.other
  for (const key of source.matchAll(/t\("(kingdomino\.[\w.]+)"/g)) assert.ok(catalog.en[key[1]] || catalog.en[`${key[1]}.other`], key[1]);
});

test("one click: a pick, the one placement on a square, the only placement left", () => {
  const view = (name) => fixtures.find((f) => f.name === name).view;
  const pick = L.groupLegal(view("middle-pick-to-move.json").legal_moves, components);
  assert.equal(L.namedByClick(pick, { kind: "pick", domino: pick.picks[0], move: `pick ${pick.picks[0]}` }), true);
  const place = L.groupLegal(view("middle-place-to-move.json").legal_moves, components);
  const at = (square) => L.selectAt(place, square, 0, columns);
  assert.deepEqual(L.placementsOn(place, "c7"), [at("c7").move]);
  assert.equal(L.namedByClick(place, at("c7"), "c7"), true); // nothing else touches c7
  assert.equal(L.placementsOn(place, "f4").length, 5);
  assert.equal(L.namedByClick(place, at("f4"), "f4"), false); // which way round: OK decides
  const last = L.groupLegal(view("four-late-to-move.json").legal_moves, components);
  assert.equal(last.all.size, 1);
  assert.equal(L.namedByClick(last, L.selectAt(last, "g5", 0, columns), "g5"), true);
});
