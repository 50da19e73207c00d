// The Keltis board: the deck, the six discard piles and the wish stones in the middle;
// your hand sorted by colour; your five colour rows as columns with their direction and
// points; the other players' rows, hand sizes and stones. Hidden hands stay hidden: a
// view of another seat holds only how many cards it has, so that is all that is drawn.

import { h, s } from "../core/dom.js";
import { addCatalog, t } from "../core/i18n.js";
import { ensureCss, keepFocus, logLength, nameOf, playsOnClick } from "../core/board-kit.js";
import { createMoveSender } from "../core/move-sender.js";
import catalog from "./keltis.i18n.js";
import * as L from "./keltis-logic.js";

addCatalog(catalog);

export const cssUrl = new URL("./keltis.css", import.meta.url).href;

/** One seat's part of the result, for the result screen: rows, point row, wish stones. */
export function breakdown(result, seat) {
  const p = result.details?.players?.[seat];
  if (!p) return [];
  const rows = Object.values(p.rows).reduce((sum, row) => sum + row.points, 0);
  return [
    [t("keltis.breakdown.rows"), rows],
    [t("keltis.breakdown.pointRow"), p.point_row.points],
    [t("keltis.breakdown.stones"), p.wish_stones.points],
  ];
}

const ROW_POINTS = [0, -4, -3, -2, 1, 2, 3, 6, 7, 10];
const STONE_POINTS = [-4, -1, 0, 4, 6, 10];
const byTable = (table, n) => table[Math.min(n, table.length - 1)];

/** A small shape per colour, so the colours can be told apart without seeing colour. */
function glyph(colour, x, y, r) {
  switch (colour) {
    case "r": return s("circle", { class: "kt-glyph", cx: x, cy: y, r });
    case "y": return s("path", { class: "kt-glyph", d: `M${x} ${y - r} L${x + r} ${y + r * 0.8} L${x - r} ${y + r * 0.8} Z` });
    case "g": return s("rect", { class: "kt-glyph", x: x - r * 0.85, y: y - r * 0.85, width: r * 1.7, height: r * 1.7 });
    case "b": return s("path", { class: "kt-glyph", d: `M${x} ${y - r} L${x + r} ${y} L${x} ${y + r} L${x - r} ${y} Z` });
    case "v": {
      const points = [];
      for (let i = 0; i < 10; i++) {
        const a = (Math.PI / 5) * i - Math.PI / 2;
        const d = i % 2 ? r * 0.45 : r;
        points.push(`${(x + d * Math.cos(a)).toFixed(1)},${(y + d * Math.sin(a)).toFixed(1)}`);
      }
      return s("polygon", { class: "kt-glyph", points: points.join(" ") });
    }
    default: return null;
  }
}

