// Um Krone und Kragen: what the board can offer, without the DOM (node tests it).
//
// Everything a player can do comes from view.legal_moves. The player composes a move by
// pointing: dice to set aside, a card to use, dice to re-roll, arrows that change faces,
// a card to take. A selection is a small plain object; pendingMove() turns it into the
// move text that OK would play, and only ever returns a text from view.legal_moves.

import { isMyTurn } from "../core/board-contract.js";

/** A selection: nothing chosen yet. */
export function emptySelection() {
  return { card: null, picked: [], targets: null, value: null, buy: null };
}

/** Whether the viewer is the seat to move (the board contract's, core/board-contract.js). */
export const myTurn = isMyTurn;

/** "use maid 4>6" -> {verb: "use", card: "maid", args: ["4>6"]}. */
export function parseMove(text) {
  const words = text.trim().split(/\s+/);
  const verb = words[0];
  if (verb === "use" || verb === "buy") return { verb, card: words[1], args: words.slice(2) };
  return { verb, card: null, args: words.slice(1) };
}

const analysed = new WeakMap();

/** The legal moves by what they are: keeps, roll, end, pass, buys and each card's uses. */
export function analyse(view) {
  if (analysed.has(view)) return analysed.get(view);
  const out = { legal: new Set(view.legal_moves || []), options: new Map(), keeps: [], roll: false, end: false, pass: false, buys: [], uses: new Map() };
  for (const text of view.legal_moves || []) {
    const move = parseMove(text);
    if (move.verb === "keep") out.keeps.push(text);
    else if (move.verb === "roll") out.roll = true;
    else if (move.verb === "end") out.end = true;
    else if (move.verb === "pass") out.pass = true;
    else if (move.verb === "buy") out.buys.push(move.card);
    else if (move.verb === "use") {
      if (!out.uses.has(move.card)) out.uses.set(move.card, []);
      out.uses.get(move.card).push(text);
    }
  }
  analysed.set(view, out);
  return out;
}

/** A card of the components by id (undefined if the components are missing). */
export function cardInfo(components, id) {
  return (components?.cards || []).find((card) => card.id === id);
}

/**
 * How a card is used: "reroll_one", "reroll_any", "bring_in", "change", ... From the
 * components; without them, guessed from the shape of its legal uses.
 */
export function kindOf(components, id, uses = []) {
  const info = cardInfo(components, id);
  if (info) return info.kind;
  if (uses.some((text) => text.includes(">"))) return "change";
  if (uses.some((text) => parseMove(text).args.length === 0)) return "bring_in";
  return "reroll_any";
}

/** The Queen: a bring-in card whose face the player chooses. */
export function choosesFace(components, id, uses = []) {
  const info = cardInfo(components, id);
  if (info) return info.kind === "bring_in" && info.amount === null;
  return uses.some((text) => parseMove(text).args.length === 1 && !text.includes(">"));
}

const desc = (a, b) => b - a;
const diceText = (values) => [...values].sort(desc).join(" ");

function counts(values) {
  const found = new Map();
  for (const v of values) found.set(v, (found.get(v) || 0) + 1);
  return found;
}

/** Whether the multiset `part` is contained in the multiset `whole`. */
export function within(part, whole) {
  const have = counts(whole);
  for (const [v, n] of counts(part)) if ((have.get(v) || 0) < n) return false;
  return true;
}

/** `whole` without one copy of each value of `part`. */
function minus(whole, part) {
  const rest = [...whole];
  for (const v of part) {
    const at = rest.indexOf(v);
    if (at >= 0) rest.splice(at, 1);
  }
  return rest;
}

const sum = (values) => values.reduce((x, y) => x + y, 0);

/**
 * A card's legal uses as {before, after} dice. `total` marks cards whose every use keeps
 * the pip total (Philosopher, Alchemist): their notation leaves out dice that keep their
 * value, so only the dice that result count, not which die became which.
 */
function changeOptions(active, uses) {
  const options = uses.map((text) => {
    const pairs = parseMove(text).args.map((arg) => arg.split(">").map(Number));
    const before = pairs.map((p) => p[0]), after = pairs.map((p) => p[1]);
    return { before, after, result: [...minus(active, before), ...after] };
  });
  const total = options.length > 0 && options.every((o) => sum(o.before) === sum(o.after));
  return { options, total };
}

