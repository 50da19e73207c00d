// Keltis: what the board can offer, without the DOM (node tests it).
//
// The player points: a card of the hand (or two of one number), then where it goes — a
// row, the point row, its discard pile, a wish stone — and presses OK; drawing is a click
// on the deck or a pile, then OK. pendingMove() only ever returns a text from
// view.legal_moves. Hands are hidden: only the viewer's own hand is in the view.

import { isMyTurn } from "../core/board-contract.js";

export const COLOURS = ["r", "y", "g", "b", "v"];
export const PILES = [...COLOURS, "p"];

/** A selection: nothing chosen yet. */
export function emptySelection() {
  return { cards: [], target: null, draw: null };
}

/** Whether the viewer is the seat to move (the board contract's, core/board-contract.js). */
export const myTurn = isMyTurn;

/** "r7" -> {kind: "number", colour: "r", number: 7}; "g-end", "p5" likewise. */
export function cardParts(id) {
  let m = /^([rygbv])(\d+)$/.exec(id);
  if (m) return { id, kind: "number", colour: m[1], number: Number(m[2]) };
  m = /^([rygbv])-end$/.exec(id);
  if (m) return { id, kind: "end", colour: m[1], number: null };
  m = /^p(\d+)$/.exec(id);
  if (m) return { id, kind: "point", colour: null, number: Number(m[1]) };
  return { id, kind: "unknown", colour: null, number: null };
}

/** The pile a card is discarded onto: its colour, or "p" for point cards. */
export function pileOf(id) {
  return cardParts(id).colour || "p";
}

/** "play p5 r" -> {verb: "play", cards: ["p5"], onto: "r"}; "draw y" -> {verb, source: "y"}. */
export function parseMove(text) {
  const [verb, ...args] = text.trim().split(/\s+/);
  if (verb === "play") return { verb, cards: [args[0]], onto: args[1] || null };
  if (verb === "discard" || verb === "deal" || verb === "remove") return { verb, cards: [args[0]] };
  if (verb === "wish") return { verb, cards: [args[0], args[1]] };
  if (verb === "draw") return { verb, cards: [], source: args[0] };
  return { verb, cards: [] };
}

function sortKey(id) {
  const c = cardParts(id);
  const group = c.colour ? COLOURS.indexOf(c.colour) : COLOURS.length;
  const within = c.kind === "end" ? 99 : c.number;
  return group * 1000 + within;
}

/** The viewer's hand sorted by colour (point cards last), then number, end cards last. */
export function sortedHand(view) {
  const me = view.seat === null || view.seat === undefined ? null : view.position.players[view.seat];
  const hand = (me && me.hand) || [];
  return hand.map((id, index) => ({ ...cardParts(id), index })).sort((a, b) => sortKey(a.id) - sortKey(b.id) || a.index - b.index);
}

/** Where one move puts its card(s): {type: "row"|"points"|"pile"|"stone", ...}. */
export function targetOf(move) {
  const m = parseMove(move);
  if (m.verb === "play") {
    const c = cardParts(m.cards[0]);
    if (m.onto) return { type: "row", colour: m.onto };
    return c.kind === "point" ? { type: "points" } : { type: "row", colour: c.colour };
  }
  if (m.verb === "discard") return { type: "pile", pile: pileOf(m.cards[0]) };
  if (m.verb === "wish") return { type: "stone", number: cardParts(m.cards[0]).number };
  return null;
}

export function sameTarget(a, b) {
  return Boolean(a && b && a.type === b.type && a.colour === b.colour && a.pile === b.pile && a.number === b.number);
}

/** The moves the selected card(s) can make now, each with where it goes. */
export function optionsFor(view, sel) {
  if (!myTurn(view) || !sel.cards.length) return [];
  const hand = view.position.players[view.seat].hand;
  const ids = sel.cards.map((i) => hand[i]);
  const out = [];
  for (const move of view.legal_moves) {
    const m = parseMove(move);
    if (m.verb === "draw" || m.verb === "done") continue;
    if (ids.length === 1 && m.cards.length === 1 && m.cards[0] === ids[0]) out.push({ move, target: targetOf(move) });
    if (ids.length === 2 && m.verb === "wish") {
      const same = (m.cards[0] === ids[0] && m.cards[1] === ids[1]) || (m.cards[0] === ids[1] && m.cards[1] === ids[0]);
      if (same) out.push({ move, target: targetOf(move) });
    }
  }
  return out;
}