/** A card as SVG (viewBox 60×84): number, end and point cards, or a card back (id null). */
export function cardSvg(id) {
  const svg = (cls, ...children) => s("svg", { class: `kt-card-svg ${cls}`, viewBox: "0 0 60 84", "aria-hidden": "true" }, ...children);
  if (!id) {
    return svg(
      "back",
      s("rect", { class: "kt-bg", x: 1, y: 1, width: 58, height: 82, rx: 6 }),
      s("rect", { class: "kt-back-frame", x: 6, y: 6, width: 48, height: 72, rx: 4 }),
      s("path", { class: "kt-back-knot", d: "M30 20 L46 42 L30 64 L14 42 Z M30 30 L38 42 L30 54 L22 42 Z" }),
      s("circle", { class: "kt-back-dot", cx: 30, cy: 42, r: 3 }),
    );
  }
  const c = L.cardParts(id);
  const colourCls = c.colour ? `c-${c.colour}` : "c-p";
  if (c.kind === "end") {
    return svg(
      `${colourCls} end`,
      s("rect", { class: "kt-bg", x: 1, y: 1, width: 58, height: 82, rx: 6 }),
      s("rect", { class: "kt-inner", x: 5, y: 5, width: 50, height: 74, rx: 4 }),
      s("circle", { class: "kt-end-ring", cx: 30, cy: 44, r: 15 }),
      s("path", { class: "kt-end-spiral", d: "M30 44 m0 -9 a9 9 0 1 1 -7.8 4.5 M30 44 m7.8 4.5 a9 9 0 1 1 -7.8 -13.5 M30 44 m-7.8 4.5 a9 9 0 1 1 15.6 0" }),
      glyph(c.colour, 12, 13, 5),
      glyph(c.colour, 48, 13, 5),
    );
  }
  if (c.kind === "point") {
    return svg(
      "c-p point",
      s("rect", { class: "kt-bg", x: 1, y: 1, width: 58, height: 82, rx: 6 }),
      s("rect", { class: "kt-inner", x: 5, y: 5, width: 50, height: 74, rx: 4 }),
      s("text", { class: "kt-corner", x: 6, y: 19 }, String(c.number)),
      s("circle", { class: "kt-point-disc", cx: 30, cy: 48, r: 13 }),
      s("text", { class: "kt-point-one", x: 30, y: 55, "text-anchor": "middle" }, "1"),
      s("text", { class: "kt-corner small", x: 54, y: 78, "text-anchor": "end" }, String(c.number)),
    );
  }
  return svg(
    `${colourCls} number`,
    s("rect", { class: "kt-bg", x: 1, y: 1, width: 58, height: 82, rx: 6 }),
    s("rect", { class: "kt-inner", x: 5, y: 5, width: 50, height: 74, rx: 4 }),
    s("text", { class: "kt-corner", x: 6, y: 19 }, String(c.number)),
    glyph(c.colour, 49, 13, 5),
    s("text", { class: "kt-big", x: 30, y: 58, "text-anchor": "middle" }, String(c.number)),
    glyph(c.colour, 30, 73, 3.5),
  );
}

function stoneSvg(n) {
  return s(
    "svg",
    { class: "kt-stone-svg", viewBox: "0 0 40 40", "aria-hidden": "true" },
    s("path", { class: "kt-stone-shape", d: "M20 3 C31 3 37 10 37 19 C37 30 30 37 19 37 C9 37 3 30 3 20 C3 10 10 3 20 3 Z" }),
    s("text", { class: "kt-stone-num", x: 20, y: 26.5, "text-anchor": "middle" }, String(n)),
  );
}