function changes(active, targets) {
  const before = [], after = [], unchanged = [];
  active.forEach((value, i) => {
    if (targets[i] === value) unchanged.push(value);
    else {
      before.push(value);
      after.push(targets[i]);
    }
  });
  return { before, after, unchanged };
}

/** Whether the dice changed so far can still end in one of the card's legal uses. */
function completable(active, targets, { options, total }) {
  const { before, after, unchanged } = changes(active, targets);
  return options.some(
    (o) =>
      (total && within(after, o.result)) ||
      (within(before, o.before) && within(after, o.after) && within(minus(o.before, before), unchanged)),
  );
}

/** The text of a change: dice paired highest first (the notation's canonical order). */
function changeTexts(card, active, targets) {
  const { before, after } = changes(active, targets);
  const b = [...before].sort(desc), a = [...after].sort(desc);
  const full = `use ${card} ${b.map((v, i) => `${v}>${a[i]}`).join(" ")}`;
  // Cards that keep the total leave out dice that show the same value before and after.
  const rb = minus(b, a), ra = minus(a, b);
  const reduced = `use ${card} ${rb.map((v, i) => `${v}>${ra[i]}`).join(" ")}`;
  return [full, reduced];
}

/** The move OK would play now, or null. Always one of view.legal_moves. */
export function pendingMove(view, sel, components) {
  if (!myTurn(view)) return null;
  const legal = analyse(view).legal;
  const active = view.position.turn.active;
  let texts = [];
  if (sel.buy) texts = [`buy ${sel.buy}`];
  else if (sel.card) {
    const uses = analyse(view).uses.get(sel.card) || [];
    const kind = kindOf(components, sel.card, uses);
    if (kind === "change" && sel.targets) texts = changeTexts(sel.card, active, sel.targets);
    else if (kind === "bring_in") {
      texts = choosesFace(components, sel.card, uses) ? [`use ${sel.card} ${sel.value}`] : [`use ${sel.card}`];
    } else if (sel.picked.length) texts = [`use ${sel.card} ${diceText(sel.picked.map((i) => active[i]))}`];
  } else if (sel.picked.length) texts = [`keep ${diceText(sel.picked.map((i) => active[i]))}`];
  return texts.find((text) => legal.has(text)) ?? null;
}

/**
 * The move the click that made `sel` named whole, to play at once (docs/web.md), or null:
 * a card of the court taken, a held card with one legal use, the die for a card that
 * re-rolls one, or the one legal move there is. A card with more to choose (which dice,
 * which faces) waits for them and OK.
 */
export function namedByClick(view, sel, components) {
  if (!myTurn(view)) return null;
  const a = analyse(view);
  if (sel.buy) return a.legal.has(`buy ${sel.buy}`) ? `buy ${sel.buy}` : null;
  const pending = pendingMove(view, sel, components);
  if (pending !== null && a.legal.size === 1) return pending;
  const kind = sel.card ? kindOf(components, sel.card, a.uses.get(sel.card) || []) : null;
  if (pending !== null && kind === "reroll_one" && sel.picked.length === 1) return pending;
  const uses = sel.card && !sel.picked.length ? a.uses.get(sel.card) || [] : [];
  return uses.length === 1 ? uses[0] : null;
}

/** What a click on a die does now: "keep", "reroll" or null (not clickable). */
export function diceMode(view, sel, components) {
  if (!myTurn(view) || sel.buy) return null;
  const a = analyse(view);
  if (!sel.card) return a.keeps.length ? "keep" : null;
  const kind = kindOf(components, sel.card, a.uses.get(sel.card) || []);
  return kind === "reroll_one" || kind === "reroll_any" ? "reroll" : null;
}

/** Whether active die `i` can be clicked (picked or unpicked). */
export function canPick(view, sel, i, components) {
  const mode = diceMode(view, sel, components);
  if (mode === "keep") return true;
  if (mode !== "reroll") return false;
  const value = view.position.turn.active[i];
  return (analyse(view).uses.get(sel.card) || []).some((text) => parseMove(text).args.includes(String(value)));
}

