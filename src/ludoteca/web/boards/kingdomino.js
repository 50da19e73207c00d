// The Kingdomino board: the two lines with their kings, every kingdom on its grid, the
// action area with OK. Mounted by the table screen (or dev/board.html) as
// createBoard(root, ctx) -> {update(view), describe(entry), destroy()}: the board contract,
// core/board-contract.js.
import { isMyTurn } from "../core/board-contract.js";
import { ensureCss, keepFocus, nameOf, playsOnClick } from "../core/board-kit.js";
import { h, s } from "../core/dom.js";
import { addCatalog, t } from "../core/i18n.js";
import { createMoveSender } from "../core/move-sender.js";
import catalog from "./kingdomino.i18n.js";
import * as L from "./kingdomino-logic.js";

addCatalog(catalog);

export const cssUrl = new URL("./kingdomino.css", import.meta.url).href;

/** One seat's part of the result, for the result screen: its sheet's figures. */
export function breakdown(result, seat) {
  const sheet = result.details?.sheets?.[seat];
  if (!sheet) return [];
  const out = [[t("kingdomino.breakdown.properties"), sheet.property_points]];
  if (sheet.middle_kingdom) out.push([t("kingdomino.breakdown.middle"), sheet.middle_kingdom]);
  if (sheet.harmony) out.push([t("kingdomino.breakdown.harmony"), sheet.harmony]);
  out.push([t("kingdomino.breakdown.largest"), sheet.largest_property], [t("kingdomino.breakdown.crowns"), sheet.crowns]);
  return out;
}

const CELL = 40; // a square of a kingdom, in SVG units
const LINE_CELL = 34; // a square of a domino on the lines
const SEAT_COLOURS = ["#e0609f", "#f2c12e", "#3ea85a", "#3a78d0"]; // the castles: pink, yellow, green, blue
const TERRAIN_COLOURS = {
  wheat: "#e8c54a", forest: "#2f7a3c", lake: "#3f8fd6", grass: "#94c957", swamp: "#8b8a5a", mine: "#5d5650",
  castle: "#ece6da",
};

let boards = 0;

