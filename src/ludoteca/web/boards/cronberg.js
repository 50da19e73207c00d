// The Cronberg board: the walled city of triangles with its parks, guards and coats of
// arms, the tiles with their corner numbers, the pawns, the score track, and the action
// area with OK. Mounted as createBoard(root, ctx) -> {update(view), describe(entry), destroy()}
// (the board contract, core/board-contract.js). The geometry comes from the game's
// components, never from this file.
import { isMyTurn } from "../core/board-contract.js";
import { ensureCss, keepFocus, nameOf, playsOnClick } from "../core/board-kit.js";
import { h, s } from "../core/dom.js";
import { addCatalog, getLanguage, t } from "../core/i18n.js";
import { createMoveSender } from "../core/move-sender.js";
import catalog from "./cronberg.i18n.js";
import * as L from "./cronberg-logic.js";

addCatalog(catalog);

export const cssUrl = new URL("./cronberg.css", import.meta.url).href;

/** One seat's part of the result, for the result screen: points in play, in the final scoring. */
export function breakdown(result, seat) {
  const d = result.details || {};
  if (!d.before_final_scoring) return [];
  const final = (d.final_scoring || []).filter((row) => row.seat === seat).reduce((sum, row) => sum + row.points, 0);
  return [[t("cronberg.breakdown.play"), d.before_final_scoring[seat]], [t("cronberg.breakdown.final"), final]];
}

const UNIT = 64; // one lattice step, in SVG units
const PAD = 30; // room for the walls
// The rulebook's example: Otto green, Anna blue, Ulla red, Gerd yellow.
const SEAT_COLOURS = ["#3c9a4f", "#3b74c9", "#d0413b", "#e8be2c"];
// How the tiles look (presentation only; their values come from the components).
const TILE_COLOURS = {
  townhall: "#d9a23c", cathedral: "#c4873a", church: "#e3b76a", guildhall: "#d6a478", market: "#ebcb8b",
  fountain: "#9dc8da", inn: "#d8b28f", houses: "#ecdcb9", stables: "#a08a68", tannery: "#8c7c5c",
  cemetery: "#8d9096", dungeon: "#5d5468", gallows: "#3d3939",
};

let boards = 0;

const signed = (n) => (n > 0 ? `+${n}` : String(n));

