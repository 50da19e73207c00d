// The Um Krone und Kragen board logic against the fixtures: every legal move can be
// composed by pointing, and pointing composes nothing else.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import * as logic from "../../src/ludoteca/web/boards/krone-logic.js";

const dir = new URL("./fixtures/krone/", import.meta.url);
const load = (name) => JSON.parse(readFileSync(new URL(name, dir), "utf8"));
const components = load("components.json");
const fixtures = readdirSync(dir).filter((f) => f.endsWith(".json") && !["components.json", "fuzz-views.json"].includes(f));

/** Every move text a player can reach by clicking dice, cards, arrows and buttons. */
function composable(view) {
  const found = new Set();
  const add = (text) => { if (text !== null) found.add(text); };
  const a = logic.analyse(view);
  const n = view.position.turn.active.length;
  // Buttons: roll, end, pass.
  if (a.roll) found.add("roll");
  if (a.end) found.add("end");
  if (a.pass) found.add("pass");
  // Cards of the display (and the Charlatan, the back of a Jester).
  const display = [...Object.keys(view.position.display), "charlatan"];
  for (const card of display) add(logic.pendingMove(view, logic.selectBuy(view, logic.emptySelection(), card), components));
  // Dice picked in every combination, with no card (keep) and with each re-roll card.
  const clickAll = (start) => {
    for (let mask = 0; mask < 1 << n; mask++) {
      let sel = start;
      for (let i = 0; i < n; i++) if (mask & (1 << i)) sel = logic.togglePick(view, sel, i, components);
      add(logic.pendingMove(view, sel, components));
    }
  };
  clickAll(logic.emptySelection());
  for (const card of logic.usableCards(view)) {
    const start = logic.selectCard(view, logic.emptySelection(), card, components);
    add(logic.pendingMove(view, start, components));
    clickAll(start);
    // Arrows, breadth first over the faces they reach.
    const seen = new Set();
    const queue = [start];
    while (queue.length) {
      const sel = queue.shift();
      // Dice are interchangeable: states equal up to swapping dice are explored once.
      const active = view.position.turn.active;
      const pairs = sel.targets ? active.map((v, i) => `${v}>${sel.targets[i]}`).sort() : [];
      const key = JSON.stringify([pairs, sel.value]);
      if (seen.has(key)) continue;
      seen.add(key);
      add(logic.pendingMove(view, sel, components));
      for (const dir of [1, -1]) {
        const v = logic.stepValue(view, sel, dir, components);
        if (v) queue.push(v);
        for (let i = 0; i < n; i++) {
          const next = logic.stepTarget(view, sel, i, dir, components);
          if (next) queue.push(next);
        }
      }
    }
  }
  return found;
}

for (const name of fixtures) {
  test(`${name}: pointing composes exactly the legal moves`, () => {
    const view = load(name);
    const legal = new Set(view.legal_moves);
    assert.deepEqual([...composable(view)].sort(), [...legal].sort());
    if (!logic.myTurn(view)) assert.equal(legal.size, 0);
  });
}

test("random staged turns: pointing composes exactly the legal moves", () => {
  const views = load("fuzz-views.json");
  assert.ok(views.length >= 20);
  for (const view of views) {
    assert.deepEqual([...composable(view)].sort(), [...view.legal_moves].sort(), JSON.stringify(view.position.turn));
  }
});

test("the staged turn offers every kind of card use", () => {
  const view = load("cards-mover.json");
  const uses = logic.usableCards(view);
  for (const card of ["jester", "maid", "philosopher", "astronomer", "merchant", "lady", "sorcerer", "alchemist", "nobleman", "queen"]) {
    assert.ok(uses.includes(card), card);
  }
  assert.ok(!uses.includes("guard"), "the Guard was used this turn");
});

test("the Maid: arrows raise one die by 1 to 3, OK only once it changed", () => {
  const view = load("cards-mover.json"); // active 6 5 3 2 1
  let sel = logic.selectCard(view, logic.emptySelection(), "maid", components);
  assert.equal(logic.pendingMove(view, sel, components), null);
  assert.equal(logic.stepTarget(view, sel, 0, 1, components), null); // a 6 cannot go up
  sel = logic.stepTarget(view, sel, 2, 1, components); // 3 -> 4
  assert.equal(logic.pendingMove(view, sel, components), "use maid 3>4");
  sel = logic.stepTarget(view, sel, 2, 1, components);
  sel = logic.stepTarget(view, sel, 2, 1, components);
  assert.equal(logic.pendingMove(view, sel, components), "use maid 3>6");
  // another die cannot change as well
  assert.equal(logic.stepTarget(view, sel, 3, 1, components), null);
});

test("the Astronomer's arrows jump to faces set aside", () => {
  const view = load("cards-mover.json"); // aside 4 4
  let sel = logic.selectCard(view, logic.emptySelection(), "astronomer", components);
  sel = logic.stepTarget(view, sel, 0, -1, components); // 6 -> 4
  assert.equal(sel.targets[0], 4);
  assert.equal(logic.pendingMove(view, sel, components), "use astronomer 6>4");
});