export function createBoard(root, ctx) {
  ensureCss(cssUrl);
  const uid = `kd${++boards}`;
  const columns = ctx.components?.columns || L.DEFAULT_COLUMNS;
  const st = {
    view: null, group: null, rotation: 0, selection: null, hover: null, turnKey: null,
    fresh: false, logLength: 0, drag: null,
  };
  let overlay = null; // the preview layer of the viewer's own kingdom

  root.replaceChildren();
  root.classList.add("board-kingdomino");
  const defs = patternDefs(uid);
  const table = h("div", { class: "kd-table" });
  const side = h("aside", { class: "kd-side" });
  const board = h("div", { class: "kd-board" }, table, side);
  root.append(defs, board);

  const name = (seat) => nameOf(ctx, seat, `#${seat + 1}`);
  const mine = () => isMyTurn(st.view);
  const sender = createMoveSender(ctx, () => render());
  const phase = () => st.view?.position?.phase;
  const placing = () => mine() && phase() === "place" && st.group.places.size > 0;
  const picking = () => mine() && st.group.picks.length > 0;

  // -- choosing -------------------------------------------------------------------------

  function choose(selection, square = null) {
    if (!selection) return;
    if (st.selection && st.selection.move === selection.move) return confirm();
    st.selection = selection;
    if (selection.rotation !== undefined) st.rotation = selection.rotation;
    st.hover = null;
    if (playsOnClick(ctx) && L.namedByClick(st.group, selection, square)) return confirm();
    render();
  }

  function turn() {
    if (!placing()) return;
    const next = L.rotate(st.group, st.rotation, st.selection, columns);
    st.rotation = next.rotation;
    st.selection = next.selection;
    render();
  }

  /** Send the chosen move: the board holds still until the view that answers it. */
  function confirm() {
    const selection = st.selection;
    if (!selection || !st.group.all.has(selection.move)) return;
    if (sender.send(st.view, selection.move)) render();
  }

  function onKey(event) {
    if (!st.view || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    if ((event.key === "r" || event.key === "R") && placing()) {
      event.preventDefault();
      turn();
    } else if (event.key === "Escape" && st.selection && !sender.busy) {
      st.selection = st.group.discard ? st.selection : null;
      render();
    }
  }
  document.addEventListener("keydown", onKey);

  function activate(event, action) {
    if (event.type === "keydown" && event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    action();
  }

  // -- update ---------------------------------------------------------------------------

  function update(view) {
    const key = `${view.seat}|${view.to_move}|${view.position?.phase}|${view.position?.line?.[0]?.domino}`;
    const group = L.groupLegal(view.legal_moves || [], ctx.components);
    const kept = key === st.turnKey && L.stillLegal(group, st.selection) ? st.selection : null;
    st.fresh = (view.log_from || 0) + (view.log || []).length !== st.logLength;
    st.logLength = (view.log_from || 0) + (view.log || []).length;
    st.view = view;
    st.group = group;
    st.turnKey = key;
    st.selection = kept;
    sender.viewed();
    st.hover = null;
    if (!kept && group.discard) st.selection = { kind: "discard", domino: group.domino, move: group.discard };
    if (!kept && group.places.size && L.anchors(group, st.rotation, columns).length === 0) {
      st.rotation = L.rotationsWithSpots(group, columns)[0] ?? st.rotation;
    }
    render();
    st.fresh = false;
  }

  // -- drawing --------------------------------------------------------------------------

  function render() {
    if (!st.view) return;
    const view = st.view;
    const position = view.position;
    keepFocus(root, () => {
      table.replaceChildren(...[
        view.result ? null : linesSection(view), view.result && resultSection(view), kingdomsSection(view),
      ].filter(Boolean));
      side.replaceChildren(actionSection(view), playersSection(view));
    });
    board.classList.toggle("kd-my-turn", mine());
    board.classList.toggle("kd-duel", position.kingdom_size > 5);
  }

  function lastOf(kind) {
    return L.lastTurn(st.view).find((move) => move.kind === kind) || null;
  }

  // The two lines: the kings still to act on the line in play, and the next line.
  function linesSection(view) {
    const position = view.position;
    const lineSize = lineLength(view);
    const lastPick = lastOf("pick");
    const heading = [];
    if (view.options?.dynasty) heading.push(h("span", { class: "kd-chip" }, t("kingdomino.game", { n: position.game })));
    for (const option of ["middle_kingdom", "harmony", "mighty_duel"]) {
      if (view.options?.[option]) heading.push(h("span", { class: "kd-chip" }, t(`kingdomino.option.${option}`)));
    }
    heading.push(h("span", { class: "kd-chip kd-muted" }, t("kingdomino.left", { n: position.dominoes_left })));
    const placedFirst = position.phase === "pick" && position.line.length ? position.line[0].domino : null;
    const current = lineSvg(L.lineInPlay(view, lineSize), lineSize, {
      placed: placedFirst,
      acting: view.to_move !== "chance" && position.phase !== "claim" ? position.line[0]?.domino : null,
    });
    const next = lineSvg(position.next_line, lineSize, {
      pickable: picking() ? st.group.picks : [],
      selected: st.selection?.kind === "pick" ? st.selection.domino : null,
      last: lastPick && st.fresh ? lastPick.domino : null,
      lastAny: lastPick ? lastPick.domino : null,
    });
    const first = !position.line.length && position.players.every((player) => !player.kingdom.length);
    return h("section", { class: "kd-lines" },
      h("div", { class: "kd-chips" }, heading),
      h("div", { class: "kd-line-row" },
        position.line.length ? h("figure", { class: "kd-line", title: t("kingdomino.lineTip") },
          h("figcaption", {}, t("kingdomino.line")), current) : null,
        h("figure", { class: "kd-line", title: t("kingdomino.lineTip") },
          h("figcaption", {}, t(first ? "kingdomino.firstLine" : "kingdomino.nextLine")), next)));
  }

  function lineLength(view) {
    const setups = ctx.components?.setups || {};
    const setup = view.options?.mighty_duel ? setups.mighty_duel : setups[String(view.players)];
    if (setup) return setup.kings_per_seat * view.players;
    return view.players === 3 ? 3 : 4;
  }

  function lineSvg(slots, size, { pickable = [], selected = null, last = null, lastAny = null, placed = null, acting = null }) {
    const step = 2 * LINE_CELL + 14;
    const width = size * step - 14 + 4;
    const height = LINE_CELL + 40;
    const svg = s("svg", { viewBox: `-2 -2 ${width} ${height}`, class: "kd-line-svg", role: "group" });
    for (let i = 0; i < size; i++) {
      const x = i * step;
      const y = 12;
      const slot = slots[i];
      if (!slot) {
        svg.append(s("rect", { x, y, width: 2 * LINE_CELL, height: LINE_CELL, rx: 4, class: "kd-slot-empty" }));
        continue;
      }
      const domino = L.dominoOf(ctx.components, slot.domino);
      const canPick = pickable.includes(slot.domino);
      const classes = ["kd-line-domino"];
      if (canPick) classes.push("kd-pickable");
      if (selected === slot.domino) classes.push("kd-selected");
      if (lastAny === slot.domino) classes.push("kd-last");
      if (last === slot.domino) classes.push("kd-fresh");
      if (placed === slot.domino || slot.done) classes.push("kd-placed");
      if (acting === slot.domino) classes.push("kd-acting");
      const tip = dominoTip(slot.domino, domino) + (slot.king !== null ? ` — ${t("kingdomino.kingTip", { name: name(slot.king), n: slot.domino })}` : "");
      const g = s("g", {
        class: classes.join(" "),
        tabindex: canPick ? 0 : undefined,
        role: canPick ? "button" : undefined,
        "aria-label": tip,
        "data-key": canPick ? `pick:${slot.domino}` : undefined,
      }, s("title", {}, tip));
      const halves = s("g", { class: "kd-halves" });
      if (domino) {
        halves.append(half(0, 0, LINE_CELL, domino.first), half(LINE_CELL, 0, LINE_CELL, domino.second));
      }
      halves.append(s("rect", { x: 0, y: 0, width: 2 * LINE_CELL, height: LINE_CELL, rx: 3, class: "kd-domino-frame" }));
      g.append(halves);
      g.append(s("text", { x: LINE_CELL, y: LINE_CELL + 15, class: "kd-number" }, String(slot.domino)));
      if (slot.king !== null) g.append(king(LINE_CELL, -2, slot.king, 0.95));
      if (canPick) {
        const pick = { kind: "pick", domino: slot.domino, move: `pick ${slot.domino}` };
        const act = (event) => activate(event, () => choose(pick));
        g.addEventListener("click", act);
        g.addEventListener("keydown", act);
      }
      svg.append(s("g", { transform: `translate(${x} ${y})` }, g));
    }
    return svg;
  }

  function dominoTip(number, domino) {
    if (!domino) return t("kingdomino.domino", { n: number });
    return t("kingdomino.dominoTip", { n: number, first: halfText(domino.first), second: halfText(domino.second) });
  }

  function halfText({ terrain, crowns }) {
    const text = t(`kingdomino.terrain.${terrain}`);
    if (!crowns) return text;
    return `${text} (${t(crowns === 1 ? "kingdomino.crowns.1" : "kingdomino.crowns.n", { n: crowns })})`;
  }

  // One square of a domino: terrain colour, its pattern, its crowns.
  function half(x, y, size, { terrain, crowns }, extra = {}) {
    const g = s("g", { class: `kd-half kd-${terrain}`, ...extra });
    g.append(
      s("rect", { x, y, width: size, height: size, fill: TERRAIN_COLOURS[terrain] || "#ccc" }),
      s("rect", { x, y, width: size, height: size, fill: `url(#${uid}-${terrain})` }),
    );
    const k = size / 40;
    for (let i = 0; i < crowns; i++) {
      g.append(s("use", { href: `#${uid}-crown`, x: x + (2 + i * 12.5) * k, y: y + 2 * k, width: 13 * k, height: 11 * k }));
    }
    return g;
  }

  function king(cx, y, seat, scale = 1) {
    return s("use", {
      href: `#${uid}-king`, x: cx - 10 * scale, y: y - 14 * scale, width: 20 * scale, height: 24 * scale,
      class: "kd-king", style: `color:${SEAT_COLOURS[seat]}`,
    });
  }

  // -- kingdoms -------------------------------------------------------------------------

  function kingdomsSection(view) {
    const seats = [...Array(view.players).keys()];
    if (view.seat !== null) seats.sort((a, b) => (a === view.seat ? -1 : b === view.seat ? 1 : a - b));
    return h("section", { class: "kd-kingdoms" }, seats.map((seat) => kingdomCard(view, seat)));
  }

  function kingdomCard(view, seat) {
    const player = view.position.players[seat];
    const own = seat === view.seat;
    const acting = view.to_move === seat;
    const sheet = player.score;
    const header = h("header", { class: "kd-kingdom-head" },
      h("span", { class: "kd-swatch", style: `background:${SEAT_COLOURS[seat]}` }),
      h("strong", {}, name(seat)),
      own ? h("span", { class: "kd-you" }, t("kingdomino.you")) : null,
      acting ? h("span", { class: "kd-turn" }, "▶ ", t("kingdomino.toMove")) : null,
      h("span", { class: "kd-score", title: t("kingdomino.figures", { largest: sheet.largest_property, crowns: sheet.crowns }) },
        t("kingdomino.points", { n: sheet.score })));
    const card = h("article", {
      class: `kd-kingdom${own ? " kd-own" : ""}${acting ? " kd-acting" : ""}`,
      style: `--seat:${SEAT_COLOURS[seat]}`,
      "aria-label": t("kingdomino.kingdom", { name: name(seat) }),
    }, header, kingdomSvg(view, seat));
    return card;
  }

  function kingdomSvg(view, seat) {
    const position = view.position;
    const squares = position.players[seat].squares;
    const size = position.kingdom_size;
    const interactive = seat === view.seat && placing();
    const spots = new Set(interactive ? L.anchors(st.group, st.rotation, columns) : []);
    const [c0, c1, r0, r1] = L.kingdomWindow(squares, size, position.castle, columns);
    const pad = 14;
    const width = (c1 - c0 + 1) * CELL;
    const height = (r1 - r0 + 1) * CELL;
    const svg = s("svg", {
      class: "kd-kingdom-svg",
      viewBox: `${-pad} ${-pad} ${width + pad + 2} ${height + pad + 2}`,
      style: `--cells:${Math.max(c1 - c0 + 1, r1 - r0 + 1)}`,
    });
    const lastPlace = lastOf("place");
    const lastSquares = lastPlace && lastPlace.by === seat ? [lastPlace.first, lastPlace.second] : [];
    for (let c = c0; c <= c1; c++) {
      svg.append(s("text", { x: (c - c0 + 0.5) * CELL, y: -4, class: "kd-axis" }, columns[c]));
    }
    for (let r = r0; r <= r1; r++) {
      svg.append(s("text", { x: -7, y: (r - r0 + 0.5) * CELL + 3, class: "kd-axis" }, String(r + 1)));
    }
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const name_ = L.squareName([c, r], columns);
        const x = (c - c0) * CELL;
        const y = (r - r0) * CELL;
        const content = squares[name_];
        if (content === "castle") {
          svg.append(castle(x, y, seat));
        } else if (content) {
          const halfData = L.parseHalf(content);
          const tip = t("kingdomino.squareTip", { square: name_, what: halfText(halfData) });
          const g = half(x, y, CELL, halfData, { "data-square": interactive ? name_ : undefined });
          g.prepend(s("title", {}, tip));
          svg.append(g);
        } else {
          const spot = spots.has(name_);
          const cell = s("rect", {
            x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 3,
            class: `kd-empty${spot ? " kd-spot" : ""}`,
            "data-square": interactive ? name_ : undefined,
            "data-key": spot ? `sq:${name_}` : undefined,
            tabindex: spot ? 0 : undefined,
            role: spot ? "button" : undefined,
            "aria-label": spot ? t("kingdomino.spotTip", { square: name_ }) : undefined,
          }, s("title", {}, t(spot ? "kingdomino.spotTip" : "kingdomino.emptyTip", { square: name_ })));
          if (spot) {
            cell.addEventListener("keydown", (event) =>
              activate(event, () => choose(L.placementAt(st.group, name_, st.rotation, columns), name_)));
          }
          svg.append(cell);
        }
      }
    }
    for (const square of lastSquares) {
      const at = L.squareOf(square, columns);
      if (!at) continue;
      const box = { x: (at[0] - c0) * CELL + 2, y: (at[1] - r0) * CELL + 2, width: CELL - 4, height: CELL - 4, rx: 2 };
      svg.append(s("g", { class: `kd-last-square${st.fresh ? " kd-fresh" : ""}` },
        s("title", {}, t("kingdomino.lastTitle")),
        s("rect", { ...box, class: "kd-last-outer" }), s("rect", { ...box, class: "kd-last-inner" })));
    }
    if (interactive) {
      overlay = s("g", { class: "kd-overlay" });
      overlay.dataset.window = JSON.stringify([c0, r0]);
      svg.append(overlay);
      drawOverlay();
      svg.addEventListener("pointermove", (event) => {
        const square = event.target.closest?.("[data-square]")?.dataset.square;
        const hover = square ? L.placementAt(st.group, square, st.rotation, columns) || L.selectAt(st.group, square, st.rotation, columns) : null;
        const sameRotation = hover && hover.rotation === st.rotation ? hover : null;
        if ((sameRotation?.move || null) !== (st.hover?.move || null)) {
          st.hover = sameRotation;
          drawOverlay();
        }
      });
      svg.addEventListener("pointerleave", () => {
        st.hover = null;
        drawOverlay();
      });
      svg.addEventListener("click", (event) => {
        const square = event.target.closest?.("[data-square]")?.dataset.square;
        if (!square) return;
        const chosen = st.selection?.kind === "place" ? st.selection : null;
        if (chosen && (chosen.first === square || chosen.second === square)) confirm();
        else choose(L.selectAt(st.group, square, st.rotation, columns), square);
      });
    }
    return svg;
  }

  // The domino being placed: a ghost where the pointer is, solid where it is chosen.
  function drawOverlay() {
    if (!overlay) return;
    const [c0, r0] = JSON.parse(overlay.dataset.window);
    overlay.replaceChildren();
    const domino = L.dominoOf(ctx.components, st.group.domino);
    const shown = [];
    if (st.selection?.kind === "place") shown.push([st.selection, "kd-chosen"]);
    if (st.hover && st.hover.move !== st.selection?.move) shown.push([st.hover, "kd-ghost"]);
    for (const [placement, cls] of shown) {
      const a = L.squareOf(placement.first, columns);
      const b = L.squareOf(placement.second, columns);
      const g = s("g", { class: cls });
      if (domino) {
        g.append(half((a[0] - c0) * CELL, (a[1] - r0) * CELL, CELL, domino.first),
          half((b[0] - c0) * CELL, (b[1] - r0) * CELL, CELL, domino.second));
      }
      const x = (Math.min(a[0], b[0]) - c0) * CELL;
      const y = (Math.min(a[1], b[1]) - r0) * CELL;
      g.append(s("rect", {
        x: x + 1, y: y + 1, width: (Math.abs(a[0] - b[0]) + 1) * CELL - 2, height: (Math.abs(a[1] - b[1]) + 1) * CELL - 2,
        rx: 3, class: "kd-outline",
      }));
      overlay.append(g);
    }
  }

  function castle(x, y, seat) {
    const tip = t("kingdomino.castleTip", { name: name(seat) });
    return s("g", { class: "kd-castle" },
      s("title", {}, tip),
      s("rect", { x, y, width: CELL, height: CELL, fill: TERRAIN_COLOURS.castle }),
      s("use", { href: `#${uid}-castle`, x: x + 5, y: y + 5, width: 30, height: 30, style: `color:${SEAT_COLOURS[seat]}` }));
  }

  // -- the action area ------------------------------------------------------------------

  function actionSection(view) {
    const ask = L.prompt(view);
    const params = { ...ask, name: ask.seat !== undefined && ask.seat !== null ? name(ask.seat) : "" };
    const parts = [h("p", { class: "kd-prompt", "aria-live": "polite" }, t(ask.key, params))];
    const selection = st.selection;
    const buttons = [];
    if (placing()) buttons.push(handDomino());
    if (placing()) {
      buttons.push(h("button", {
        type: "button", class: "kd-rotate", title: t("kingdomino.rotateTip"), "data-key": "btn:rotate",
        onclick: () => turn(),
      }, "⟳ ", t("kingdomino.rotate")));
    }
    if (mine()) {
      buttons.push(h("button", {
        type: "button", class: "primary kd-ok", "data-key": "btn:ok",
        disabled: !selection || sender.busy,
        title: selection ? selection.move : undefined,
        onclick: () => confirm(),
      }, selection?.kind === "discard" ? t("kingdomino.discard") : t("kingdomino.ok")));
    }
    if (buttons.length) parts.push(h("div", { class: "kd-buttons" }, buttons));
    if (selection && mine()) parts.push(h("p", { class: "kd-chosen-text" }, chosenText(selection)));
    else if (placing()) {
      const spots = L.anchors(st.group, st.rotation, columns).length;
      parts.push(h("p", { class: "kd-hint" }, t(spots ? "kingdomino.hint.place" : "kingdomino.hint.noSpot")));
    } else if (picking()) {
      parts.push(h("p", { class: "kd-hint" }, t("kingdomino.hint.pick")));
    }
    if (sender.sent) parts.push(h("p", { class: "kd-hint" }, t("kingdomino.sent", { move: sender.sent })));
    if (sender.error) parts.push(h("p", { class: "kd-error", role: "alert" }, sender.error));
    const turnDone = L.lastTurn(view);
    if (turnDone.length) {
      const by = turnDone[0].by;
      parts.push(h("p", { class: "kd-last-text", title: turnDone.map((m) => `${m.kind} ${m.domino}`).join(", ") },
        h("span", { class: "kd-swatch", style: `background:${SEAT_COLOURS[by]}` }),
        turnDone.map((m) => t(`kingdomino.last.${m.kind}`, { name: name(by), domino: m.domino })).join("; ")));
    }
    return h("section", { class: `kd-action${mine() ? " kd-action-mine" : ""}` }, parts);
  }

  function chosenText(selection) {
    if (selection.kind === "pick") return t("kingdomino.chosen.pick", { domino: selection.domino });
    if (selection.kind === "discard") return t("kingdomino.chosen.discard", { domino: selection.domino });
    const domino = L.dominoOf(ctx.components, st.group.domino);
    return t("kingdomino.chosen.place", {
      domino: st.group.domino, a: selection.first, b: selection.second,
      first: domino ? halfText(domino.first) : "", second: domino ? halfText(domino.second) : "",
    });
  }

  // The domino to place, turned as it will lie: rotate it, or drag it onto the kingdom.
  function handDomino() {
    const domino = L.dominoOf(ctx.components, st.group.domino);
    const [dc, dr] = L.DIRECTIONS[st.rotation];
    const size = 30;
    const ax = dc < 0 ? size : 0;
    const ay = dr < 0 ? size : 0;
    const w = (Math.abs(dc) + 1) * size;
    const hgt = (Math.abs(dr) + 1) * size;
    const svg = s("svg", {
      class: "kd-hand", viewBox: `-3 -3 ${w + 6} ${hgt + 6}`, width: w + 6, height: hgt + 6,
      role: "img", "aria-label": dominoTip(st.group.domino, domino),
    }, s("title", {}, dominoTip(st.group.domino, domino)));
    if (domino) {
      svg.append(half(ax, ay, size, domino.first), half(ax + dc * size, ay + dr * size, size, domino.second));
    }
    svg.append(s("rect", { x: 0, y: 0, width: w, height: hgt, rx: 3, class: "kd-domino-frame" }));
    svg.addEventListener("pointerdown", (event) => startDrag(event, svg));
    return svg;
  }

  function startDrag(event, svg) {
    if (!placing()) return;
    event.preventDefault();
    const ghost = svg.cloneNode(true);
    ghost.classList.add("kd-drag-ghost");
    document.body.append(ghost);
    const move = (e) => {
      ghost.style.left = `${e.clientX - 18}px`;
      ghost.style.top = `${e.clientY - 18}px`;
      const under = document.elementFromPoint(e.clientX, e.clientY);
      const square = under?.closest?.("[data-square]")?.dataset.square;
      const hover = square ? L.placementAt(st.group, square, st.rotation, columns) : null;
      if ((hover?.move || null) !== (st.hover?.move || null)) {
        st.hover = hover;
        drawOverlay();
      }
    };
    const start = [event.clientX, event.clientY];
    const end = (e) => {
      const still = e.clientX !== undefined && Math.hypot(e.clientX - start[0], e.clientY - start[1]) < 6;
      document.removeEventListener("pointermove", move);
      document.removeEventListener("pointerup", end);
      document.removeEventListener("pointercancel", end);
      ghost.remove();
      st.drag = null;
      const chosen = e.type === "pointerup" && !still ? st.hover : null;
      st.hover = null;
      if (chosen) choose(chosen);
      else if (e.type === "pointerup" && still) turn(); // a tap on the domino turns it
      else drawOverlay();
    };
    st.drag = { end };
    move(event);
    document.addEventListener("pointermove", move);
    document.addEventListener("pointerup", end);
    document.addEventListener("pointercancel", end);
  }

  // -- players and result ---------------------------------------------------------------

  function playersSection(view) {
    const position = view.position;
    const kings = L.kingsOnLines(position, view.players);
    const totals = position.dynasty_totals;
    const rows = [...Array(view.players).keys()].map((seat) => {
      const sheet = position.players[seat].score;
      const on = [...kings[seat].line, ...kings[seat].next];
      return h("li", {
        class: `kd-player${view.to_move === seat ? " kd-player-turn" : ""}${seat === view.seat ? " kd-player-me" : ""}`,
        style: `--seat:${SEAT_COLOURS[seat]}`,
        title: t("kingdomino.figures", { largest: sheet.largest_property, crowns: sheet.crowns }),
      },
      h("span", { class: "kd-swatch", style: `background:${SEAT_COLOURS[seat]}` }),
      h("span", { class: "kd-player-name" }, name(seat), seat === view.seat ? ` (${t("kingdomino.you")})` : ""),
      h("span", { class: "kd-player-score" }, t("kingdomino.pointsShort", { n: sheet.score })),
      h("span", { class: "kd-player-kings" }, [
        on.length ? t("kingdomino.kingsOn", { list: on.join(", ") }) : "",
        sheet.discards ? t("kingdomino.discards", { n: sheet.discards }) : "",
        totals ? `${t("kingdomino.totals")}: ${totals[seat] + sheet.score}` : "",
      ].filter(Boolean).join(" · ")));
    });
    return h("section", { class: "kd-players" }, h("ul", {}, rows));
  }

  function resultSection(view) {
    const result = view.result;
    const details = result.details || {};
    const winners = result.ranking[0] || [];
    const title = winners.length === 1
      ? t("kingdomino.winner", { name: name(winners[0]) })
      : t("kingdomino.winners", { names: winners.map(name).join(", ") });
    const rows = [];
    const games = details.games || [];
    result.ranking.forEach((place, index) => {
      for (const seat of place) {
        const sheet = (details.sheets || [])[seat] || view.position.players[seat].score;
        const properties = L.scoringRows(sheet).filter((p) => p.crowns > 0);
        rows.push(h("li", { class: "kd-result-row", style: `--seat:${SEAT_COLOURS[seat]}` },
          h("div", { class: "kd-result-head" },
            h("span", { class: "kd-place" }, t(`kingdomino.place.${index + 1}`)),
            h("span", { class: "kd-swatch", style: `background:${SEAT_COLOURS[seat]}` }),
            h("strong", {}, name(seat)),
            // A match ended by resignation has no scores.
            result.scores ? h("span", { class: "kd-score" }, t("kingdomino.points", { n: result.scores[seat] })) : null),
          games.length > 1 ? h("p", { class: "kd-small kd-muted" }, t("kingdomino.gamesRow", { n: games.length })) : null,
          h("ul", { class: "kd-properties" },
            properties.length
              ? properties.map((p) => h("li", {},
                miniHalf(p.terrain),
                t("kingdomino.property", {
                  terrain: t(`kingdomino.terrain.${p.terrain}`), squares: p.squares, crowns: p.crowns, points: p.points,
                })))
              : h("li", { class: "kd-muted" }, t("kingdomino.noProperties")),
            sheet.middle_kingdom ? h("li", {}, t("kingdomino.bonus.middle_kingdom", { n: sheet.middle_kingdom })) : null,
            sheet.harmony ? h("li", {}, t("kingdomino.bonus.harmony", { n: sheet.harmony })) : null),
          h("p", { class: "kd-muted kd-small" },
            t("kingdomino.figures", { largest: details.largest_property?.[seat] ?? sheet.largest_property, crowns: details.crowns?.[seat] ?? sheet.crowns }),
            sheet.discards ? ` · ${t("kingdomino.discards", { n: sheet.discards })}` : "")));
      }
    });
    const dynasty = games.length > 1
      ? h("table", { class: "kd-games" },
        h("tr", {}, h("th", {}, ""), [...Array(view.players).keys()].map((seat) => h("th", {}, name(seat)))),
        games.map((game, i) => h("tr", {}, h("th", {}, t("kingdomino.gamesRow", { n: i + 1 })),
          game.scores.map((score) => h("td", {}, String(score))))),
        h("tr", { class: "kd-total" }, h("th", {}, t("kingdomino.totals")), result.scores.map((score) => h("td", {}, String(score)))))
      : null;
    return h("section", { class: `kd-result${st.fresh ? " kd-fresh" : ""}` },
      h("h2", {}, t("kingdomino.result"), " — ", title),
      h("ol", { class: "kd-result-list" }, rows),
      dynasty,
      h("p", { class: "kd-muted kd-small" }, t("kingdomino.tieBreak")));
  }

  function miniHalf(terrain) {
    return s("svg", { class: "kd-mini", viewBox: "0 0 40 40", width: 18, height: 18, "aria-hidden": "true" },
      half(0, 0, 40, { terrain, crowns: 0 }));
  }

  function destroy() {
    document.removeEventListener("keydown", onKey);
    if (st.drag) st.drag.end({ type: "pointercancel" });
    root.replaceChildren();
    root.classList.remove("board-kingdomino");
  }

  /** A log entry in words, for the table's log; chance draws show on the board. */
  function describe(entry) {
    if (entry.by === "chance") return null;
    const move = L.parseMove(entry.move);
    if (!["place", "pick", "discard"].includes(move.kind)) return null;
    return t(`kingdomino.last.${move.kind}`, { name: name(entry.by), domino: move.domino });
  }

  return { update, destroy, describe };
}

