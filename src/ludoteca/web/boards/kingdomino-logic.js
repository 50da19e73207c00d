// Kingdomino board logic without the DOM: moves, selections, what is clickable.
// Every move the board can send comes out of view.legal_moves; nothing is invented here.

import { isMyTurn } from "../core/board-contract.js";

/** From a domino's first half to its second: right, down, left, up (the rotations). */
export const DIRECTIONS = [[1, 0], [0, 1], [-1, 0], [0, -1]];

/** The notation's columns, from the components when given (a–m). */
export const DEFAULT_COLUMNS = "abcdefghijklm";

export function squareOf(name, columns = DEFAULT_COLUMNS) {
  const found = /^([a-m])(\d{1,2})$/.exec(String(name).toLowerCase());
  if (!found) return null;
  return [columns.indexOf(found[1]), Number(found[2]) - 1];
}

export function squareName([column, row], columns = DEFAULT_COLUMNS) {
  return `${columns[column]}${row + 1}`;
}

/** "forest(1)" -> {terrain: "forest", crowns: 1}; "castle" -> {terrain: "castle", crowns: 0}. */
export function parseHalf(text) {
  const found = /^([a-z]+)(?:\((\d)\))?$/.exec(text);
  return found ? { terrain: found[1], crowns: Number(found[2] || 0) } : null;
}

/** A move text as data: place, discard, pick (seats) or draw, king (chance). */
export function parseMove(text) {
  const words = String(text).trim().split(/\s+/);
  const number = Number(words[1]);
  switch (words[0]) {
    case "place":
      return { kind: "place", domino: number, first: words[2], second: words[3] };
    case "discard":
    case "pick":
    case "draw":
      return { kind: words[0], domino: number };
    case "king":
      return { kind: "king", seat: number };
    default:
      return { kind: "unknown", text };
  }
}

/** The domino with this number from the components ({number, first, second, symmetric}). */
export function dominoOf(components, number) {
  return (components?.dominoes || []).find((d) => d.number === number) || null;
}

/**
 * The legal moves grouped for the board:
 * {picks: [numbers], domino, discard: text|null, places: Map("d5>d4" -> text)}.
 * A domino with two equal halves has one spelling; both ways round map to it.
 */
export function groupLegal(legalMoves, components) {
  const group = { picks: [], domino: null, discard: null, places: new Map(), all: new Set(legalMoves) };
  for (const text of legalMoves) {
    const move = parseMove(text);
    if (move.kind === "pick") group.picks.push(move.domino);
    else if (move.kind === "discard") {
      group.discard = text;
      group.domino = move.domino;
    } else if (move.kind === "place") {
      group.domino = move.domino;
      group.places.set(`${move.first}>${move.second}`, text);
      if (dominoOf(components, move.domino)?.symmetric) {
        group.places.set(`${move.second}>${move.first}`, text);
      }
    }
  }
  return group;
}

function offset(name, rotation, columns) {
  const square = squareOf(name, columns);
  if (!square) return null;
  const [dc, dr] = DIRECTIONS[rotation];
  const column = square[0] + dc;
  const row = square[1] + dr;
  if (column < 0 || row < 0 || column >= columns.length) return null;
  return squareName([column, row], columns);
}

/** The move that puts the first half on `first`, the second in direction `rotation`; or null. */
export function placementAt(group, first, rotation, columns = DEFAULT_COLUMNS) {
  const second = offset(first, rotation, columns);
  if (!second) return null;
  const text = group.places.get(`${first}>${second}`);
  return text ? { kind: "place", first, second, rotation, move: text } : null;
}

/** The squares where the first half may go with this rotation (legal spots to show). */
export function anchors(group, rotation, columns = DEFAULT_COLUMNS) {
  const found = [];
  for (const key of group.places.keys()) {
    const [first, second] = key.split(">");
    if (offset(first, rotation, columns) === second) found.push(first);
  }
  return found;
}

/** Every rotation (0–3) that has at least one legal spot. */
export function rotationsWithSpots(group, columns = DEFAULT_COLUMNS) {
  return [0, 1, 2, 3].filter((r) => anchors(group, r, columns).length > 0);
}

/**
 * What pointing at a square selects: the placement with the first half there in the
 * current rotation, else the second half there, else the nearest other rotation that
 * fits (first half, then second). Null when no legal placement touches the square.
 */
export function selectAt(group, square, rotation, columns = DEFAULT_COLUMNS) {
  for (let k = 0; k < 4; k++) {
    const r = (rotation + k) % 4;
    const asFirst = placementAt(group, square, r, columns);
    if (asFirst) return asFirst;
    const back = offset(square, (r + 2) % 4, columns);
    const asSecond = back && placementAt(group, back, r, columns);
    if (asSecond) return asSecond;
  }
  return null;
}

/**
 * Turn a quarter clockwise. With a placement selected, the first half stays where it is
 * and the domino turns to the next way that fits there (or the selection is dropped and
 * only the rotation changes when no other way fits).
 */
export function rotate(group, rotation, selection, columns = DEFAULT_COLUMNS) {
  if (selection) {
    for (let k = 1; k < 4; k++) {
      const found = placementAt(group, selection.first, (selection.rotation + k) % 4, columns);
      if (found) return { rotation: found.rotation, selection: found };
    }
    return { rotation: (selection.rotation + 1) % 4, selection: null };
  }
  return { rotation: (rotation + 1) % 4, selection: null };
}

