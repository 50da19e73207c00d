// Cronberg board logic without the DOM: geometry from the components, legal moves,
// selections, what the last move did. Every move sent comes out of view.legal_moves.

import { isMyTurn } from "../core/board-contract.js";

/**
 * The board from Game.components(): points and triangles by name, tiles by id, and the
 * pairs of adjacent triangles ("U33 D33" in board order, as `lay` writes them).
 */
export function geometry(components) {
  const points = new Map((components.points || []).map((p) => [p.name, p]));
  const order = new Map((components.triangles || []).map((t, i) => [t.name, i]));
  const triangles = new Map((components.triangles || []).map((t) => [t.name, t]));
  const edges = new Map();
  for (const edge of components.edges || []) edges.set(pairKey(edge.triangles, order), edge);
  const tiles = new Map((components.tiles || []).map((tile) => [tile.id, tile]));
  const xs = [...points.values()].map((p) => p.at[0]);
  const ys = [...points.values()].map((p) => p.at[1]);
  return {
    points, triangles, edges, tiles, order,
    bounds: { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) },
  };
}

/** Two triangle names in board order, as one key: "D23 U33". */
export function pairKey(names, order) {
  const [a, b] = names;
  return (order.get(a) ?? 0) <= (order.get(b) ?? 0) ? `${a} ${b}` : `${b} ${a}`;
}

/** A move text as data. */
export function parseMove(text) {
  const words = String(text).trim().split(/\s+/);
  switch (words[0]) {
    case "pawn":
      return { kind: "pawn", point: words[1] };
    case "draw":
      return { kind: "draw" };
    case "tile":
      return { kind: "tile", tile: words[1] };
    case "lay":
      return { kind: "lay", triangles: [words[1], words[2]] };
    default:
      return { kind: "unknown", text };
  }
}

/** The legal moves grouped: {pawns: Map(point -> text), draw: text|null, lays: Map(key -> text)}. */
export function groupLegal(legalMoves, geo) {
  const group = { pawns: new Map(), draw: null, lays: new Map(), layable: new Set(), all: new Set(legalMoves) };
  for (const text of legalMoves) {
    const move = parseMove(text);
    if (move.kind === "pawn") group.pawns.set(move.point, text);
    else if (move.kind === "draw") group.draw = text;
    else if (move.kind === "lay") {
      group.lays.set(pairKey(move.triangles, geo.order), text);
      for (const name of move.triangles) group.layable.add(name);
    }
  }
  return group;
}

/** The lay selection for two triangles, or null when it is not legal. */
export function layFor(group, geo, a, b) {
  const key = pairKey([a, b], geo.order);
  const text = group.lays.get(key);
  return text ? { kind: "lay", triangles: key.split(" "), move: text } : null;
}

/** The legal lays that cover `triangle`, in board order of the partner. */
export function laysWith(group, geo, triangle) {
  const found = [];
  for (const [key, text] of group.lays) {
    const pair = key.split(" ");
    if (pair.includes(triangle)) found.push({ kind: "lay", triangles: pair, move: text });
  }
  return found;
}

/** Where a point of the board is on the page (y upwards), by name. */
export function at(geo, point) {
  return geo.points.get(point).at;
}

export function centroid(geo, triangle) {
  const corners = geo.triangles.get(triangle).corners.map((p) => at(geo, p));
  return [(corners[0][0] + corners[1][0] + corners[2][0]) / 3, (corners[0][1] + corners[1][1] + corners[2][1]) / 3];
}

/**
 * Pointing at (x, y) inside `triangle` (board units, y upwards) selects the legal lay
 * across the side nearest the pointer; null when no tile can cover the triangle.
 */
export function layAt(group, geo, triangle, x, y) {
  let best = null;
  for (const lay of laysWith(group, geo, triangle)) {
    const edge = geo.edges.get(lay.triangles.join(" "));
    const [p, q] = edge.obtuse.map((name) => at(geo, name));
    const distance = Math.hypot((p[0] + q[0]) / 2 - x, (p[1] + q[1]) / 2 - y);
    if (!best || distance < best.distance) best = { ...lay, distance };
  }
  if (!best) return null;
  const { distance, ...lay } = best;
  return lay;
}

/** Keyboard: the next legal lay with this triangle after the one selected (cycling). */
export function nextLayWith(group, geo, triangle, selection) {
  const lays = laysWith(group, geo, triangle);
  if (!lays.length) return null;
  const index = selection ? lays.findIndex((lay) => lay.move === selection.move) : -1;
  return lays[(index + 1) % lays.length];
}

/**
 * The rhombus of a tile on two triangles: its corners in drawing order (sharp, wide,
 * sharp, wide) with the value the tile puts there.
 */
export function rhombus(geo, triangles, tile) {
  const edge = geo.edges.get(pairKey(triangles, geo.order));
  if (!edge) return null;
  const [a1, a2] = edge.acute;
  const [o1, o2] = edge.obtuse;
  const value = (kind) => (tile ? tile[kind] : null);
  return [
    { point: a1, kind: "acute", value: value("acute") },
    { point: o1, kind: "obtuse", value: value("obtuse") },
    { point: a2, kind: "acute", value: value("acute") },
    { point: o2, kind: "obtuse", value: value("obtuse") },
  ];
}

