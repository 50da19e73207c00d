// The board contract (src/ludoteca/web/core/board-contract.js), checked on every board:
// what a board module exports, the result's breakdown over each finished fixture, whose
// turn it is in every fixture, and the one move sender every board sends through.
// Run: node --test tests/web/boards.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";

import { BOARD_EXPORTS, isMyTurn, whoseTurn } from "../../src/ludoteca/web/core/board-contract.js";
import { createMoveSender } from "../../src/ludoteca/web/core/move-sender.js";
import { setLanguage } from "../../src/ludoteca/web/core/i18n.js";

const BOARDS = new URL("../../src/ludoteca/web/boards/", import.meta.url);
const FIXTURES = new URL("./fixtures/", import.meta.url);
/** Every board there is: boards/<game>.js beside its logic and catalog. */
const GAMES = readdirSync(BOARDS).filter((name) => /^[a-z]+\.js$/.test(name)).map((name) => name.slice(0, -3)).sort();
const LANGUAGES = ["en", "it", "de"];

function views(game) {
  const dir = new URL(`${game}/`, FIXTURES);
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json") && !["components.json", "fuzz-views.json"].includes(name))
    .map((name) => [name, JSON.parse(readFileSync(new URL(name, dir), "utf8"))]);
}

test("the four boards are found, each with its fixtures", () => {
  assert.deepEqual(GAMES, ["cronberg", "keltis", "kingdomino", "krone"]);
  for (const game of GAMES) assert.ok(views(game).length >= 5, game);
});