/** Whether a kept selection is still one of the legal moves. */
export function stillLegal(group, selection) {
  if (!selection) return false;
  if (selection.kind === "pick") return group.picks.includes(selection.domino);
  if (selection.kind === "discard") return group.discard === selection.move;
  return group.all.has(selection.move);
}

/**
 * The last turn of a seat, from the end of the log: its placement (or discard) and the
 * pick after it, as far as they are there. [] before any seat has moved.
 */
export function lastTurn(view) {
  const log = view.log || [];
  const found = [];
  for (let i = log.length - 1; i >= 0; i--) {
    const entry = log[i];
    if (entry.by === "chance") {
      if (found.length) break;
      continue;
    }
    if (found.length && entry.by !== found[0].by) break;
    const move = { by: entry.by, ...parseMove(entry.move) };
    found.unshift(move);
    if (move.kind !== "pick" || found.length === 2) break;
  }
  return found;
}

/**
 * The squares a kingdom may still use: where a square can go so that the bounding box
 * with the castle stays within size × size. [firstColumn, lastColumn, firstRow, lastRow].
 */
export function kingdomWindow(squares, size, castle, columns = DEFAULT_COLUMNS) {
  const taken = Object.keys(squares || {}).map((name) => squareOf(name, columns));
  const centre = squareOf(castle, columns);
  if (!taken.length) taken.push(centre);
  const cs = taken.map((s) => s[0]);
  const rs = taken.map((s) => s[1]);
  const side = 2 * size - 1;
  const clamp = (v) => Math.max(0, Math.min(side - 1, v));
  return [
    clamp(Math.max(...cs) - size + 1), clamp(Math.min(...cs) + size - 1),
    clamp(Math.max(...rs) - size + 1), clamp(Math.min(...rs) + size - 1),
  ];
}

/** What the seat is asked to do now: a key of the catalog and its parameters. */
export function prompt(view) {
  const position = view.position;
  if (view.result) return { key: "kingdomino.prompt.over" };
  const mover = view.to_move;
  if (mover === "chance") {
    return { key: position.phase === "king" ? "kingdomino.prompt.drawingKings" : "kingdomino.prompt.drawing" };
  }
  const mine = isMyTurn(view);
  const line = position.line || [];
  switch (position.phase) {
    case "claim":
      return { key: mine ? "kingdomino.prompt.claim" : "kingdomino.prompt.othersClaim", seat: mover };
    case "place": {
      const domino = line[0]?.domino;
      const discard = mine && (view.legal_moves || []).some((m) => m.startsWith("discard"));
      if (discard) return { key: "kingdomino.prompt.discard", domino, seat: mover };
      return { key: mine ? "kingdomino.prompt.place" : "kingdomino.prompt.othersPlace", domino, seat: mover };
    }
    case "pick":
      return { key: mine ? "kingdomino.prompt.pick" : "kingdomino.prompt.othersPick", seat: mover };
    default:
      return { key: "kingdomino.prompt.wait", seat: mover };
  }
}

/**
 * The line in play as dealt, for drawing: the kings still on it, and before them (marked
 * done, no king) the dominoes whose kings have already moved on. Those come from the log:
 * the line's dominoes are the draws just before the next line's. Without them in the log
 * (a match loaded from a position) only the kings still on the line are shown.
 */
export function lineInPlay(view, lineSize) {
  const position = view.position;
  const line = position.line || [];
  if (!line.length || line.length >= lineSize) return line;
  const draws = (view.log || []).filter((e) => e.by === "chance" && e.move.startsWith("draw ")).map((e) => Number(e.move.split(" ")[1]));
  const ahead = (position.next_line || []).length;
  const dealt = draws.slice(0, draws.length - ahead).slice(-lineSize).sort((a, b) => a - b);
  const standing = new Set(line.map((slot) => slot.domino));
  if (dealt.length !== lineSize || ![...standing].every((n) => dealt.includes(n))) return line;
  return dealt.map((domino) => line.find((slot) => slot.domino === domino) || { domino, king: null, done: true });
}

/** Kings per seat on the lines, and whose turn follows (for the players panel). */
export function kingsOnLines(position, players) {
  const kings = Array.from({ length: players }, () => ({ line: [], next: [] }));
  for (const slot of position.line || []) if (slot.king !== null) kings[slot.king].line.push(slot.domino);
  for (const slot of position.next_line || []) if (slot.king !== null) kings[slot.king].next.push(slot.domino);
  return kings;
}

/** The properties of a score sheet, largest points first, for the result panel. */
export function scoringRows(sheet) {
  return [...(sheet.properties || [])]
    .map((p) => ({ ...p, points: p.squares * p.crowns }))
    .sort((a, b) => b.points - a.points || b.squares - a.squares);
}

/** The distinct legal placements with a half on `square`. */
export function placementsOn(group, square) {
  const found = new Set();
  for (const [key, text] of group.places) if (key.split(">").includes(square)) found.add(text);
  return [...found];
}

/**
 * Whether the click that chose `selection` named the whole move, so it plays at once
 * (docs/web.md): a domino picked from the line, or the one legal placement on the
 * square clicked (`square`), or the one legal move there is.
 */
export function namedByClick(group, selection, square = null) {
  if (!selection || !group.all.has(selection.move)) return false;
  if (group.all.size === 1 || selection.kind === "pick") return true;
  return selection.kind === "place" && square !== null && placementsOn(group, square).length === 1;
}