test("the Philosopher needs two dice with the same total", () => {
  const view = load("cards-mover.json");
  let sel = logic.selectCard(view, logic.emptySelection(), "philosopher", components);
  sel = logic.stepTarget(view, sel, 0, -1, components); // 6 -> 5
  assert.equal(logic.pendingMove(view, sel, components), null);
  sel = logic.stepTarget(view, sel, 4, 1, components); // 1 -> 2
  assert.equal(logic.pendingMove(view, sel, components), "use philosopher 6>5 1>2");
});

test("the Jester re-rolls one die: a second click moves the choice", () => {
  const view = load("cards-mover.json");
  let sel = logic.selectCard(view, logic.emptySelection(), "jester", components);
  sel = logic.togglePick(view, sel, 0, components);
  sel = logic.togglePick(view, sel, 1, components);
  assert.deepEqual(sel.picked, [1]);
  assert.equal(logic.pendingMove(view, sel, components), "use jester 5");
});

test("the Queen's die starts on the face most useful and steps through legal faces", () => {
  const view = load("cards-mover.json"); // aside 4 4: the Queen offers a 4 first
  let sel = logic.selectCard(view, logic.emptySelection(), "queen", components);
  assert.equal(logic.pendingMove(view, sel, components), "use queen 4");
  sel = logic.stepValue(view, sel, 1, components);
  assert.equal(logic.pendingMove(view, sel, components), "use queen 5");
  assert.deepEqual(logic.broughtIn(view, sel, components), { value: 5, chooses: true });
});

test("a selection survives a new view of the same turn, not a changed one", () => {
  const view = load("cards-mover.json");
  let sel = logic.togglePick(view, logic.emptySelection(), 0, components);
  assert.deepEqual(logic.carrySelection(view, structuredClone(view), sel, components), sel);
  const later = structuredClone(view);
  later.position.turn.active = [5, 3, 2, 1];
  assert.deepEqual(logic.carrySelection(view, later, sel, components), logic.emptySelection());
  const other = load("cards-mover.json");
  other.seat = 1;
  assert.deepEqual(logic.carrySelection(view, other, sel, components), logic.emptySelection());
});

test("without components the kinds are guessed from the legal uses", () => {
  const view = load("cards-mover.json");
  assert.equal(logic.kindOf({}, "maid", logic.analyse(view).uses.get("maid")), "change");
  assert.equal(logic.kindOf(undefined, "queen", logic.analyse(view).uses.get("queen")), "reroll_any");
  assert.ok(logic.choosesFace({}, "queen", logic.analyse(view).uses.get("queen")));
});

test("prompts and log lines name an i18n key", () => {
  for (const name of fixtures) {
    const view = load(name);
    const p = logic.prompt(view, logic.emptySelection(), components);
    assert.match(p.key, /^krone\.prompt\./);
    for (const entry of view.log) assert.match(logic.describe(entry).key, /^krone\.log\.[a-z]+$/);
  }
  assert.equal(logic.prompt(load("buy-mover.json"), logic.emptySelection(), components).key, "krone.prompt.buy");
  assert.equal(logic.prompt(load("final-mover.json"), logic.emptySelection(), components).key, "krone.prompt.startFinal");
  assert.equal(logic.prompt(load("end-seat0.json"), logic.emptySelection(), components).key, "krone.prompt.over");
});

test("best group and final standing", () => {
  assert.deepEqual(logic.bestGroup([6, 6, 3, 3, 3, 2]), [3, 3]);
  assert.deepEqual(logic.bestGroup([5, 5, 4, 4]), [2, 5]);
  const standing = logic.finalStanding(load("end-spectator.json"));
  assert.deepEqual(standing.map((s) => s.king), [false, false, true]);
  assert.deepEqual(standing.map((s) => s.queen), [true, false, false]);
});

test("one click: a held card with one use plays it, a card with a choice is only chosen", () => {
  const view = load("middle-mover.json");
  const click = (card) => logic.namedByClick(view, logic.selectCard(view, logic.emptySelection(), card, components), components);
  assert.equal(click("craftsman"), "use craftsman");
  assert.equal(click("guard"), "use guard");
  assert.equal(click("jester"), null); // which die to roll again: three uses
  const jester = logic.selectCard(view, logic.emptySelection(), "jester", components);
  const die = view.position.turn.active.indexOf(4);
  assert.equal(logic.namedByClick(view, logic.togglePick(view, jester, die, components), components), "use jester 4");
  const picked = logic.togglePick(view, logic.emptySelection(), 0, components);
  assert.equal(logic.namedByClick(view, picked, components), null); // a keep of several
});

test("one click: a card of the court is taken, and a forced move is the click that names it", () => {
  const buy = load("buy-mover.json");
  assert.equal(logic.namedByClick(buy, logic.selectBuy(buy, logic.emptySelection(), "lady"), components), "buy lady");
  const start = load("start-mover.json");
  assert.deepEqual(start.legal_moves, ["roll"]);
  assert.equal(logic.namedByClick(start, logic.emptySelection(), components), null); // no click yet
  assert.equal(logic.namedByClick(load("middle-waiting.json"), logic.emptySelection(), components), null);
});
