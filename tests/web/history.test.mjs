// The replay's start: after the deal, with the deal still one step "to the start" away.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openingStep, startFrom } from "../../src/ludoteca/web/history/replay-logic.js";

const deal = (n) => Array.from({ length: n }, () => ({ by: "chance", move: "?" }));

test("a replay opens after the leading chance steps, at the players' first move", () => {
  const log = [...deal(46), { by: 0, move: "draw" }, { by: "chance", move: "?" }, { by: 1, move: "done" }];
  assert.equal(openingStep(log), 46);
  assert.equal(openingStep([{ by: 1, move: "roll" }, ...deal(2)]), 0);
});

test("a log of chance alone opens at its end", () => {
  assert.equal(openingStep(deal(3)), 3);
  assert.equal(openingStep([]), 0);
});

test("to the start goes to the opening, and from the opening or before it to the deal", () => {
  assert.equal(startFrom(120, 46), 46);
  assert.equal(startFrom(47, 46), 46);
  assert.equal(startFrom(46, 46), 0);
  assert.equal(startFrom(10, 46), 0);
  assert.equal(startFrom(5, 0), 0);
});