/** What each card of the hand can do now: {play, discard, wish} (hand index -> flags). */
export function handOptions(view) {
  const hand = myTurn(view) ? view.position.players[view.seat].hand : [];
  const flags = hand.map(() => ({ play: false, discard: false, wish: false }));
  for (const move of myTurn(view) ? view.legal_moves : []) {
    const m = parseMove(move);
    if (!["play", "discard", "wish"].includes(m.verb)) continue;
    hand.forEach((id, i) => {
      if (m.cards.includes(id)) flags[i][m.verb] = true;
    });
  }
  return flags;
}

/** Whether hand card `i` can be clicked now. */
export function canClickCard(view, sel, i) {
  const f = handOptions(view)[i];
  return Boolean(f && (f.play || f.discard || f.wish));
}

/** The selection after clicking hand card `i`. */
export function clickCard(view, sel, i) {
  if (!canClickCard(view, sel, i)) return sel;
  if (sel.cards.includes(i)) return { ...emptySelection(), cards: sel.cards.filter((j) => j !== i) };
  if (sel.cards.length === 1) {
    const pair = { ...emptySelection(), cards: [sel.cards[0], i] };
    if (optionsFor(view, pair).length) return pair;
  }
  return { ...emptySelection(), cards: [i] };
}

/** The selection after clicking a place (row, point row, pile, stone) as the target. */
export function clickTarget(view, sel, target) {
  if (sel.target && sameTarget(sel.target, target)) return { ...sel, target: null };
  return optionsFor(view, sel).some((o) => sameTarget(o.target, target)) ? { ...sel, target } : sel;
}

/** Whether `target` is a place the selected card(s) may go. */
export function isTarget(view, sel, target) {
  return optionsFor(view, sel).some((o) => sameTarget(o.target, target));
}

/** Where the player may draw from now: "deck" and pile letters. */
export function drawSources(view) {
  if (!myTurn(view)) return [];
  return view.legal_moves.filter((m) => m.startsWith("draw ")).map((m) => m.slice(5));
}

/** The selection after clicking the deck or a pile while drawing. */
export function clickDraw(view, sel, source) {
  if (sel.draw === source) return emptySelection();
  return drawSources(view).includes(source) ? { ...emptySelection(), draw: source } : sel;
}

/** The move OK would play now, or null. Always one of view.legal_moves. */
export function pendingMove(view, sel) {
  if (!myTurn(view)) return null;
  if (sel.draw) {
    const move = `draw ${sel.draw}`;
    return view.legal_moves.includes(move) ? move : null;
  }
  const options = optionsFor(view, sel);
  if (sel.target) return options.find((o) => sameTarget(o.target, sel.target))?.move ?? null;
  return options.length === 1 ? options[0].move : null;
}

/** Whether hand card `i` can make a wish with another card of the hand. */
export function canPair(view, i) {
  const hand = myTurn(view) ? view.position.players[view.seat].hand : [];
  return hand.some((_, j) => j !== i && optionsFor(view, { ...emptySelection(), cards: [i, j] }).length > 0);
}

/**
 * The move the click that made `sel` named whole, to play at once (docs/web.md), or null:
 * a draw from the deck or a pile, a place clicked for the chosen card(s), a card that
 * can do only one thing (and makes no wish with another), or the one legal move there is.
 */
export function namedByClick(view, sel) {
  const move = pendingMove(view, sel);
  if (move === null) return null;
  if (view.legal_moves.length === 1 || sel.draw || sel.target) return move;
  return sel.cards.length === 1 && !canPair(view, sel.cards[0]) ? move : null;
}

function sameList(a, b) {
  return Boolean(a && b) && a.length === b.length && a.every((x, i) => x === b[i]);
}

/** The selection to keep when a new view arrives: same seat, same phase, same hand. */
export function carrySelection(oldView, view, sel) {
  if (!oldView || !myTurn(view) || oldView.to_move !== view.to_move) return emptySelection();
  const a = oldView.position, b = view.position;
  if (a.turn.phase !== b.turn.phase || a.turn.draws_left !== b.turn.draws_left) return emptySelection();
  if (!sameList(a.players[view.seat].hand, b.players[view.seat].hand)) return emptySelection();
  if (sel.draw) return drawSources(view).includes(sel.draw) ? sel : emptySelection();
  if (!sel.cards.length) return sel;
  const options = optionsFor(view, sel);
  if (!options.length) return emptySelection();
  if (sel.target && !options.some((o) => sameTarget(o.target, sel.target))) return { ...sel, target: null };
  return sel;
}