export function createBoard(root, ctx) {
  ensureCss(cssUrl);
  const uid = `cb${++boards}`;
  const geo = L.geometry(ctx.components || {});
  const wall = L.hull(geo);
  const st = {
    view: null, group: null, selection: null, hover: null, turnKey: null,
    fresh: false, logLength: 0,
  };
  let overlay = null;

  root.replaceChildren();
  root.classList.add("board-cronberg");
  const main = h("div", { class: "cb-main" });
  const side = h("aside", { class: "cb-side" });
  root.append(defs(uid), h("div", { class: "cb-board" }, main, side));

  const name = (seat) => nameOf(ctx, seat, `#${seat + 1}`);
  const mine = () => isMyTurn(st.view);
  const sender = createMoveSender(ctx, () => render());
  const laying = () => mine() && st.view.position.step === "laying" && st.group.lays.size > 0;
  const tileName = (id) => geo.tiles.get(id)?.names?.[getLanguage()] || geo.tiles.get(id)?.names?.en || id;
  const X = (at) => (at[0] - geo.bounds.minX) * UNIT + PAD;
  const Y = (at) => (geo.bounds.maxY - at[1]) * UNIT + PAD;
  const P = (point) => {
    const at = L.at(geo, point);
    return [X(at), Y(at)];
  };
  const width = (geo.bounds.maxX - geo.bounds.minX) * UNIT + 2 * PAD;
  const height = (geo.bounds.maxY - geo.bounds.minY) * UNIT + 2 * PAD;

  // -- choosing -------------------------------------------------------------------------

  function choose(selection, triangle = null) {
    if (!selection) return;
    if (st.selection && st.selection.move === selection.move) return confirm();
    st.selection = selection;
    st.hover = null;
    if (playsOnClick(ctx) && L.namedByClick(st.group, geo, selection, triangle)) return confirm();
    render();
  }

  /** Send the chosen move: the board holds still until the view that answers it. */
  function confirm() {
    const selection = st.selection;
    if (!selection || !st.group.all.has(selection.move)) return;
    if (sender.send(st.view, selection.move)) render();
  }


  function activate(event, action) {
    if (event.type === "keydown" && event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    action();
  }

  function onKey(event) {
    if (event.key === "Escape" && st.selection && !sender.busy) {
      st.selection = null;
      render();
    }
  }
  root.addEventListener("keydown", onKey);

  // -- update ---------------------------------------------------------------------------

  function update(view) {
    const position = view.position;
    const key = `${view.seat}|${view.to_move}|${position.step}|${(position.tiles || []).length}`;
    const group = L.groupLegal(view.legal_moves || [], geo);
    const length = (view.log_from || 0) + (view.log || []).length;
    st.fresh = length !== st.logLength;
    st.logLength = length;
    st.selection = key === st.turnKey && L.stillLegal(group, st.selection) ? st.selection : null;
    st.view = view;
    st.group = group;
    st.turnKey = key;
    sender.viewed();
    st.hover = null;
    render();
    st.fresh = false;
  }

  // -- drawing --------------------------------------------------------------------------

  function render() {
    if (!st.view) return;
    const view = st.view;
    keepFocus(root, () => {
      main.replaceChildren(...[view.result && resultSection(view), boardSection(view), trackSection(view)].filter(Boolean));
      side.replaceChildren(actionSection(view), playersSection(view), tilesSection(view), legendSection());
    });
  }

  function boardSection(view) {
    const position = view.position;
    const { covered, pawns, active, blocked } = L.table(position);
    const last = L.lastTurn(view);
    const svg = s("svg", {
      class: `cb-city${laying() ? " cb-laying" : ""}`, viewBox: `0 0 ${width} ${height}`,
      style: view.seat !== null ? `--cb-me:${SEAT_COLOURS[view.seat]}` : undefined,
      role: "group", "aria-label": t("cronberg.name"),
    });

    // The walls, then the city's triangles with their symbols.
    const outline = wall.map((at) => `${X(at)},${Y(at)}`).join(" ");
    svg.append(s("polygon", { points: outline, class: "cb-wall" }), s("polygon", { points: outline, class: "cb-wall-top" }));
    const triangles = s("g", { class: "cb-triangles" });
    const symbols = s("g", { class: "cb-symbols" });
    for (const triangle of geo.triangles.values()) {
      const corners = triangle.corners.map(P);
      const isActive = active.has(triangle.name);
      const layable = laying() && st.group.layable.has(triangle.name);
      const classes = ["cb-tri", `cb-${triangle.symbol || "plain"}`];
      if (isActive) classes.push("cb-active");
      if (layable) classes.push("cb-layable");
      const state = covered.has(triangle.name)
        ? t("cronberg.covered", { tile: tileName(covered.get(triangle.name).tile) })
        : isActive ? t("cronberg.active") : t("cronberg.uncovered");
      const tip = [t("cronberg.triangle", { name: triangle.name }),
        triangle.symbol ? t(`cronberg.symbol.${triangle.symbol}`) : null, state].filter(Boolean).join(" — ");
      const poly = s("polygon", {
        points: corners.map((c) => c.join(",")).join(" "), class: classes.join(" "),
        "data-triangle": triangle.name,
        tabindex: layable ? 0 : undefined, role: layable ? "button" : undefined,
        "aria-label": layable ? tip : undefined, "data-key": layable ? `tri:${triangle.name}` : undefined,
      }, s("title", {}, tip));
      if (layable) {
        poly.addEventListener("keydown", (event) => activate(event, () => {
          const next = L.nextLayWith(st.group, geo, triangle.name, st.selection?.kind === "lay" ? st.selection : null);
          if (next) {
            st.selection = next;
            render();
          }
        }));
      }
      triangles.append(poly);
      if (triangle.symbol && !covered.has(triangle.name)) {
        const [cx, cy] = L.centroid(geo, triangle.name);
        symbols.append(s("use", {
          href: `#${uid}-${triangle.symbol}`, x: X([cx, cy]) - 13, y: Y([cx, cy]) - 13, width: 26, height: 26,
          class: `cb-symbol${isActive ? " cb-symbol-active" : ""}`,
        }));
      }
    }
    svg.append(triangles, symbols);

    // The tiles laid, the last one marked.
    const tiles = s("g", { class: "cb-tiles" });
    (position.tiles || []).forEach((laid, index) => {
      const isLast = last?.kind === "lay" && index === position.tiles.length - 1;
      tiles.append(tileShape(laid.tile, laid.on, { last: isLast, fresh: isLast && st.fresh }));
    });
    svg.append(tiles);

    // The active triangles: no tile can cover them any more, so their symbols count.
    const marks = s("g", { class: "cb-active-marks" });
    for (const name_ of active) {
      const corners = geo.triangles.get(name_).corners.map(P);
      const [cx, cy] = [0, 1].map((i) => corners.reduce((sum, c) => sum + c[i], 0) / 3);
      const inset = corners.map(([x, y]) => [x + (cx - x) * 0.12, y + (cy - y) * 0.12].join(",")).join(" ");
      marks.append(s("polygon", { points: inset, class: "cb-active-mark" }));
    }
    svg.append(marks);

    // What the selection or the pointer would lay.
    overlay = s("g", { class: "cb-overlay" });
    svg.append(overlay);
    drawOverlay();

    // The intersections: values, closed ones, pawns, legal spots.
    const points = s("g", { class: "cb-points" });
    const values = position.values || {};
    const spots = mine() ? st.group.pawns : new Map();
    for (const point of geo.points.values()) {
      const [x, y] = P(point.name);
      const value = values[point.name];
      const open = L.isOpen(geo, covered, point.name);
      const owner = pawns.get(point.name);
      const spot = spots.get(point.name);
      const tipParts = [t("cronberg.point", { name: point.name }),
        value !== undefined ? t("cronberg.pointValue", { value: signed(value) }) : t("cronberg.pointNoValue")];
      if (blocked.has(point.name)) tipParts.push(t("cronberg.pointBlocked"));
      if (owner !== undefined) tipParts.push(t("cronberg.pawnOf", { name: name(owner) }));
      if (spot) tipParts.push(t("cronberg.pointSpot"));
      const tip = tipParts.join(" — ");
      const g = s("g", { class: "cb-point", "data-point": point.name }, s("title", {}, tip));
      if (owner !== undefined) {
        const lastPawn = last?.kind === "pawn" && last.point === point.name;
        g.append(pawn(x, y, owner, value ?? 0, { last: lastPawn, fresh: lastPawn && st.fresh }));
      } else if (blocked.has(point.name)) {
        g.append(s("path", { d: `M${x - 6} ${y - 6} L${x + 6} ${y + 6} M${x + 6} ${y - 6} L${x - 6} ${y + 6}`, class: "cb-blocked" }));
      } else if (spot) {
        const chosen = st.selection?.kind === "pawn" && st.selection.point === point.name;
        g.classList.add("cb-spot");
        if (chosen) g.classList.add("cb-chosen");
        g.setAttribute("tabindex", "0");
        g.setAttribute("role", "button");
        g.setAttribute("aria-label", tip);
        g.dataset.key = `pt:${point.name}`;
        g.append(s("circle", { cx: x, cy: y, r: 10.5, class: "cb-spot-ring", style: chosen ? `fill:${SEAT_COLOURS[view.seat]}` : undefined }));
        if (value !== undefined) g.append(s("text", { x, y: y + 4, class: "cb-value" }, signed(value)));
        const pick = { kind: "pawn", point: point.name, move: spot };
        const act = (event) => activate(event, () => choose(pick));
        g.addEventListener("click", act);
        g.addEventListener("keydown", act);
      } else if (value !== undefined && open) {
        g.append(s("circle", { cx: x, cy: y, r: 10.5, class: "cb-value-disc" }),
          s("text", { x, y: y + 4, class: "cb-value" }, signed(value)));
      } else {
        g.append(s("circle", { cx: x, cy: y, r: open ? 3.5 : 2, class: "cb-dot" }));
      }
      points.append(g);
    }
    svg.append(points);
    svg.append(eventsLayer(view, last));

    if (laying()) {
      svg.addEventListener("pointermove", (event) => {
        const lay = layUnder(svg, event);
        if ((lay?.move || null) !== (st.hover?.move || null)) {
          st.hover = lay;
          drawOverlay();
        }
      });
      svg.addEventListener("pointerleave", () => {
        st.hover = null;
        drawOverlay();
      });
      svg.addEventListener("click", (event) => {
        const lay = layUnder(svg, event);
        if (lay) choose(lay, event.target.closest("[data-triangle]").dataset.triangle);
      });
    }
    return h("section", { class: "cb-city-wrap" }, svg);
  }

  function layUnder(svg, event) {
    const name_ = event.target.closest?.("[data-triangle]")?.dataset.triangle;
    if (!name_ || !st.group.layable.has(name_)) return null;
    const matrix = svg.getScreenCTM();
    if (!matrix) return null;
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    const at = [(p.x - PAD) / UNIT + geo.bounds.minX, geo.bounds.maxY - (p.y - PAD) / UNIT];
    return L.layAt(st.group, geo, name_, at[0], at[1]);
  }

  function drawOverlay() {
    if (!overlay) return;
    overlay.replaceChildren();
    const drawn = st.view?.position?.drawn;
    if (st.selection?.kind === "lay") overlay.append(tileShape(drawn, st.selection.triangles, { chosen: true }));
    if (st.hover && st.hover.move !== st.selection?.move) overlay.append(tileShape(drawn, st.hover.triangles, { ghost: true }));
  }

  // A tile on two triangles: the rhombus, its code, its four corner numbers.
  function tileShape(id, triangles, { last = false, fresh = false, chosen = false, ghost = false } = {}) {
    const tile = geo.tiles.get(id);
    const corners = L.rhombus(geo, triangles, tile);
    if (!corners) return s("g");
    const xy = corners.map((c) => P(c.point));
    const cx = (xy[0][0] + xy[2][0]) / 2;
    const cy = (xy[0][1] + xy[2][1]) / 2;
    const classes = ["cb-tile"];
    if (tile && tile.acute < 0) classes.push("cb-tile-negative");
    if (last) classes.push("cb-last");
    if (fresh) classes.push("cb-fresh");
    if (chosen) classes.push("cb-tile-chosen");
    if (ghost) classes.push("cb-tile-ghost");
    const tip = tile ? t("cronberg.tileTip", { tile: tileName(id), acute: signed(tile.acute), obtuse: signed(tile.obtuse) }) : "";
    const g = s("g", { class: classes.join(" ") }, s("title", {}, tip));
    g.append(s("polygon", {
      points: xy.map((p) => p.join(",")).join(" "), class: "cb-tile-face",
      style: `fill:${TILE_COLOURS[id] || (tile && tile.acute < 0 ? "#777" : "#e9d8b0")}`,
    }));
    corners.forEach((corner, i) => {
      if (corner.value === null) return;
      const [px, py] = xy[i];
      const k = corner.kind === "acute" ? 0.4 : 0.5;
      g.append(s("text", { x: px + (cx - px) * k, y: py + (cy - py) * k + 4, class: "cb-corner" }, signed(corner.value)));
    });
    return g;
  }

  function pawn(x, y, seat, value, { last = false, fresh = false, ghost = false } = {}) {
    const g = s("g", { class: `cb-pawn${last ? " cb-last" : ""}${fresh ? " cb-fresh" : ""}${ghost ? " cb-pawn-ghost" : ""}` });
    g.append(s("circle", { cx: x, cy: y, r: 13, class: "cb-pawn-body", style: `fill:${SEAT_COLOURS[seat]}` }),
      s("circle", { cx: x - 4, cy: y - 5, r: 4, class: "cb-pawn-shine" }));
    if (value !== undefined && !ghost) g.append(s("text", { x, y: y + 4, class: "cb-pawn-value" }, signed(value)));
    return g;
  }

  // What the last tile did (scores, guards) or the final scoring, drawn on the board.
  function eventsLayer(view, last) {
    const g = s("g", { class: "cb-events" });
    const badge = (x, y, text, cls) => s("g", { class: `cb-badge ${cls}${st.fresh ? " cb-fresh" : ""}` },
      s("rect", { x: x - 17, y: y - 29, width: 34, height: 17, rx: 8 }),
      s("text", { x, y: y - 16.5 }, text));
    if (view.result) {
      for (const row of view.result.details?.final_scoring || []) {
        if (!row.points) continue;
        const [x, y] = P(row.pawn);
        g.append(badge(x, y, signed(row.points), "cb-badge-final"));
      }
      return g;
    }
    const event = last?.kind === "lay" ? last.event : null;
    if (!event) return g;
    for (const scored of event.scored) {
      const [x, y] = P(scored.pawn);
      g.append(pawn(x, y, scored.seat, undefined, { ghost: true }), badge(x, y, signed(scored.points), "cb-badge-score"));
    }
    for (const gone of event.expelled) {
      const [x, y] = P(gone.pawn);
      g.append(pawn(x, y, gone.seat, undefined, { ghost: true }), badge(x, y, "✕", "cb-badge-expelled"));
    }
    return g;
  }

  // -- the score track ------------------------------------------------------------------

  function trackSection(view) {
    const scores = view.position.players.map((p) => p.score);
    const [low, high] = L.trackRange(scores);
    const step = 12;
    const w = (high - low) * step + 40;
    const svg = s("svg", { class: "cb-track", viewBox: `0 0 ${w} 52`, role: "img", "aria-label": t("cronberg.track") });
    const x = (n) => 20 + (n - low) * step;
    svg.append(s("line", { x1: x(low), y1: 30, x2: x(high), y2: 30, class: "cb-track-line" }));
    for (let n = low; n <= high; n++) {
      const big = n % 5 === 0;
      svg.append(s("line", { x1: x(n), y1: big ? 24 : 27, x2: x(n), y2: big ? 36 : 33, class: n === 0 ? "cb-track-zero" : "cb-track-tick" }));
      if (big) svg.append(s("text", { x: x(n), y: 49, class: "cb-track-label" }, String(n)));
    }
    const stacked = new Map();
    scores.forEach((score, seat) => {
      const level = stacked.get(score) || 0;
      stacked.set(score, level + 1);
      svg.append(s("g", { class: "cb-peg" },
        s("title", {}, `${name(seat)}: ${t("cronberg.points", { n: score })}`),
        s("circle", { cx: x(score), cy: 30 - level * 9 - 6, r: 6, style: `fill:${SEAT_COLOURS[seat]}` })));
    });
    return h("section", { class: "cb-track-wrap" }, h("h3", {}, t("cronberg.track")), svg);
  }

  // -- the side: action, players, tiles, legend ---------------------------------------

  function actionSection(view) {
    const position = view.position;
    const ask = L.prompt(view);
    const params = {
      name: ask.seat !== undefined && ask.seat !== null ? name(ask.seat) : "",
      tile: ask.tile ? tileName(ask.tile) : "",
    };
    const parts = [h("p", { class: "cb-prompt", "aria-live": "polite" }, t(ask.key, params))];
    if (position.step === "laying" && position.drawn) parts.push(drawnTile(position.drawn));
    const buttons = [];
    if (mine() && st.group.draw) {
      const chosen = st.selection?.kind === "draw";
      buttons.push(h("button", {
        type: "button", class: `cb-draw${chosen ? " cb-selected" : ""}`, title: t("cronberg.drawTip"), "data-key": "btn:draw",
        "aria-pressed": chosen ? "true" : "false",
        onclick: () => choose({ kind: "draw", move: st.group.draw }),
      }, t("cronberg.draw")));
    }
    if (mine()) {
      buttons.push(h("button", {
        type: "button", class: "primary cb-ok", "data-key": "btn:ok", disabled: !st.selection || sender.busy,
        title: st.selection?.move, onclick: () => confirm(),
      }, t("cronberg.ok")));
    }
    if (buttons.length) parts.push(h("div", { class: "cb-buttons" }, buttons));
    if (st.selection && mine()) parts.push(h("p", { class: "cb-chosen-text" }, chosenText(st.selection)));
    else if (laying()) parts.push(h("p", { class: "cb-hint" }, t("cronberg.hint.lay")), h("p", { class: "cb-hint cb-small" }, t("cronberg.hint.layKeys")));
    else if (mine() && st.group.pawns.size) parts.push(h("p", { class: "cb-hint" }, t("cronberg.hint.pawn")));
    if (sender.sent) parts.push(h("p", { class: "cb-hint" }, t("cronberg.sent", { move: sender.sent })));
    if (sender.error) parts.push(h("p", { class: "cb-error", role: "alert" }, sender.error));
    parts.push(...lastMoveLines(view));
    return h("section", { class: `cb-action${mine() ? " cb-action-mine" : ""}` }, parts);
  }

  function chosenText(selection) {
    if (selection.kind === "pawn") {
      const value = st.view.position.values?.[selection.point] ?? 0;
      return t("cronberg.chosen.pawn", { point: selection.point, value: signed(value) });
    }
    if (selection.kind === "draw") return t("cronberg.chosen.draw");
    return t("cronberg.chosen.lay", { tile: tileName(st.view.position.drawn), a: selection.triangles[0], b: selection.triangles[1] });
  }

  function lastMoveLines(view) {
    const last = L.lastTurn(view);
    if (!last) return [];
    const who = h("span", { class: "cb-swatch", style: `background:${SEAT_COLOURS[last.by]}` });
    const lines = [];
    if (last.kind === "pawn") lines.push(t("cronberg.last.pawn", { name: name(last.by), point: last.point }));
    else if (last.kind === "draw") lines.push(t("cronberg.last.draw", { name: name(last.by) }));
    else {
      lines.push(t("cronberg.last.lay", { name: name(last.by), tile: tileName(last.tile), a: last.triangles[0], b: last.triangles[1] }));
      const event = last.event;
      if (event) {
        const said = [
          ...event.scored.map((e) => t("cronberg.scored", { name: name(e.seat), point: e.pawn, points: signed(e.points) })),
          ...event.guards.filter((g) => !event.expelled.some((e) => e.guard === g)).map((g) => t("cronberg.guardWakes", { guard: g })),
          ...event.expelled.map((e) => t("cronberg.expelled", { name: name(e.seat), point: e.pawn, guard: e.guard })),
        ];
        lines.push(...(said.length ? said : [t("cronberg.nothingScored")]));
      }
    }
    return [h("div", { class: "cb-last-text" }, who, h("ul", {}, lines.map((line) => h("li", {}, line))))];
  }

  function drawnTile(id) {
    const tile = geo.tiles.get(id);
    const svg = s("svg", { class: "cb-drawn", viewBox: "0 0 120 70", width: 120, height: 70, role: "img", "aria-label": tileName(id) });
    const pts = [[6, 35], [60, 4], [114, 35], [60, 66]];
    svg.append(s("title", {}, tile ? t("cronberg.tileTip", { tile: tileName(id), acute: signed(tile.acute), obtuse: signed(tile.obtuse) }) : id),
      s("polygon", { points: pts.map((p) => p.join(",")).join(" "), class: "cb-tile-face", style: `fill:${TILE_COLOURS[id] || "#ddd"}` }));
    if (tile) {
      const labels = [[24, 39, tile.acute], [60, 22, tile.obtuse], [96, 39, tile.acute], [60, 58, tile.obtuse]];
      for (const [x, y, v] of labels) svg.append(s("text", { x, y, class: `cb-corner${tile.acute < 0 ? " cb-neg" : ""}` }, signed(v)));
    }
    return h("div", { class: "cb-drawn-row" }, svg, h("div", {},
      h("div", { class: "cb-small cb-muted" }, t("cronberg.drawn")), h("strong", {}, tileName(id))));
  }

  function playersSection(view) {
    const position = view.position;
    const rows = position.players.map((player, seat) => h("li", {
      class: `cb-player${position.seat === seat && !view.result ? " cb-player-turn" : ""}${seat === view.seat ? " cb-player-me" : ""}`,
    },
    h("span", { class: "cb-swatch cb-round", style: `background:${SEAT_COLOURS[seat]}` }),
    h("span", { class: "cb-player-name" }, name(seat), seat === view.seat ? ` (${t("cronberg.you")})` : ""),
    h("span", { class: "cb-player-score", title: t("cronberg.points", { n: player.score }) }, String(player.score)),
    h("span", { class: "cb-supply", title: t("cronberg.supply", { n: position.supply[seat] }) },
      Array.from({ length: ctx.components?.pawns_per_player || 4 }, (_, i) =>
        h("span", { class: `cb-pip${i < position.supply[seat] ? "" : " cb-pip-out"}`, style: `--seat:${SEAT_COLOURS[seat]}` })),
      position.seat === seat && !view.result ? h("span", { class: "cb-turn" }, "▶ ", t("cronberg.toMove")) : null)));
    return h("section", { class: "cb-players" }, h("ul", {}, rows));
  }

  function tilesSection(view) {
    const left = view.position.face_down || {};
    const total = Object.values(left).reduce((a, b) => a + b, 0);
    const items = [...geo.tiles.values()].filter((tile) => left[tile.id]).map((tile) => h("li", {
      title: t("cronberg.tileTip", { tile: tileName(tile.id), acute: signed(tile.acute), obtuse: signed(tile.obtuse) }),
    },
    h("span", { class: "cb-mini", style: `background:${TILE_COLOURS[tile.id] || "#ddd"}` }),
    h("span", {}, tileName(tile.id)), h("span", { class: "cb-muted" }, `${signed(tile.acute)}/${signed(tile.obtuse)} ×${left[tile.id]}`)));
    return h("details", { class: "cb-facedown" },
      h("summary", {}, t("cronberg.faceDown", { n: total })), h("ul", {}, items));
  }

  function legendSection() {
    const item = (symbol, key) => h("li", {},
      s("svg", { viewBox: "0 0 26 26", width: 20, height: 20, "aria-hidden": "true" }, s("use", { href: `#${uid}-${symbol}`, width: 26, height: 26 })),
      t(key));
    return h("section", { class: "cb-legend" }, h("ul", {},
      item("park", "cronberg.legend.park"), item("guard", "cronberg.legend.guard"), item("coat_of_arms", "cronberg.legend.arms"),
      h("li", {}, h("span", { class: "cb-legend-active" }), t("cronberg.legend.active")),
      h("li", {}, h("span", { class: "cb-legend-blocked" }, "✕"), t("cronberg.legend.blocked"))));
  }

  // -- the result -----------------------------------------------------------------------

  function resultSection(view) {
    const result = view.result;
    const details = result.details || {};
    const winners = result.ranking[0] || [];
    const title = winners.length === 1
      ? t("cronberg.winner", { name: name(winners[0]) })
      : t("cronberg.winners", { names: winners.map(name).join(", ") });
    const ranking = [];
    result.ranking.forEach((place, index) => {
      for (const seat of place) {
        ranking.push(h("li", { style: `--seat:${SEAT_COLOURS[seat]}` },
          h("span", { class: "cb-place" }, t(`cronberg.place.${index + 1}`)),
          h("span", { class: "cb-swatch cb-round", style: `background:${SEAT_COLOURS[seat]}` }),
          h("strong", {}, name(seat)),
          // A match ended by resignation has no scores.
          result.scores ? h("span", { class: "cb-score" }, t("cronberg.points", { n: result.scores[seat] })) : null,
          h("span", { class: "cb-muted cb-small" }, t("cronberg.beforeFinal", { n: details.before_final_scoring?.[seat] ?? "?" }))));
      }
    });
    const rows = L.finalRows(result).filter((row) => row.points || row.parks || row.coats_of_arms);
    const final = rows.length
      ? h("table", { class: "cb-final" }, rows.map((row) => {
        const how = L.explainFinal(row);
        const parts = [];
        if (row.coats_of_arms) parts.push(t("cronberg.final.coats"));
        if (row.parks) parts.push(t("cronberg.final.parks", { n: row.parks }));
        const sum = row.coats_of_arms && row.value !== how.base
          ? `${t("cronberg.final.arms", { value: row.value, base: how.base })}; ${t("cronberg.final.plain", { base: how.base, factor: how.factor, points: how.points })}`
          : t("cronberg.final.plain", { base: how.base, factor: how.factor, points: how.points });
        return h("tr", {},
          h("td", {}, h("span", { class: "cb-swatch cb-round", style: `background:${SEAT_COLOURS[row.seat]}` })),
          h("td", {}, t("cronberg.finalRow", { name: name(row.seat), point: row.pawn })),
          h("td", { class: "cb-muted" }, parts.join(", ")),
          h("td", {}, sum),
          h("td", { class: "cb-score" }, signed(row.points)));
      }))
      : h("p", { class: "cb-muted" }, t("cronberg.noFinal"));
    return h("section", { class: `cb-result${st.fresh ? " cb-fresh" : ""}` },
      h("h2", {}, t("cronberg.result"), " — ", title),
      h("ol", { class: "cb-ranking" }, ranking),
      h("h3", {}, t("cronberg.final")), final);
  }

  function destroy() {
    root.removeEventListener("keydown", onKey);
    root.replaceChildren();
    root.classList.remove("board-cronberg");
  }

  /** A log entry in words, for the table's log; a tile drawn shows when it is laid. */
  function describe(entry, previous) {
    if (entry.by === "chance") return null;
    const move = L.parseMove(entry.move);
    if (move.kind === "pawn") return t("cronberg.last.pawn", { name: name(entry.by), point: move.point });
    if (move.kind === "draw") return t("cronberg.last.draw", { name: name(entry.by) });
    if (move.kind !== "lay") return null;
    const drawn = previous?.by === "chance" ? L.parseMove(previous.move).tile : null;
    return t("cronberg.last.lay", { name: name(entry.by), tile: drawn ? tileName(drawn) : "?", a: move.triangles[0], b: move.triangles[1] });
  }

  return { update, destroy, describe };
}

// The symbols of the special triangles, defined once per board.
function defs(uid) {
  return s("svg", { class: "cb-defs", width: 0, height: 0, "aria-hidden": "true", focusable: "false" },
    s("defs", {},
      s("symbol", { id: `${uid}-park`, viewBox: "0 0 26 26" },
        s("rect", { x: 11.5, y: 14, width: 3, height: 8, fill: "#6b4a2b" }),
        s("circle", { cx: 13, cy: 10, r: 7.5, fill: "#2f7d32", stroke: "#1d4f20", "stroke-width": 1 }),
        s("circle", { cx: 10.5, cy: 8, r: 2.2, fill: "#5fae55" }),
        s("text", { x: 13, y: 25.5, "text-anchor": "middle", "font-size": 7, "font-weight": 700, fill: "#1d4f20" }, "×2")),
      s("symbol", { id: `${uid}-guard`, viewBox: "0 0 26 26" },
        s("path", { d: "M13 2 V24", stroke: "#4b3a2a", "stroke-width": 2, "stroke-linecap": "round" }),
        s("path", { d: "M13 5 Q20 6 20 12 Q16 10 13 11 Z", fill: "#7c8796", stroke: "#333", "stroke-width": 0.8 }),
        s("path", { d: "M13 5 L9 8 L13 9 Z", fill: "#7c8796", stroke: "#333", "stroke-width": 0.8 }),
        s("path", { d: "M13 1 L14.6 5 H11.4 Z", fill: "#7c8796" })),
      s("symbol", { id: `${uid}-coat_of_arms`, viewBox: "0 0 26 26" },
        s("path", { d: "M4 3 H22 V12 Q22 20 13 24 Q4 20 4 12 Z", fill: "#c0392b", stroke: "#5a1a12", "stroke-width": 1.2 }),
        s("path", { d: "M13 4 V23 M4.5 11 H21.5", stroke: "#f4c542", "stroke-width": 2.6 }))));
}