/** The city wall: the convex hull of the intersections (counter-clockwise). */
export function hull(geo) {
  const pts = [...geo.points.values()].map((p) => p.at).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower.at(-2), lower.at(-1), p) <= 1e-4) lower.pop();
    lower.push(p);
  }
  const upper = [];
  for (const p of [...pts].reverse()) {
    while (upper.length >= 2 && cross(upper.at(-2), upper.at(-1), p) <= 1e-4) upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/** What lies on the board: covered triangles (name -> {tile, index}), pawns (point -> seat). */
export function table(position) {
  const covered = new Map();
  (position.tiles || []).forEach((laid, index) => {
    for (const name of laid.on) covered.set(name, { tile: laid.tile, index });
  });
  const pawns = new Map();
  (position.players || []).forEach((player, seat) => {
    for (const point of player.pawns || []) pawns.set(point, seat);
  });
  return { covered, pawns, active: new Set(position.active || []), blocked: new Set(position.blocked || []) };
}

/** Whether an intersection still touches an uncovered triangle. */
export function isOpen(geo, covered, point) {
  for (const triangle of geo.triangles.values()) {
    if (triangle.corners.includes(point) && !covered.has(triangle.name)) return true;
  }
  return false;
}

/**
 * The last seat's turn, from the end of the log: a pawn placed, or a draw and the tile
 * laid (with what it did, from position.interim). Null before anybody has moved.
 */
export function lastTurn(view) {
  const log = view.log || [];
  for (let i = log.length - 1; i >= 0; i--) {
    const entry = log[i];
    if (entry.by === "chance") continue;
    const move = parseMove(entry.move);
    if (move.kind === "pawn") return { by: entry.by, kind: "pawn", point: move.point };
    if (move.kind === "lay") {
      const events = view.position.interim || [];
      const tile = log[i - 1]?.by === "chance" ? parseMove(log[i - 1].move).tile : null;
      const event = events.length ? events.at(-1) : null;
      const matches = event && event.on.join(" ") === move.triangles.join(" ");
      return { by: entry.by, kind: "lay", triangles: move.triangles, tile: event?.tile || tile, event: matches ? event : null };
    }
    if (move.kind === "draw") return { by: entry.by, kind: "draw" };
  }
  return null;
}

/** What the seat is asked to do now: a key of the catalog and its parameters. */
export function prompt(view) {
  const position = view.position;
  if (view.result) return { key: "cronberg.prompt.over" };
  const mover = position.seat;
  const mine = isMyTurn(view);
  if (view.to_move === "chance") return { key: "cronberg.prompt.drawing", seat: mover };
  if (position.step === "laying") {
    return { key: mine ? "cronberg.prompt.lay" : "cronberg.prompt.othersLay", seat: mover, tile: position.drawn };
  }
  if (!mine) return { key: "cronberg.prompt.othersMove", seat: mover };
  const moves = view.legal_moves || [];
  const pawn = moves.some((m) => m.startsWith("pawn"));
  const draw = moves.includes("draw");
  if (pawn && draw) return { key: "cronberg.prompt.pawnOrDraw", seat: mover };
  if (pawn) return { key: "cronberg.prompt.pawnOnly", seat: mover };
  return { key: "cronberg.prompt.drawOnly", seat: mover };
}

/** Whether a kept selection is still one of the legal moves. */
export function stillLegal(group, selection) {
  return Boolean(selection) && group.all.has(selection.move);
}

/** The span of the score track: at least -10 to 40, in steps of 5, with every score on it. */
export function trackRange(scores) {
  const low = Math.min(-10, ...scores.map((s) => Math.floor(s / 5) * 5));
  const high = Math.max(40, ...scores.map((s) => Math.ceil(s / 5) * 5));
  return [low, high];
}

/** The final scoring, pawn by pawn, the pawns that scored first (biggest first). */
export function finalRows(result) {
  const rows = (result?.details?.final_scoring || []).map((row) => ({ ...row }));
  return rows.sort((a, b) => (b.points !== 0) - (a.points !== 0) || b.points - a.points || a.seat - b.seat);
}

/** How a pawn's final points come about: the base (made positive by a coat of arms) and the factor. */
export function explainFinal(row) {
  if (!row.coats_of_arms && !row.parks) return { base: row.value, factor: 0, points: 0, touches: false };
  const factor = 2 ** row.parks;
  return { base: row.points / factor, factor, points: row.points, touches: true, positive: row.coats_of_arms > 0 };
}

/**
 * Whether the click that chose `selection` named the whole move, so it plays at once
 * (docs/web.md): a pawn's point, the draw, a tile on the one lay that covers the
 * triangle clicked (`triangle`), or the one legal move there is.
 */
export function namedByClick(group, geo, selection, triangle = null) {
  if (!selection || !group.all.has(selection.move)) return false;
  if (group.all.size === 1 || selection.kind === "pawn" || selection.kind === "draw") return true;
  return selection.kind === "lay" && triangle !== null && laysWith(group, geo, triangle).length === 1;
}
