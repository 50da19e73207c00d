// The Cronberg board's logic against fixtures written by fixtures/write_cronberg.py.
// Run: node --test tests/web/
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import * as L from "../../src/ludoteca/web/boards/cronberg-logic.js";
import catalog from "../../src/ludoteca/web/boards/cronberg.i18n.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const DIR = join(HERE, "fixtures", "cronberg");
const components = JSON.parse(readFileSync(join(DIR, "components.json"), "utf8"));
const geo = L.geometry(components);
const fixtures = readdirSync(DIR)
  .filter((name) => name.endsWith(".json") && name !== "components.json")
  .map((name) => ({ name, view: JSON.parse(readFileSync(join(DIR, name), "utf8")) }));

test("the geometry is the components': 52 intersections, 80 triangles, the pairs tiles lie on", () => {
  assert.equal(geo.points.size, 52);
  assert.equal(geo.triangles.size, 80);
  assert.equal(geo.edges.size, components.edges.length);
  const wall = L.hull(geo);
  assert.equal(wall.length, 6, "the city is a hexagon");
  for (const triangle of geo.triangles.values()) {
    for (const corner of triangle.corners) assert.ok(geo.points.has(corner), corner);
  }
});

test("there are fixtures of every kind", () => {
  const steps = new Set(fixtures.map((f) => f.view.position.step));
  assert.ok(steps.has("move") && steps.has("laying"));
  assert.ok(fixtures.some((f) => f.view.result));
  assert.ok(fixtures.some((f) => f.view.seat === null));
  assert.ok(fixtures.some((f) => f.view.legal_moves.includes("draw")));
  assert.ok(fixtures.some((f) => (f.view.position.interim || []).some((e) => e.scored.length)));
  assert.ok(fixtures.some((f) => (f.view.position.interim || []).some((e) => e.expelled.length)));
});

test("every legal lay can be chosen by pointing near its shared side, and nothing else can", () => {
  let checked = 0;
  for (const { name, view } of fixtures) {
    const legal = new Set(view.legal_moves);
    const group = L.groupLegal(view.legal_moves, geo);
    for (const text of view.legal_moves.filter((m) => m.startsWith("lay"))) {
      const { triangles } = L.parseMove(text);
      assert.equal(L.layFor(group, geo, triangles[0], triangles[1])?.move, text, `${name}: ${text}`);
      assert.equal(L.layFor(group, geo, triangles[1], triangles[0])?.move, text, `${name}: ${text}`);
      // Just inside each triangle, next to the middle of the shared side.
      const edge = geo.edges.get(L.pairKey(triangles, geo.order));
      const [p, q] = edge.obtuse.map((point) => L.at(geo, point));
      const middle = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
      for (const triangle of triangles) {
        const c = L.centroid(geo, triangle);
        const x = middle[0] + (c[0] - middle[0]) * 0.2;
        const y = middle[1] + (c[1] - middle[1]) * 0.2;
        assert.equal(L.layAt(group, geo, triangle, x, y)?.move, text, `${name}: ${text} from ${triangle}`);
      }
      checked++;
    }
    // Anywhere in any triangle, any keyboard cycling: only legal lays come out.
    for (const triangle of geo.triangles.values()) {
      const c = L.centroid(geo, triangle.name);
      for (const [dx, dy] of [[0, 0], [0.2, 0], [-0.2, 0], [0, 0.2], [0, -0.2]]) {
        const lay = L.layAt(group, geo, triangle.name, c[0] + dx, c[1] + dy);
        if (lay) assert.ok(legal.has(lay.move), `${name}: ${lay.move}`);
        else assert.ok(!group.layable.has(triangle.name), `${name}: ${triangle.name} has lays`);
      }
      let selection = null;
      const seen = new Set();
      for (let i = 0; i < 4; i++) {
        selection = L.nextLayWith(group, geo, triangle.name, selection);
        if (!selection) break;
        assert.ok(legal.has(selection.move));
        seen.add(selection.move);
      }
      if (selection) assert.equal(seen.size, L.laysWith(group, geo, triangle.name).length);
    }
  }
  assert.ok(checked > 40, `only ${checked} lays checked`);
});

test("pawn spots and the draw are exactly the legal ones, and only for the seat to move", () => {
  for (const { name, view } of fixtures) {
    const group = L.groupLegal(view.legal_moves, geo);
    const pawns = view.legal_moves.filter((m) => m.startsWith("pawn"));
    assert.deepEqual([...group.pawns.values()].sort(), pawns.sort(), name);
    for (const [point, text] of group.pawns) {
      assert.equal(text, `pawn ${point}`);
      assert.ok(geo.points.has(point), point);
      const { covered, pawns: standing, blocked } = L.table(view.position);
      assert.ok(!standing.has(point) && !blocked.has(point), `${name}: ${point} is taken or closed`);
      assert.ok(L.isOpen(geo, covered, point), `${name}: ${point} is surrounded`);
    }
    assert.equal(group.draw, view.legal_moves.includes("draw") ? "draw" : null, name);
    if (view.seat === null || view.seat !== view.to_move) assert.deepEqual(view.legal_moves, [], name);
    const ask = L.prompt(view);
    for (const lang of ["en", "it", "de"]) assert.ok(catalog[lang][ask.key], `${name}: ${lang} ${ask.key}`);
  }
});