export function createBoard(root, ctx) {
  ensureCss(cssUrl);
  root.classList.add("board-keltis");
  const comps = ctx.components || {};
  const rowPoints = comps.row_points || ROW_POINTS;
  const stonePoints = comps.stone_points || STONE_POINTS;
  let view = null;
  let sel = L.emptySelection();
  let shownLog = 0;
  let fresh = false;
  const sender = createMoveSender(ctx, () => render());

  const name = (seat) => nameOf(ctx, seat, t("keltis.seat", { n: seat + 1 }));
  const colourName = (c) => t(`keltis.colour.${c}`);
  const pileName = (p) => (p === "p" ? t("keltis.pile.p") : colourName(p));

  function cardLabel(id) {
    const c = L.cardParts(id);
    if (c.kind === "number") return t("keltis.card.number", { colour: colourName(c.colour), n: c.number });
    if (c.kind === "end") return t("keltis.card.end", { colour: colourName(c.colour) });
    if (c.kind === "point") return t("keltis.card.point", { n: c.number });
    return id;
  }
  const shortLabel = (id) => {
    const c = L.cardParts(id);
    return c.kind === "point" ? t("keltis.card.pointShort", { n: c.number }) : cardLabel(id);
  };

  function moveLabel(move) {
    const m = L.parseMove(move);
    const target = L.targetOf(move);
    if (m.verb === "play") {
      if (m.onto) return t("keltis.do.playOnto", { card: shortLabel(m.cards[0]), colour: colourName(m.onto) });
      if (target.type === "points") return t("keltis.do.playPoints", { card: shortLabel(m.cards[0]) });
      return t("keltis.do.play", { card: shortLabel(m.cards[0]), colour: colourName(target.colour) });
    }
    if (m.verb === "discard") return t("keltis.do.discard", { card: shortLabel(m.cards[0]) });
    if (m.verb === "wish") return t("keltis.do.wish", { cards: m.cards.map(shortLabel).join(" + "), n: target.number });
    if (m.verb === "draw") {
      if (m.source === "deck") return t("keltis.do.drawDeck");
      const pile = view.position.piles[m.source];
      return t("keltis.do.drawPile", { card: shortLabel(pile[pile.length - 1]), pile: pileName(m.source) });
    }
    if (m.verb === "done") return t("keltis.do.done");
    return move;
  }

  function params(p = {}) {
    const out = { ...p };
    if ("seat" in out) out.name = typeof out.seat === "number" ? name(out.seat) : "";
    if ("card" in out) out.card = shortLabel(out.card);
    if ("colour" in out) out.colour = colourName(out.colour);
    if ("pile" in out) out.pile = pileName(out.pile);
    if ("cards" in out && typeof out.cards === "string") out.cards = out.cards.split(" + ").map(shortLabel).join(" + ");
    if ("move" in out && view.legal_moves.includes(out.move)) out.move = moveLabel(out.move);
    return out;
  }

  function setSel(next) {
    if (next === sel) return;
    sel = next;
    fresh = false;
    const named = playsOnClick(ctx) ? L.namedByClick(view, sel) : null;
    if (named) play(named);
    else render();
  }

  /** Send a legal move: the board holds still until the view that answers it. */
  function play(text) {
    if (!sender.send(view, text)) return;
    sel = L.emptySelection();
    render();
  }

  function render() {
    if (!view) return;
    keepFocus(root, () => root.replaceChildren(layout()));
  }

  /** What the last turn changed, for highlighting: cards in rows, piles, stones. */
  function lastMarks() {
    const marks = { rows: new Set(), piles: new Set(), stones: new Set(), seat: null };
    for (const e of L.lastTurn(view)) {
      if (e.by === "chance") continue;
      marks.seat = e.by;
      const m = L.parseMove(e.move);
      const target = L.targetOf(e.move);
      if (m.verb === "play") marks.rows.add(`${e.by}:${target.type === "points" ? "p" : target.colour}`);
      if (m.verb === "discard") marks.piles.add(target.pile);
      if (m.verb === "wish") {
        marks.stones.add(`${e.by}:${target.number}`);
        for (const id of m.cards) marks.piles.add(L.pileOf(id));
      }
    }
    return marks;
  }

  function card(id, opts = {}) {
    const cls = ["kt-card", opts.cls, opts.last && "last", opts.last && fresh && "fresh"].filter(Boolean).join(" ");
    return h("span", { class: cls, title: opts.title || (id ? cardLabel(id) : t("keltis.card.back")) }, cardSvg(id));
  }

  /** A compact card for the other players' rows: its colour and number, readable small. */
  function chip(id, last) {
    const c = L.cardParts(id);
    const text = c.kind === "end" ? "◎" : String(c.number);
    const cls = ["kt-chip", `c-${c.colour || "p"}`, c.kind, last && "last", last && fresh && "fresh"].filter(Boolean).join(" ");
    return h("span", { class: cls, title: cardLabel(id) }, text);
  }

  // -- the middle of the table -----------------------------------------------------------

  function centre(marks) {
    const pos = view.position;
    const sources = new Set(L.drawSources(view));
    const blocked = new Set(L.myTurn(view) ? pos.turn.blocked : []);
    const deckCan = sources.has("deck") && !sender.busy;
    const deckTip = [t("keltis.deckTip", { n: pos.deck_size }), deckCan ? t("keltis.drawHere") : null].filter(Boolean).join("\n");
    const deck = h(
      deckCan ? "button" : "div",
      {
        class: ["kt-deck", deckCan && "source", sel.draw === "deck" && "chosen"].filter(Boolean).join(" "),
        title: deckTip,
        role: deckCan ? undefined : "img",
        "aria-label": deckTip,
        "aria-pressed": deckCan ? String(sel.draw === "deck") : undefined,
        "data-key": "deck",
        onclick: deckCan ? () => setSel(L.clickDraw(view, sel, "deck")) : undefined,
      },
      pos.deck_size ? card(null) : h("span", { class: "kt-card empty" }),
      h("span", { class: "kt-count" }, String(pos.deck_size)),
      h("span", { class: "kt-under" }, t("keltis.deck")),
    );
    const piles = L.PILES.map((p) => {
      const cards = pos.piles[p] || [];
      const top = cards[cards.length - 1];
      const target = { type: "pile", pile: p };
      const isTarget = L.isTarget(view, sel, target) && !sender.busy;
      const isSource = sources.has(p) && !sender.busy;
      const chosen = (sel.target && L.sameTarget(sel.target, target)) || sel.draw === p;
      const tip = [
        cards.length ? t("keltis.pileTip", { pile: pileName(p), n: cards.length }) : t("keltis.pileEmpty", { pile: pileName(p) }),
        top ? cardLabel(top) : null,
        blocked.has(p) ? t("keltis.pileClosed") : null,
        isTarget ? t("keltis.target") : isSource ? t("keltis.drawHere") : null,
      ].filter(Boolean).join("\n");
      const click = isTarget ? () => setSel(L.clickTarget(view, sel, target)) : isSource ? () => setSel(L.clickDraw(view, sel, p)) : undefined;
      return h(
        click ? "button" : "div",
        {
          class: ["kt-pile", `c-${p}`, isTarget && "target", isSource && "source", chosen && "chosen", blocked.has(p) && "blocked", marks.piles.has(p) && "last"].filter(Boolean).join(" "),
          title: tip,
          role: click ? undefined : "img",
          "aria-label": tip,
          "aria-pressed": click ? String(Boolean(chosen)) : undefined,
          "data-key": `pile-${p}`,
          onclick: click,
        },
        top ? card(top, { last: marks.piles.has(p) }) : h("span", { class: `kt-card empty c-${p}` }, s("svg", { class: "kt-card-svg", viewBox: "0 0 60 84", "aria-hidden": "true" }, glyph(p, 30, 42, 9))),
        cards.length > 1 ? h("span", { class: "kt-count" }, String(cards.length)) : null,
        h("span", { class: "kt-under" }, p === "p" ? t("keltis.pileShort.p") : pileName(p)),
      );
    });
    const stones = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => {
      const here = pos.stones.includes(n);
      const target = { type: "stone", number: n };
      const isTarget = here && L.isTarget(view, sel, target) && !sender.busy;
      const tip = [here ? t("keltis.stoneTip", { n }) : t("keltis.stoneTaken", { n }), isTarget ? t("keltis.target") : null].filter(Boolean).join("\n");
      return h(
        isTarget ? "button" : "div",
        {
          class: ["kt-stone", !here && "gone", isTarget && "target", sel.target && L.sameTarget(sel.target, target) && "chosen"].filter(Boolean).join(" "),
          title: tip,
          role: isTarget ? undefined : "img",
          "aria-label": tip,
          "data-key": `stone-${n}`,
          onclick: isTarget ? () => setSel(L.clickTarget(view, sel, target)) : undefined,
        },
        stoneSvg(n),
      );
    });
    const of = comps.end_rows_to_finish || 5;
    const meter = h(
      "div",
      { class: "kt-meter", title: t("keltis.endRowsTip", { of }) },
      h("span", {}, t("keltis.endRows", { n: pos.end_rows, of })),
      h("span", { class: "kt-pips" }, ...Array.from({ length: of }, (_, i) => h("span", { class: `kt-pip ${i < pos.end_rows ? "on" : ""}` }))),
    );
    return h(
      "section",
      { class: "kt-centre", "aria-label": t("keltis.piles") },
      h("div", { class: "kt-piles", role: "group", "aria-label": t("keltis.piles") }, deck, ...piles),
      h(
        "div",
        { class: "kt-centre-foot" },
        h("div", { class: "kt-stones", role: "group", "aria-label": t("keltis.stones") }, ...stones),
        h("div", { class: "kt-centre-info" }, meter, h("span", { class: "kt-round" }, t("keltis.round", { n: pos.round }), pos.box_size ? ` · ${t("keltis.box", { n: pos.box_size })}` : "")),
      ),
    );
  }

  // -- the action field and the hand --------------------------------------------------------

  function actionField() {
    const mine = L.myTurn(view);
    const pending = L.pendingMove(view, sel);
    const p = L.prompt(view, sel);
    const buttons = [];
    if (mine) {
      const choosing = view.legal_moves.some((m) => m !== "done");
      if (choosing) buttons.push(h("button", { class: "primary kt-ok", "data-key": "ok", disabled: !pending || sender.busy, title: pending ? moveLabel(pending) : "", onclick: () => play(pending) }, t("keltis.ok")));
      if (view.legal_moves.includes("done")) buttons.push(h("button", { "data-key": "done", disabled: sender.busy, title: t("keltis.doneTip"), onclick: () => play("done") }, t("keltis.done")));
      if (sel.cards.length || sel.draw) buttons.push(h("button", { "data-key": "cancel", disabled: sender.busy, onclick: () => setSel(L.emptySelection()) }, t("keltis.cancel")));
    }
    const lines = L.lastTurn(view).map((e) => {
      const d = L.describe(e);
      return t(d.key, params(d.params));
    });
    return h(
      "section",
      { class: `kt-action ${mine ? "mine" : ""}`, "aria-live": "polite" },
      h("p", { class: "kt-prompt" }, t(p.key, params(p.params))),
      buttons.length ? h("div", { class: "kt-buttons" }, ...buttons, allMoves()) : null,
      lines.length ? h("p", { class: `kt-lastmove ${fresh ? "fresh" : ""}` }, h("strong", {}, `${t("keltis.last")}: `), lines.join(" · ")) : null,
    );
  }

  function allMoves() {
    if (!L.myTurn(view) || view.legal_moves.length < 2) return null;
    const select = h("select", { "aria-label": t("keltis.allMoves", { n: view.legal_moves.length }), "data-key": "all-select" }, ...view.legal_moves.map((m) => h("option", { value: m }, `${moveLabel(m)}  (${m})`)));
    return h(
      "details",
      { class: "kt-all" },
      h("summary", { "data-key": "all-summary" }, t("keltis.allMoves", { n: view.legal_moves.length })),
      h("div", { class: "kt-all-body" }, select, h("button", { "data-key": "all-play", disabled: sender.busy, onclick: () => play(select.value) }, t("keltis.play"))),
    );
  }

  function handSection() {
    if (view.seat === null || view.seat === undefined) return null;
    const me = view.position.players[view.seat];
    if (!me.hand) return null;
    const flags = L.handOptions(view);
    const mine = L.myTurn(view);
    const dealt = new Set(L.lastTurn(view).filter((e) => e.by === "chance").map((e) => L.parseMove(e.move).cards[0]));
    const cards = L.sortedHand(view).map((c) => {
      const f = flags[c.index] || {};
      const clickable = mine && !sender.busy && L.canClickCard(view, sel, c.index);
      const chosen = sel.cards.includes(c.index);
      const notes = [];
      if (mine && f.play) notes.push(t("keltis.playable"));
      if (mine && f.wish) notes.push(t("keltis.wishable"));
      if (mine && f.discard && !f.play && !f.wish) notes.push(t("keltis.discardOnly"));
      const tip = [cardLabel(c.id), ...notes].join("\n");
      const isNew = dealt.has(c.id);
      if (isNew) dealt.delete(c.id);
      return h(
        clickable ? "button" : "div",
        {
          class: ["kt-hand-card", chosen && "chosen", mine && f.play && "playable", mine && f.wish && "wishable", isNew && "last", isNew && fresh && "fresh"].filter(Boolean).join(" "),
          title: tip,
          role: clickable ? undefined : "img",
          "aria-label": tip.replaceAll("\n", ", "),
          "aria-pressed": clickable ? String(chosen) : undefined,
          "data-key": `hand-${c.index}`,
          onclick: clickable ? () => setSel(L.clickCard(view, sel, c.index)) : undefined,
        },
        cardSvg(c.id),
        mine && f.play ? h("span", { class: "kt-mark play", "aria-hidden": "true" }, "▲") : null,
        mine && f.wish ? h("span", { class: "kt-mark wish", "aria-hidden": "true" }, "◆") : null,
      );
    });
    return h(
      "section",
      { class: "kt-hand", "aria-label": t("keltis.hand") },
      h(
        "h3",
        {},
        t("keltis.hand"),
        h("span", { class: "kt-muted" }, ` · ${t("keltis.handCount", { n: me.hand_size })}`),
        mine ? h("span", { class: "kt-legend" }, h("span", { class: "kt-mark play" }, "▲"), ` ${t("keltis.playable")} `, h("span", { class: "kt-mark wish" }, "◆"), ` ${t("keltis.wishable")}`) : null,
      ),
      h("div", { class: "kt-hand-cards" }, ...cards),
    );
  }

  // -- the players' rows -------------------------------------------------------------------------

  function scoreOf(player) {
    const rows = Object.values(player.rows).reduce((sum, row) => sum + (row.cards.length ? byTable(rowPoints, row.cards.length) : 0), 0);
    return rows + player.point_row.length + byTable(stonePoints, player.stones.length);
  }

  function dirLabel(row) {
    const st = L.rowState(row);
    if (!row.cards.length) return { text: "", tip: t("keltis.noRow") };
    if (st.next === "up") return { text: `≥${st.last}`, arrow: "↑", tip: t("keltis.dir.up", { n: st.last }) };
    if (st.next === "down") return { text: `≤${st.last}`, arrow: "↓", tip: t("keltis.dir.down", { n: st.last }) };
    if (st.next === "closed") return { text: "✕", arrow: "", tip: t("keltis.dir.closed") };
    if (st.next === "end") return { text: "⊣", arrow: "", tip: t("keltis.dir.end") };
    return { text: st.last === null ? "" : `${st.last}`, arrow: "↕", tip: t("keltis.dir.any") };
  }

  function stonesOf(player, seat, marks) {
    if (!player.stones.length) return null;
    const pts = byTable(stonePoints, player.stones.length);
    return h(
      "div",
      { class: "kt-held-stones", title: t("keltis.stonesHeld", { n: player.stones.length, points: pts }) },
      ...player.stones.map((n) => h("span", { class: `kt-stone small ${marks.stones.has(`${seat}:${n}`) ? "last" : ""} ${marks.stones.has(`${seat}:${n}`) && fresh ? "fresh" : ""}`, title: t("keltis.stoneTip", { n }) }, stoneSvg(n))),
      h("span", { class: "kt-pts" }, t("keltis.points", { n: pts })),
    );
  }

  /** The viewer's own rows: five columns of overlapping cards, targets when a card is chosen. */
  function myRows(marks) {
    const seat = view.seat;
    const player = view.position.players[seat];
    const columns = L.COLOURS.map((colour) => {
      const row = player.rows[colour];
      const target = { type: "row", colour };
      const isTarget = L.isTarget(view, sel, target) && !sender.busy;
      const chosen = sel.target && L.sameTarget(sel.target, target);
      const d = dirLabel(row);
      const lastHere = marks.rows.has(`${seat}:${colour}`);
      const tip = [t("keltis.rowTip", { colour: colourName(colour), n: row.cards.length, points: row.points }), d.tip, isTarget ? t("keltis.target") : null].filter(Boolean).join("\n");
      return h(
        isTarget ? "button" : "div",
        {
          class: ["kt-column", `c-${colour}`, isTarget && "target", chosen && "chosen"].filter(Boolean).join(" "),
          title: tip,
          role: isTarget ? undefined : "img",
          "aria-label": tip.replaceAll("\n", ", "),
          "data-key": `row-${colour}`,
          onclick: isTarget ? () => setSel(L.clickTarget(view, sel, target)) : undefined,
        },
        h("span", { class: "kt-col-head" }, s("svg", { class: "kt-head-glyph", viewBox: "0 0 20 20", "aria-hidden": "true" }, glyph(colour, 10, 10, 7)), h("span", { class: "kt-dir" }, d.arrow || "", d.text)),
        h(
          "span",
          { class: "kt-stack" },
          ...row.cards.map((id, i) => card(id, { cls: "in-row", last: lastHere && i === row.cards.length - 1 })),
          row.cards.length ? null : h("span", { class: "kt-card empty" }),
        ),
        h("span", { class: `kt-pts ${row.points < 0 ? "neg" : ""}` }, row.cards.length ? t("keltis.points", { n: row.points }) : "·"),
      );
    });
    const pTarget = { type: "points" };
    const pIs = L.isTarget(view, sel, pTarget) && !sender.busy;
    const pTip = [t("keltis.pointRowTip", { n: player.point_row.length }), pIs ? t("keltis.target") : null].filter(Boolean).join("\n");
    const pointRow = h(
      pIs ? "button" : "div",
      {
        class: ["kt-point-row", pIs && "target", sel.target && L.sameTarget(sel.target, pTarget) && "chosen"].filter(Boolean).join(" "),
        title: pTip,
        role: pIs ? undefined : "img",
        "aria-label": pTip.replaceAll("\n", ", "),
        "data-key": "row-points",
        onclick: pIs ? () => setSel(L.clickTarget(view, sel, pTarget)) : undefined,
      },
      h("span", { class: "kt-label" }, t("keltis.pointRow")),
      h("span", { class: "kt-line" }, ...player.point_row.map((id, i) => card(id, { cls: "in-line", last: marks.rows.has(`${seat}:p`) && i === player.point_row.length - 1 })), player.point_row.length ? null : h("span", { class: "kt-card empty small" })),
      h("span", { class: "kt-pts" }, t("keltis.points", { n: player.point_row.length })),
    );
    return h(
      "section",
      { class: `kt-me ${view.position.turn.seat === seat && !view.result ? "to-move" : ""}`, "aria-label": name(seat) },
      playerHead(seat),
      h("div", { class: "kt-columns" }, ...columns),
      h("div", { class: "kt-me-foot" }, pointRow, stonesOf(player, seat, marks)),
    );
  }

  function playerHead(seat) {
    const player = view.position.players[seat];
    const toMove = !view.result && view.position.turn.seat === seat && view.to_move !== null;
    const tags = [];
    if (seat === view.seat) tags.push(h("span", { class: "kt-tag you" }, t("keltis.you")));
    if (toMove) tags.push(h("span", { class: "kt-tag move" }, t("keltis.toMove")));
    const hidden = seat !== view.seat;
    return h(
      "div",
      { class: "kt-head" },
      h("span", { class: "kt-turn-mark", "aria-hidden": "true" }, toMove ? "▶" : ""),
      h("span", { class: "kt-name", title: name(seat) }, name(seat)),
      ...tags,
      hidden
        ? h(
            "span",
            { class: "kt-backs", title: [t("keltis.handCount", { n: player.hand_size }), ...player.taken.map((id) => `${cardLabel(id)} (${t("keltis.taken")})`)].join("\n") },
            h("span", { class: "kt-mini-back" }, cardSvg(null)),
            `×${player.hand_size}`,
            ...player.taken.map((id) => chip(id, false)),
          )
        : null,
      h("span", { class: "kt-score", title: t("keltis.score", { n: scoreOf(player) }) }, `${scoreOf(player)}`),
    );
  }

  /** Another player (or every player, for a spectator): rows as short lines. */
  function otherPlayer(seat, marks) {
    const player = view.position.players[seat];
    const lines = L.COLOURS.map((colour) => {
      const row = player.rows[colour];
      const d = dirLabel(row);
      const lastHere = marks.rows.has(`${seat}:${colour}`);
      return h(
        "div",
        { class: `kt-line-row c-${colour}`, title: [t("keltis.rowTip", { colour: colourName(colour), n: row.cards.length, points: row.points }), d.tip].join("\n") },
        s("svg", { class: "kt-head-glyph", viewBox: "0 0 20 20", "aria-hidden": "true" }, glyph(colour, 10, 10, 7)),
        h("span", { class: "kt-chips" }, ...row.cards.map((id, i) => chip(id, lastHere && i === row.cards.length - 1))),
        h("span", { class: "kt-dir" }, d.arrow || "", d.text),
        h("span", { class: `kt-pts ${row.points < 0 ? "neg" : ""}` }, row.cards.length ? `${row.points}` : "·"),
      );
    });
    const points = h(
      "div",
      { class: "kt-line-row c-p", title: t("keltis.pointRowTip", { n: player.point_row.length }) },
      h("span", { class: "kt-p-label" }, t("keltis.pointRowShort")),
      h("span", { class: "kt-chips" }, ...player.point_row.map((id, i) => chip(id, marks.rows.has(`${seat}:p`) && i === player.point_row.length - 1))),
      h("span", { class: "kt-dir" }),
      h("span", { class: "kt-pts" }, player.point_row.length ? `${player.point_row.length}` : "·"),
    );
    const toMove = !view.result && view.position.turn.seat === seat;
    return h(
      "li",
      { class: ["kt-other", toMove && "to-move", marks.seat === seat && "last"].filter(Boolean).join(" ") },
      playerHead(seat),
      h("div", { class: "kt-lines" }, ...lines, points),
      stonesOf(player, seat, marks),
    );
  }

  // -- the result -----------------------------------------------------------------------------

  function resultPanel() {
    const result = view.result;
    if (!result) return null;
    const sheets = result.details?.players || [];
    const head = h(
      "tr",
      {},
      h("th", {}, ""),
      h("th", { class: "left" }, t("keltis.result.player")),
      ...L.COLOURS.map((c) => h("th", { title: colourName(c) }, s("svg", { class: `kt-head-glyph c-${c}`, viewBox: "0 0 20 20", "aria-hidden": "true" }, glyph(c, 10, 10, 7)), h("span", { class: "kt-sr" }, colourName(c)))),
      h("th", { title: t("keltis.result.pointRow") }, t("keltis.pointRowShort")),
      h("th", { title: t("keltis.result.stones") }, stoneSvg("")),
      h("th", {}, t("keltis.result.total")),
    );
    const rows = result.ranking.flatMap((place, index) =>
      place.map((seat) => {
        const sheet = sheets[seat] || {};
        return h(
          "tr",
          { class: index === 0 ? "winner" : "" },
          h("td", { class: "kt-place" }, t("keltis.result.place", { n: index + 1 })),
          h("td", { class: "left kt-name" }, name(seat)),
          ...L.COLOURS.map((c) => {
            const r = sheet.rows?.[c];
            return h("td", { class: `c-${c} ${r && r.points < 0 ? "neg" : ""}`, title: r ? `${colourName(c)}: ${r.cards.length} → ${r.points}` : "" }, r && r.cards.length ? String(r.points) : "·");
          }),
          h("td", { title: t("keltis.result.pointRow") }, String(sheet.point_row?.points ?? 0)),
          h("td", { class: (sheet.wish_stones?.points ?? 0) < 0 ? "neg" : "", title: (sheet.wish_stones?.stones || []).join(" ") }, String(sheet.wish_stones?.points ?? 0)),
          h("td", { class: "kt-total" }, String(sheet.total ?? (result.scores || [])[seat] ?? "")),
        );
      }),
    );
    const by = result.details?.ended_by;
    const how = by === null || by === undefined ? "" : t(result.details.ending === "deck" ? "keltis.result.deck" : "keltis.result.endCards", { name: name(by) });
    return h(
      "section",
      { class: "kt-result", "aria-label": t("keltis.result.title") },
      h("h2", {}, t("keltis.result.title")),
      h("table", {}, h("thead", {}, head), h("tbody", {}, ...rows)),
      how ? h("p", { class: "kt-muted" }, how) : null,
    );
  }

  function layout() {
    const marks = lastMarks();
    const seat = view.seat;
    const spectator = seat === null || seat === undefined;
    const others = view.position.players.map((_, i) => i).filter((i) => i !== seat);
    // Others in turn order after the viewer.
    if (!spectator) others.sort((a, b) => ((a - seat + view.players) % view.players) - ((b - seat + view.players) % view.players));
    return h(
      "div",
      { class: `kt ${spectator ? "spectator" : ""}` },
      resultPanel(),
      centre(marks),
      actionField(),
      handSection(),
      spectator ? null : myRows(marks),
      h("ol", { class: "kt-others", "aria-label": t("keltis.rows") }, ...others.map((i) => otherPlayer(i, marks))),
    );
  }

  return {
    update(next) {
      sel = L.carrySelection(view, next, sel);
      const length = logLength(next);
      fresh = view !== null && length > shownLog;
      shownLog = length;
      view = next;
      sender.viewed();
      render();
    },
    destroy() {
      root.replaceChildren();
      root.classList.remove("board-keltis");
      view = null;
    },
    /** A log entry in words, for the table's log. */
    describe(entry) {
      const d = L.describe(entry);
      return t(d.key, params(d.params));
    },
  };
}
