// The Keltis board logic against the fixtures: every legal move can be composed by
// pointing, pointing composes nothing else, and hidden hands stay hidden.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import * as logic from "../../src/ludoteca/web/boards/keltis-logic.js";

const dir = new URL("./fixtures/keltis/", import.meta.url);
const load = (name) => JSON.parse(readFileSync(new URL(name, dir), "utf8"));
const fixtures = readdirSync(dir).filter((f) => f.endsWith(".json") && f !== "components.json");

/** Every target a click can name: the rows, the point row, the piles, the stones. */
function allTargets() {
  return [
    ...logic.COLOURS.map((colour) => ({ type: "row", colour })),
    { type: "points" },
    ...logic.PILES.map((pile) => ({ type: "pile", pile })),
    ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((number) => ({ type: "stone", number })),
  ];
}

/** Every move text a player can reach by clicking cards, places, the deck and buttons. */
function composable(view) {
  const found = new Set();
  const add = (text) => { if (text !== null) found.add(text); };
  if (view.legal_moves.includes("done")) found.add("done"); // the Done button
  for (const source of ["deck", ...logic.PILES]) add(logic.pendingMove(view, logic.clickDraw(view, logic.emptySelection(), source)));
  const hand = view.seat === null ? [] : view.position.players[view.seat].hand || [];
  const starts = [];
  for (let i = 0; i < hand.length; i++) {
    const one = logic.clickCard(view, logic.emptySelection(), i);
    starts.push(one);
    for (let j = 0; j < hand.length; j++) if (j !== i) starts.push(logic.clickCard(view, one, j));
  }
  for (const sel of starts) {
    add(logic.pendingMove(view, sel));
    for (const target of allTargets()) add(logic.pendingMove(view, logic.clickTarget(view, sel, target)));
  }
  return found;
}

for (const name of fixtures) {
  test(`${name}: pointing composes exactly the legal moves`, () => {
    const view = load(name);
    assert.deepEqual([...composable(view)].sort(), [...view.legal_moves].sort());
    if (!logic.myTurn(view)) assert.equal(view.legal_moves.length, 0);
  });

  test(`${name}: only the viewer's own hand is shown`, () => {
    const view = load(name);
    view.position.players.forEach((p, seat) => {
      if (seat !== view.seat) assert.equal(p.hand, undefined);
    });
    if (view.seat === null) assert.deepEqual(logic.sortedHand(view), []);
  });
}

test("the hand is sorted by colour and number, point cards last", () => {
  const view = load("middle-mover.json");
  assert.deepEqual(logic.sortedHand(view).map((c) => c.id), ["r1", "r3", "r7", "y6", "b-end", "v6", "v-end", "p4"]);
});

test("a card, then its place, then OK", () => {
  const view = load("middle-mover.json");
  const hand = view.position.players[view.seat].hand;
  const p4 = hand.indexOf("p4");
  let sel = logic.clickCard(view, logic.emptySelection(), p4);
  assert.equal(logic.pendingMove(view, sel), null); // point row, yellow row or discard
  const places = logic.optionsFor(view, sel).map((o) => o.target);
  assert.deepEqual(places, [{ type: "pile", pile: "p" }, { type: "points" }, { type: "row", colour: "y" }]);
  assert.ok(!logic.isTarget(view, sel, { type: "row", colour: "g" }));
  sel = logic.clickTarget(view, sel, { type: "row", colour: "y" });
  assert.equal(logic.pendingMove(view, sel), "play p4 y");
  sel = logic.clickTarget(view, sel, { type: "row", colour: "g" }); // not a place for p4
  assert.equal(logic.pendingMove(view, sel), "play p4 y");
});

test("two cards of one number make a wish", () => {
  const view = load("middle-mover.json");
  const hand = view.position.players[view.seat].hand;
  let sel = logic.clickCard(view, logic.emptySelection(), hand.indexOf("v6"));
  sel = logic.clickCard(view, sel, hand.indexOf("y6"));
  assert.equal(sel.cards.length, 2);
  assert.equal(logic.pendingMove(view, sel), "wish y6 v6"); // the only thing two 6s can do
  assert.equal(logic.prompt(view, sel).key, "keltis.prompt.wish");
  // a card of another number starts a new selection
  sel = logic.clickCard(view, sel, hand.indexOf("r3"));
  assert.deepEqual(sel.cards, [hand.indexOf("r3")]);
});