/** The selection after clicking die `i`. */
export function togglePick(view, sel, i, components) {
  if (!canPick(view, sel, i, components)) return sel;
  const picked = sel.picked.includes(i) ? sel.picked.filter((j) => j !== i) : [...sel.picked, i];
  const uses = sel.card ? analyse(view).uses.get(sel.card) || [] : [];
  const one = sel.card && kindOf(components, sel.card, uses) === "reroll_one";
  return { ...sel, picked: one && !sel.picked.includes(i) ? [i] : picked.sort((x, y) => x - y) };
}

/** Cards the player can use now (each has at least one legal use). */
export function usableCards(view) {
  return myTurn(view) ? [...analyse(view).uses.keys()] : [];
}

function bestFace(view, values) {
  const turn = view.position.turn;
  const tally = counts([...turn.aside, ...turn.active]);
  const ranked = [...values].sort((a, b) => (tally.get(b) || 0) - (tally.get(a) || 0) || b - a);
  return ranked[0];
}

/** The selection after clicking one of the player's cards: use it (again: put it back). */
export function selectCard(view, sel, card, components) {
  if (sel.card === card) return emptySelection();
  const uses = analyse(view).uses.get(card);
  if (!uses) return sel;
  const next = { ...emptySelection(), card };
  const kind = kindOf(components, card, uses);
  if (kind === "change") next.targets = [...view.position.turn.active];
  if (kind === "bring_in" && choosesFace(components, card, uses)) {
    next.value = bestFace(view, uses.map((text) => Number(parseMove(text).args[0])));
  }
  return next;
}

/** The selection after clicking a card of the display: take it (again: put it back). */
export function selectBuy(view, sel, card) {
  if (sel.buy === card) return emptySelection();
  return analyse(view).buys.includes(card) ? { ...emptySelection(), buy: card } : sel;
}

/**
 * The selection after an arrow on die `i` (dir +1 up, -1 down) while a card that changes
 * dice is in use: the die goes to the next face that can still end in a legal use, or
 * back to its own face. null: the arrow does nothing (draw it disabled).
 */
export function stepTarget(view, sel, i, dir, components) {
  if (!sel.card || !sel.targets || !myTurn(view)) return null;
  const uses = analyse(view).uses.get(sel.card) || [];
  if (kindOf(components, sel.card, uses) !== "change") return null;
  const active = view.position.turn.active;
  const cache = analyse(view).options;
  if (!cache.has(sel.card)) cache.set(sel.card, changeOptions(active, uses));
  const options = cache.get(sel.card);
  for (let v = sel.targets[i] + dir; v >= 1 && v <= 6; v += dir) {
    const targets = [...sel.targets];
    targets[i] = v;
    if (v === active[i] || completable(active, targets, options)) return { ...sel, targets };
  }
  return null;
}

/** The selection after an arrow on the Queen's new die. null: no other face that way. */
export function stepValue(view, sel, dir, components) {
  if (!sel.card || sel.value === null) return null;
  const uses = analyse(view).uses.get(sel.card) || [];
  if (!choosesFace(components, sel.card, uses)) return null;
  const faces = new Set(uses.map((text) => Number(parseMove(text).args[0])));
  for (let v = sel.value + dir; v >= 1 && v <= 6; v += dir) if (faces.has(v)) return { ...sel, value: v };
  return null;
}

/** The die a bring-in card would add now ({value, chooses}), or null. */
export function broughtIn(view, sel, components) {
  if (!sel.card) return null;
  const uses = analyse(view).uses.get(sel.card) || [];
  if (kindOf(components, sel.card, uses) !== "bring_in") return null;
  if (choosesFace(components, sel.card, uses)) return { value: sel.value, chooses: true };
  const info = cardInfo(components, sel.card);
  return { value: info ? info.amount : null, chooses: false };
}