for (const game of GAMES) {
  test(`${game}: the module exports what the contract names`, async () => {
    const module = await import(new URL(`${game}.js`, BOARDS));
    for (const [name, type] of Object.entries(BOARD_EXPORTS)) assert.equal(typeof module[name], type, `${game}.${name}`);
    assert.ok(module.cssUrl.endsWith(`/boards/${game}.css`), module.cssUrl);
  });

  test(`${game}: the breakdown of every finished fixture, in every language`, async () => {
    const { breakdown } = await import(new URL(`${game}.js`, BOARDS));
    const finished = views(game).filter(([, view]) => view.result);
    assert.ok(finished.length >= 1, `${game} has a finished fixture`);
    try {
      for (const language of LANGUAGES) {
        setLanguage(language);
        for (const [name, view] of finished) {
          const seats = view.result.ranking.flat();
          assert.deepEqual([...seats].sort(), [...Array(view.players).keys()], name);
          for (const seat of seats) {
            const parts = breakdown(view.result, seat);
            assert.ok(Array.isArray(parts) && parts.length > 0, `${name} seat ${seat}: a breakdown`);
            for (const part of parts) {
              assert.equal(part.length, 2, `${name}: [label, value]`);
              const [label, value] = part;
              // A label is a text in the language, never a catalog key left untranslated.
              assert.ok(typeof label === "string" && label.trim() && !/^[\w-]+\.[\w.-]+$/.test(label), `${language} ${name}: ${label}`);
              assert.ok(typeof value === "number" ? Number.isFinite(value) : typeof value === "string" && value.trim(), `${name}: ${label} ${value}`);
            }
          }
        }
      }
      // A result without the game's details (a match resigned early) has nothing to break down.
      assert.deepEqual(breakdown({ ranking: [[0], [1]], details: {} }, 0), []);
    } finally {
      setLanguage("en");
    }
  });

  if (game === "krone") {
    test("krone: a seat that passed in the final round reads so in the breakdown", async () => {
      const { breakdown } = await import(new URL("krone.js", BOARDS));
      const result = { ranking: [[0], [1]], scores: null, details: { king: 0, queen: null, bid: [7, 4], final_round: [[7, 4], "pass"] } };
      assert.deepEqual(breakdown(result, 0), [["King", "♔"], ["final round", "7 × 4"]]);
      assert.deepEqual(breakdown(result, 1), [["final round", "passed"]]);
    });
  }

  test(`${game}: whose turn it is, in every fixture`, () => {
    for (const [name, view] of views(game)) {
      const expected = view.result || typeof view.to_move !== "number" ? null : view.to_move;
      assert.equal(whoseTurn(view), expected, name);
      // The viewer moves exactly when the view offers them moves.
      assert.equal(isMyTurn(view), view.legal_moves.length > 0, name);
      assert.equal(isMyTurn({ ...view, seat: null }), false, `${name} as a spectator`);
    }
  });

  test(`${game}: the board sends through the one move sender and keeps focus with the one keeper`, () => {
    const source = readFileSync(new URL(`${game}.js`, BOARDS), "utf8");
    assert.match(source, /import \{ createMoveSender \} from "\.\.\/core\/move-sender\.js";/);
    assert.match(source, /createMoveSender\(ctx\b/);
    assert.match(source, /\bsender\.send\(/);
    assert.match(source, /\bsender\.viewed\(\)/, "a view that arrives lets the move in flight go");
    assert.doesNotMatch(source, /ctx\.play\(/, "no move sent past the sender");
    assert.match(source, /\bkeepFocus\(root, /);
    assert.doesNotMatch(source, /activeElement/, "no focus kept past the keeper");
    assert.doesNotMatch(source, /data-focus/);
    // The logic module stays pure: no DOM, no catalog.
    const logic = readFileSync(new URL(`${game}-logic.js`, BOARDS), "utf8");
    assert.doesNotMatch(logic, /\bdocument\b|\bwindow\b|core\/(dom|i18n|board-kit|move-sender)\.js/);
  });
}

// -- the move sender: a move held until the view that answers it ----------------------------

function fakeTable({ fail = false } = {}) {
  const played = [];
  const errors = [];
  const ctx = {
    play: async (move) => {
      played.push(move);
      if (fail) throw new Error("the socket is closed");
    },
    onError: (text) => errors.push(text),
  };
  return { ctx, played, errors };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const view = (legal, extra = {}) => ({ game: "krone", players: 2, seat: 0, to_move: 0, position: {}, log: [], legal_moves: legal, result: null, ...extra });

test("a move sent holds the board until a view arrives: never two moves for one view", async () => {
  const { ctx, played } = fakeTable();
  let changes = 0;
  const sender = createMoveSender(ctx, () => { changes += 1; });
  const first = view(["roll", "pass"]);
  assert.equal(sender.busy, false);
  assert.equal(sender.send(first, "roll"), true);
  assert.equal(sender.busy, true);
  assert.equal(sender.sent, "roll");
  // The same click twice, another move of the same view: neither is sent.
  assert.equal(sender.send(first, "roll"), false);
  assert.equal(sender.send(first, "pass"), false);
  await settle();
  assert.deepEqual(played, ["roll"]);
  assert.equal(sender.busy, true, "still held once the move is on its way");
  sender.viewed();
  assert.equal(sender.busy, false);
  assert.equal(sender.sent, null);
  assert.equal(sender.send(view(["keep 6"]), "keep 6"), true);
  await settle();
  assert.deepEqual(played, ["roll", "keep 6"]);
  assert.equal(changes, 0, "a send that goes through asks for no redraw of its own");
});

test("only a legal move of the view is sent", async () => {
  const { ctx, played } = fakeTable();
  const sender = createMoveSender(ctx);
  assert.equal(sender.send(view(["roll"]), "pass"), false);
  assert.equal(sender.send(view(["roll"]), ""), false);
  assert.equal(sender.send(view([]), "roll"), false);
  assert.equal(sender.send(null, "roll"), false);
  await settle();
  assert.deepEqual(played, []);
  assert.equal(sender.busy, false);
});

test("a move that cannot be sent lets the board go and says why", async () => {
  const { ctx, played, errors } = fakeTable({ fail: true });
  let changes = 0;
  const sender = createMoveSender(ctx, () => { changes += 1; });
  assert.equal(sender.send(view(["roll"]), "roll"), true);
  await settle();
  assert.deepEqual(played, ["roll"]);
  assert.equal(sender.busy, false);
  assert.equal(sender.error, "the socket is closed");
  assert.deepEqual(errors, ["the socket is closed"]);
  assert.equal(changes, 1, "redrawn once, to offer the move again");
  // The next move sent clears the error.
  ctx.play = async () => {};
  assert.equal(sender.send(view(["roll"]), "roll"), true);
  assert.equal(sender.error, null);
});

test("a late failure of a move already answered changes nothing", async () => {
  const rejecters = [];
  const ctx = { play: () => new Promise((_, reject) => { rejecters.push(reject); }) };
  let changes = 0;
  const sender = createMoveSender(ctx, () => { changes += 1; });
  assert.equal(sender.send(view(["roll"]), "roll"), true);
  await settle();
  sender.viewed(); // the answer came
  assert.equal(sender.send(view(["pass"]), "pass"), true);
  await settle();
  rejecters[0](new Error("late"));
  await settle();
  assert.equal(sender.busy, true, "the move in flight is still held");
  assert.equal(sender.sent, "pass");
  assert.equal(sender.error, null);
  assert.equal(changes, 0);
});