test("a tile's corners carry its values: sharp corners the far points, wide ones the shared side", () => {
  for (const { view } of fixtures) {
    const sums = {};
    for (const laid of view.position.tiles) {
      const tile = geo.tiles.get(laid.tile);
      for (const corner of L.rhombus(geo, laid.on, tile)) sums[corner.point] = (sums[corner.point] || 0) + corner.value;
    }
    for (const [point, value] of Object.entries(view.position.values)) assert.equal(sums[point] || 0, value, point);
  }
});

test("the last turn says what the tile did, pawn by pawn, from the view", () => {
  const after = fixtures.find((f) => f.name === "closing-after-townhall-spectator.json").view;
  const last = L.lastTurn(after);
  assert.equal(last.kind, "lay");
  assert.equal(last.tile, "townhall");
  assert.deepEqual(last.event.scored, [{ seat: 0, pawn: "27", points: 2 }]);
  assert.deepEqual(last.event.expelled, [{ seat: 1, pawn: "47", guard: "U46" }]);
  for (const { name, view } of fixtures) {
    const turn = L.lastTurn(view);
    const moves = view.log.filter((e) => e.by !== "chance");
    assert.equal(turn === null, moves.length === 0, name);
  }
});

test("the final scoring of the rulebook's closing example: 20, 16, 8 and 4", () => {
  const end = fixtures.find((f) => f.name === "closing-end-spectator.json").view;
  const rows = L.finalRows(end.result).filter((row) => row.points);
  assert.deepEqual(rows.map((row) => [row.pawn, row.points]), [["33", 20], ["35", 16], ["73", 8], ["40", 4]]);
  const arms = L.explainFinal(rows.find((row) => row.pawn === "40"));
  assert.deepEqual([arms.base, arms.factor, arms.points], [4, 1, 4]);
  const parks = L.explainFinal(rows.find((row) => row.pawn === "33"));
  assert.deepEqual([parks.base, parks.factor, parks.points], [5, 4, 20]);
  const [low, high] = L.trackRange(end.result.scores);
  assert.ok(low <= Math.min(...end.result.scores) && high >= Math.max(...end.result.scores));
});

test("the three catalogs have the same keys, and the board never parses HTML", () => {
  const keys = Object.keys(catalog.en).sort();
  assert.deepEqual(Object.keys(catalog.it).sort(), keys);
  assert.deepEqual(Object.keys(catalog.de).sort(), keys);
  const source = readFileSync(join(HERE, "../../src/ludoteca/web/boards/cronberg.js"), "utf8");
  assert.ok(!/innerHTML|outerHTML|insertAdjacentHTML/.test(source));
  // a count's text has a form per plural category: key.one, key.other
  for (const key of source.matchAll(/t\("(cronberg\.[\w.]+)"/g)) assert.ok(catalog.en[key[1]] || catalog.en[`${key[1]}.other`], key[1]);
  // The geometry is not hand-copied into the board: no triangle or intersection names.
  assert.ok(!/["'`][UD]\d\d["'`]/.test(source));
});

test("one click: a pawn's point, the draw, the one lay over a triangle, the only move left", () => {
  const view = (name) => fixtures.find((f) => f.name === name).view;
  const move = L.groupLegal(view("middle-move-to-move.json").legal_moves, geo);
  const [point, text] = [...move.pawns][0];
  assert.equal(L.namedByClick(move, geo, { kind: "pawn", point, move: text }), true);
  const lay = L.groupLegal(view("middle-laying-to-move.json").legal_moves, geo);
  const only = L.laysWith(lay, geo, "U04");
  assert.equal(only.length, 1);
  assert.equal(L.namedByClick(lay, geo, only[0], "U04"), true);
  const [first] = L.laysWith(lay, geo, "U21");
  assert.equal(L.namedByClick(lay, geo, first, "U21"), false); // three sides: OK decides
  const draw = L.groupLegal(view("closing-draw-to-move.json").legal_moves, geo);
  assert.equal(L.namedByClick(draw, geo, { kind: "draw", move: draw.draw }), true);
  assert.equal(L.namedByClick(draw, geo, { kind: "draw", move: "lay U04 D04" }), false);
});