test("drawing: the deck or an open pile, never the piles just discarded onto", () => {
  const view = load("draw-mover.json");
  assert.deepEqual(logic.drawSources(view).sort(), ["b", "deck", "g"]);
  const sel = logic.clickDraw(view, logic.emptySelection(), "y");
  assert.equal(logic.pendingMove(view, sel), null);
  assert.equal(logic.pendingMove(view, logic.clickDraw(view, logic.emptySelection(), "g")), "draw g");
  assert.equal(logic.prompt(view, logic.emptySelection()).key, "keltis.prompt.drawTwo");
});

test("a selection survives a new view of the same turn, not a changed hand", () => {
  const view = load("middle-mover.json");
  const sel = logic.clickCard(view, logic.emptySelection(), 0);
  assert.deepEqual(logic.carrySelection(view, structuredClone(view), sel), sel);
  assert.deepEqual(logic.carrySelection(view, load("draw-mover.json"), sel), logic.emptySelection());
  assert.deepEqual(logic.carrySelection(view, load("middle-waiting.json"), sel), logic.emptySelection());
});

test("rows tell what may follow", () => {
  const view = load("extra-mover.json");
  const rows = view.position.players[1].rows;
  assert.deepEqual(logic.rowState(rows.r), { last: 0, ends: 0, next: "down" });
  assert.deepEqual(logic.rowState(rows.y), { last: 9, ends: 0, next: "up" });
  assert.deepEqual(logic.rowState(rows.b), { last: null, ends: 0, next: "any" });
  const closed = { cards: ["r3", "r-end", "r-end"], direction: "closed" };
  assert.equal(logic.rowState(closed).next, "closed");
});

test("log lines: secret moves read as hidden, the rest by their cards", () => {
  assert.equal(logic.describe({ by: "chance", move: "seat 2 draws a card from the deck" }).key, "keltis.log.drawnHidden");
  assert.deepEqual(logic.describe({ by: 1, move: "play p3 r" }), { key: "keltis.log.playOnto", params: { seat: 1, card: "p3", colour: "r" } });
  for (const name of fixtures) {
    const view = load(name);
    for (const entry of view.log) assert.notEqual(logic.describe(entry).key, "keltis.log.other", entry.move);
    assert.match(logic.prompt(view, logic.emptySelection()).key, /^keltis\.prompt\./);
  }
  const turn = logic.lastTurn(load("middle-waiting.json"));
  assert.deepEqual(turn.map((e) => e.move), ["play v3", "draw v"]);
  const mine = logic.lastTurn(load("end-seat0.json"));
  assert.deepEqual(mine.map((e) => e.move), ["play p7 v", "done"]);
});

test("one click: a card that can only be played plays; one that could go elsewhere or pair waits", () => {
  const extra = load("extra-mover.json"); // the extra turn: play only, no discard
  const hand = extra.position.players[extra.seat].hand;
  const card = (view, id) => logic.clickCard(view, logic.emptySelection(), view.position.players[view.seat].hand.indexOf(id));
  assert.equal(logic.namedByClick(extra, card(extra, "b4")), "play b4");
  assert.equal(logic.namedByClick(extra, card(extra, "y-end")), "play y-end");
  assert.ok(hand.includes("r5") && logic.namedByClick(extra, card(extra, "r5")) === null); // no play for it
  const middle = load("middle-mover.json");
  assert.equal(logic.namedByClick(middle, card(middle, "r3")), null); // its row or its pile
  assert.equal(logic.namedByClick(middle, card(middle, "y6")), null); // or a wish with v6
});

test("one click: the place for a chosen card, and a draw, name the whole move", () => {
  const middle = load("middle-mover.json");
  const hand = middle.position.players[middle.seat].hand;
  const chosen = logic.clickCard(middle, logic.emptySelection(), hand.indexOf("p4"));
  assert.equal(logic.namedByClick(middle, logic.clickTarget(middle, chosen, { type: "row", colour: "y" })), "play p4 y");
  assert.equal(logic.namedByClick(middle, logic.clickTarget(middle, chosen, { type: "pile", pile: "p" })), "discard p4");
  const draw = load("draw-mover.json");
  assert.equal(logic.namedByClick(draw, logic.clickDraw(draw, logic.emptySelection(), "g")), "draw g");
  assert.equal(logic.namedByClick(load("middle-waiting.json"), logic.emptySelection()), null);
});