/** A row's state for drawing: its last number and what may follow. */
export function rowState(row) {
  let last = null;
  let ends = 0;
  for (const id of row.cards) {
    const c = cardParts(id);
    if (c.kind === "number") last = c.number;
    if (c.kind === "end") ends += 1;
  }
  let next = "any";
  if (row.direction === "closed") next = "closed";
  else if (ends) next = "end";
  else if (row.direction === "ascending") next = "up";
  else if (row.direction === "descending") next = "down";
  return { last, ends, next };
}

/** The text prompt for the action area: an i18n key and its parameters. */
export function prompt(view, sel) {
  const turn = view.position.turn;
  if (view.result) return { key: "keltis.prompt.over" };
  if (view.to_move === "chance") return { key: "keltis.prompt.dealing", params: { seat: turn.seat } };
  if (!myTurn(view)) {
    const key = { draw: "keltis.prompt.waitDraw", extra: "keltis.prompt.waitExtra" }[turn.phase] || "keltis.prompt.wait";
    return { key, params: { seat: turn.seat } };
  }
  if (turn.phase === "draw") {
    if (sel.draw) return { key: "keltis.prompt.drawSelected", params: { n: turn.draws_left } };
    return { key: turn.draws_left > 1 ? "keltis.prompt.drawTwo" : "keltis.prompt.draw" };
  }
  const left = 2 - (turn.extra_played || 0);
  if (sel.cards.length === 2) return { key: "keltis.prompt.wish", params: { n: cardParts(view.position.players[view.seat].hand[sel.cards[0]]).number } };
  if (sel.cards.length === 1) {
    const move = pendingMove(view, sel);
    if (move) return { key: "keltis.prompt.confirm", params: { move } };
    return { key: "keltis.prompt.where", params: { card: view.position.players[view.seat].hand[sel.cards[0]] } };
  }
  if (turn.phase === "extra") return { key: "keltis.prompt.extra", params: { n: left } };
  return { key: "keltis.prompt.play" };
}

/** A log entry as an i18n key and parameters. */
export function describe(entry) {
  const m = parseMove(entry.move);
  const seat = entry.by;
  switch (m.verb) {
    case "play": return m.onto ? { key: "keltis.log.playOnto", params: { seat, card: m.cards[0], colour: m.onto } } : { key: "keltis.log.play", params: { seat, card: m.cards[0] } };
    case "discard": return { key: "keltis.log.discard", params: { seat, card: m.cards[0] } };
    case "wish": return { key: "keltis.log.wish", params: { seat, cards: m.cards.join(" + "), n: cardParts(m.cards[0]).number } };
    case "draw": return m.source === "deck" ? { key: "keltis.log.drawDeck", params: { seat } } : { key: "keltis.log.drawPile", params: { seat, pile: m.source } };
    case "done": return { key: "keltis.log.done", params: { seat } };
    case "deal": return { key: "keltis.log.deal", params: { card: m.cards[0] } };
    case "remove": return { key: "keltis.log.remove", params: {} };
    default: {
      // What other seats read of a secret move: "seat 1 draws a card from the deck", ...
      const drew = /^seat (\d+) draws a card from the deck$/.exec(entry.move);
      if (drew) return { key: "keltis.log.drawnHidden", params: { seat: Number(drew[1]) } };
      const dealt = /^seat (\d+) is dealt a card$/.exec(entry.move);
      if (dealt) return { key: "keltis.log.dealtHidden", params: { seat: Number(dealt[1]) } };
      if (/box unseen/.test(entry.move)) return { key: "keltis.log.remove", params: {} };
      return { key: "keltis.log.other", params: { seat, move: entry.move } };
    }
  }
}

/** The moves of the last turn by a seat, with the cards it was dealt if the viewer saw them. */
export function lastTurn(view) {
  const log = view.log || [];
  const found = [];
  let seat = null;
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i];
    if (e.by === "chance") {
      if (/^deal /.test(e.move)) found.unshift(e);
      continue;
    }
    if (seat === null) seat = e.by;
    else if (e.by !== seat) break;
    found.unshift(e);
    if (["play", "discard", "wish"].includes(parseMove(e.move).verb) && view.position.turn.phase !== "extra") break;
  }
  return seat === null ? [] : found;
}