// The patterns that make each terrain readable without its colour, the crown, the castle
// and the king: defined once per board, used by every SVG of it.
function patternDefs(uid) {
  const pattern = (terrain, w, hgt, ...shapes) =>
    s("pattern", { id: `${uid}-${terrain}`, width: w, height: hgt, patternUnits: "userSpaceOnUse" }, ...shapes);
  return s("svg", { class: "kd-defs", width: 0, height: 0, "aria-hidden": "true", focusable: "false" },
    s("defs", {},
      pattern("wheat", 10, 10,
        s("path", { d: "M2 9 L4 3 M5 9 L5 2 M8 9 L6 3", stroke: "#a77f14", "stroke-width": 1, fill: "none", "stroke-linecap": "round" })),
      pattern("forest", 13, 13,
        s("path", { d: "M6.5 1.5 L11 10 L2 10 Z", fill: "#1d5428" }),
        s("path", { d: "M6.5 10 V12.5", stroke: "#4a2f1a", "stroke-width": 1.2 })),
      pattern("lake", 16, 9,
        s("path", { d: "M0 5 Q4 1.5 8 5 T16 5", stroke: "#cfe8fb", "stroke-width": 1.2, fill: "none" })),
      pattern("grass", 12, 12,
        s("path", { d: "M3 10 L2 6 M4 10 L4.5 5 M5 10 L7 6.5", stroke: "#5d8f2b", "stroke-width": 1, fill: "none", "stroke-linecap": "round" })),
      pattern("swamp", 14, 12,
        s("path", { d: "M1 8 H7 M8 4 H13", stroke: "#3f6b74", "stroke-width": 1.3 }),
        s("path", { d: "M3 8 V3 M5 8 V4.5 M10 4 V0.5", stroke: "#4f4a26", "stroke-width": 1 })),
      pattern("mine", 12, 12,
        s("path", { d: "M1 11 L5 4 L9 11 Z", fill: "#3d3733" }),
        s("circle", { cx: 9.5, cy: 3, r: 1.2, fill: "#f4d36b" })),
      s("symbol", { id: `${uid}-crown`, viewBox: "0 0 12 10" },
        s("path", { d: "M1 9 L1 3 L3.8 5.6 L6 1 L8.2 5.6 L11 3 L11 9 Z", fill: "#ffd43b", stroke: "#5c4300", "stroke-width": 1, "stroke-linejoin": "round" })),
      s("symbol", { id: `${uid}-castle`, viewBox: "0 0 30 30" },
        s("path", {
          d: "M4 28 V11 H7 V7 H10 V11 H12 V4 H15 V1 H18 V4 H21 V11 H23 V7 H26 V11 H26 V28 Z",
          fill: "currentColor", stroke: "#222", "stroke-width": 1.3, "stroke-linejoin": "round",
        }),
        s("path", { d: "M12.5 28 V21 a2.5 2.5 0 0 1 5 0 V28 Z", fill: "#222" })),
      s("symbol", { id: `${uid}-king`, viewBox: "0 0 20 24" },
        s("path", {
          d: "M4 23 L6 13 Q3 11 5.5 8.5 Q8 6.8 10 6.8 Q12 6.8 14.5 8.5 Q17 11 14 13 L16 23 Z",
          fill: "currentColor", stroke: "#1b1b1b", "stroke-width": 1.2, "stroke-linejoin": "round",
        }),
        s("path", { d: "M5.5 6.5 L5.5 1.5 L8 3.8 L10 0.8 L12 3.8 L14.5 1.5 L14.5 6.5 Z", fill: "#ffd43b", stroke: "#1b1b1b", "stroke-width": 1, "stroke-linejoin": "round" }))));
}