function sameList(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * The selection to keep after a new view arrives: kept only if the same seat is still to
 * move with the same dice and the selection still leads somewhere legal.
 */
export function carrySelection(oldView, view, sel, components) {
  if (!oldView || !myTurn(view) || oldView.to_move !== view.to_move) return emptySelection();
  const a = oldView.position.turn, b = view.position.turn;
  const same = a.phase === b.phase && sameList(a.active, b.active) && sameList(a.aside, b.aside) && sameList(a.used, b.used);
  if (!same) return emptySelection();
  const moves = analyse(view);
  if (sel.buy && !moves.buys.includes(sel.buy)) return emptySelection();
  if (sel.card && !moves.uses.has(sel.card)) return emptySelection();
  if (!sel.card && sel.picked.length && !moves.keeps.length) return emptySelection();
  return sel;
}

/** The dice as they would look after the pending selection (for drawing). */
export function shownDice(view, sel) {
  const active = view.position.turn.active;
  return active.map((value, i) => ({
    value: sel.targets ? sel.targets[i] : value,
    from: value,
    changed: Boolean(sel.targets && sel.targets[i] !== value),
    picked: sel.picked.includes(i),
  }));
}

/** The largest group of a result: [how many dice, face]; ties go to the higher face. */
export function bestGroup(values) {
  let best = [0, 0];
  for (const [face, n] of counts(values)) if (n > best[0] || (n === best[0] && face > best[1])) best = [n, face];
  return best;
}

/** The text prompt for the action area: an i18n key and its parameters. */
export function prompt(view, sel, components) {
  const turn = view.position.turn;
  if (view.result) return { key: "krone.prompt.over" };
  if (view.to_move === "chance") return { key: "krone.prompt.rolling", params: { seat: turn.seat } };
  if (!myTurn(view)) {
    return { key: view.position.final_round ? "krone.prompt.waitFinal" : "krone.prompt.wait", params: { seat: turn.seat } };
  }
  const a = analyse(view);
  if (sel.buy) return { key: "krone.prompt.buySelected", params: { card: sel.buy } };
  if (sel.card) {
    const uses = a.uses.get(sel.card) || [];
    const kind = kindOf(components, sel.card, uses);
    if (kind === "change") return { key: "krone.prompt.change", params: { card: sel.card } };
    if (kind === "bring_in") {
      return { key: choosesFace(components, sel.card, uses) ? "krone.prompt.queen" : "krone.prompt.bringIn", params: { card: sel.card } };
    }
    if (kind === "reroll_one") return { key: "krone.prompt.rerollOne", params: { card: sel.card } };
    return { key: "krone.prompt.rerollAny", params: { card: sel.card } };
  }
  if (turn.phase === "start") return { key: a.pass ? "krone.prompt.startFinal" : "krone.prompt.start" };
  if (a.keeps.length) {
    return { key: turn.kept_since_roll ? "krone.prompt.keepOrRoll" : "krone.prompt.keepFirst" };
  }
  if (a.buys.length) return { key: "krone.prompt.buy" };
  return { key: view.position.final_round ? "krone.prompt.endFinal" : "krone.prompt.endNoCard" };
}

/** A log entry as an i18n key and parameters, for the "last move" line. */
export function describe(entry) {
  const move = parseMove(entry.move);
  const seat = entry.by;
  switch (move.verb) {
    case "roll": return { key: "krone.log.roll", params: { seat } };
    case "pass": return { key: "krone.log.pass", params: { seat } };
    case "end": return { key: "krone.log.end", params: { seat } };
    case "keep": return { key: "krone.log.keep", params: { seat, dice: move.args.join(" ") } };
    case "dice": return { key: "krone.log.dice", params: { dice: move.args.join(" ") } };
    case "buy": return { key: "krone.log.buy", params: { seat, card: move.card } };
    case "use": return { key: "krone.log.use", params: { seat, card: move.card, detail: move.args.join(" ").replaceAll(">", "→") } };
    default: return { key: "krone.log.other", params: { seat, move: entry.move } };
  }
}

/** The last log entry by a seat (not chance), with the chance outcome that followed it. */
export function lastMoves(view) {
  const log = view.log || [];
  const found = [];
  for (let i = log.length - 1; i >= 0 && found.length < 2; i--) {
    found.unshift(log[i]);
    if (log[i].by !== "chance") break;
  }
  return found;
}

/** Who sees what in the final round: per seat its result and the crown holders. */
export function finalStanding(view) {
  const pos = view.position;
  const final = pos.final_round;
  return pos.players.map((_, seat) => ({
    result: final ? final.results[seat] : null,
    king: pos.king_holder === seat,
    queen: pos.king ? pos.king.buyer === seat : false,
  }));
}

/** Seats in the order of play for the players panel: seat order, marking who is next. */
export function turnOrder(view) {
  const pos = view.position;
  if (pos.final_round) return pos.final_round.order;
  return pos.players.map((_, i) => (pos.start_player + i) % pos.players.length);
}
