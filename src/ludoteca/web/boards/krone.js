// The Um Krone und Kragen board: the court in rows, the dice of the turn, the players.
// Modelled on the Brettspielwelt table: cards you can point at, dice that turn green when
// chosen and change with small arrows, an action field that says what you can do, OK.

import { h, s } from "../core/dom.js";
import { addCatalog, getLanguage, t } from "../core/i18n.js";
import { ensureCss, keepFocus, logLength, nameOf, playsOnClick } from "../core/board-kit.js";
import { createMoveSender } from "../core/move-sender.js";
import catalog from "./krone.i18n.js";
import * as L from "./krone-logic.js";

addCatalog(catalog);

export const cssUrl = new URL("./krone.css", import.meta.url).href;

/** One seat's part of the result, for the result screen: King, Queen, the final round. */
export function breakdown(result, seat) {
  const d = result.details || {};
  const out = [];
  if (d.king === seat) out.push([t("krone.breakdown.king"), "♔"]);
  if (d.queen === seat) out.push([t("krone.breakdown.queen"), "♕"]);
  const final = d.final_round && d.final_round[seat];
  // A seat that passed in the final round has "pass" there, not a group of dice.
  if (final === "pass") out.push([t("krone.breakdown.final"), t("krone.passed")]);
  else if (Array.isArray(final)) out.push([t("krone.breakdown.final"), `${final[0]} × ${final[1]}`]);
  return out;
}

const NUMERALS = ["0", "I", "II", "III", "IV", "V"];
const PIPS = {
  1: [[20, 20]],
  2: [[11, 11], [29, 29]],
  3: [[11, 11], [20, 20], [29, 29]],
  4: [[11, 11], [29, 11], [11, 29], [29, 29]],
  5: [[11, 11], [29, 11], [20, 20], [11, 29], [29, 29]],
  6: [[11, 10], [29, 10], [11, 20], [29, 20], [11, 30], [29, 30]],
};

/** A die as SVG (viewBox 40×40); value null draws a "?" face. */
export function dieSvg(value, cls = "") {
  const face = s("rect", { class: "kk-die-face", x: 2, y: 2, width: 36, height: 36, rx: 7 });
  const marks = value
    ? PIPS[value].map(([cx, cy]) => s("circle", { class: "kk-pip", cx, cy, r: 3.6 }))
    : [s("text", { class: "kk-die-q", x: 20, y: 27, "text-anchor": "middle" }, "?")];
  return s("svg", { class: `kk-die-svg ${cls}`, viewBox: "0 0 40 40", "aria-hidden": "true" }, face, ...marks);
}

function miniDie(value) {
  return h("span", { class: "kk-mini-die" }, dieSvg(value));
}

/** A die-shaped box with a number in it: how many dice a player rolls. */
function countDie(n) {
  return h(
    "span",
    { class: "kk-count-die" },
    s("svg", { viewBox: "0 0 40 40", "aria-hidden": "true" },
      s("rect", { class: "kk-die-face", x: 2, y: 2, width: 36, height: 36, rx: 8 }),
      s("text", { x: 20, y: 28, "text-anchor": "middle" }, String(n))),
  );
}

export function createBoard(root, ctx) {
  ensureCss(cssUrl);
  root.classList.add("board-krone");
  const comps = ctx.components || {};
  let view = null;
  let sel = L.emptySelection();
  let shownLog = 0; // log length at the previous update: what is new gets animated
  let fresh = false;
  const sender = createMoveSender(ctx, () => render());
  let info = null; // the card whose details the info line shows

  const name = (seat) => nameOf(ctx, seat, t("krone.seat", { n: seat + 1 }));
  const card = (id) => L.cardInfo(comps, id);
  const cardName = (id) => card(id)?.names?.[getLanguage()] || card(id)?.names?.en || id;
  const rowOf = (id) => card(id)?.row ?? 0;

  function cardTip(id, extra = []) {
    const bsw = card(id)?.bsw_names?.[getLanguage()];
    const title = bsw ? `${cardName(id)} (${t("krone.bswName", { name: bsw })})` : cardName(id);
    const parts = [title, `${t("krone.cost")}: ${t(`krone.cost.${id}`)}`, `${t("krone.ability")}: ${t(`krone.ability.${id}`)}`];
    return [...parts, ...extra].join("\n");
  }

  function params(p = {}) {
    const out = { ...p };
    if ("seat" in out) out.name = typeof out.seat === "number" ? name(out.seat) : "";
    if ("card" in out) out.card = cardName(out.card);
    return out;
  }

  /** What OK would play, in words as the log says it. */
  function pendingText(move) {
    const d = L.describe({ by: view.seat, move });
    return t("krone.pending", { move: t(d.key, params(d.params)) });
  }

  function setSel(next) {
    if (next === sel) return;
    sel = next;
    fresh = false;
    const named = playsOnClick(ctx) ? L.namedByClick(view, sel, comps) : null;
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

  // -- the court -------------------------------------------------------------------------

  function pictogram(id) {
    const info = card(id);
    const kind = info?.kind;
    const g = [];
    const die = (x, y, size, value) => {
      const svg = dieSvg(value, "kk-pic-die");
      svg.setAttribute("x", x);
      svg.setAttribute("y", y);
      svg.setAttribute("width", size);
      svg.setAttribute("height", size);
      return svg;
    };
    const plus = (x, y) => [
      s("circle", { class: "kk-pic-badge", cx: x, cy: y, r: 9 }),
      s("text", { class: "kk-pic-badge-text", x, y: y + 4.5, "text-anchor": "middle" }, "+"),
    ];
    if (id === "king" || id === "queen") {
      g.push(s("path", { class: "kk-crown", d: "M26 70 L22 38 L38 52 L50 32 L62 52 L78 38 L74 70 Z" }));
      if (id === "queen") g.push(die(58, 52, 26, null), ...plus(82, 54));
    } else if (kind === "bring_in") {
      g.push(die(30, 30, 40, info.amount), ...plus(72, 32));
    } else if (kind === "extra_dice") {
      g.push(die(22, 36, 30, null), die(46, 30, 30, null));
      g.push(s("text", { class: "kk-pic-label", x: 50, y: 82, "text-anchor": "middle" }, `+${info.amount}`));
    } else if (kind === "reroll_one" || kind === "reroll_any") {
      if (kind === "reroll_any") g.push(die(22, 34, 30, 5));
      g.push(die(kind === "reroll_any" ? 46 : 34, 30, 32, 3));
      g.push(s("path", { class: "kk-pic-arrow", d: "M26 70 Q50 86 72 70" }));
      g.push(s("path", { class: "kk-pic-arrowhead", d: "M78 63 L76 76 L65 70 Z" }));
    } else if (kind === "change") {
      const marks = { maid: "+1·2·3", philosopher: "⇄", astronomer: "=", sorcerer: "?", lady: "+1", nobleman: "+2", alchemist: "Σ" };
      g.push(die(28, 28, 34, 4));
      g.push(s("path", { class: "kk-pic-arrowhead", d: "M72 30 L80 42 L64 42 Z" }));
      g.push(s("path", { class: "kk-pic-arrowhead", d: "M72 58 L80 46 L64 46 Z" }));
      g.push(s("text", { class: "kk-pic-label", x: 47, y: 81, "text-anchor": "middle" }, marks[id] || ""));
    }
    return g;
  }

  function cardSvg(id) {
    const row = rowOf(id);
    const title = cardName(id);
    const long = title.length > 10;
    return s(
      "svg",
      { class: `kk-card-svg row-${row}`, viewBox: "0 0 100 124", "aria-hidden": "true" },
      s("rect", { class: "kk-card-bg", x: 2, y: 2, width: 96, height: 120, rx: 9 }),
      s("path", { class: "kk-card-band", d: "M2 11 A9 9 0 0 1 11 2 H89 A9 9 0 0 1 98 11 V22 H2 Z" }),
      s("text", { class: "kk-card-row", x: 10, y: 17 }, NUMERALS[row]),
      ...pictogram(id),
      s("text", { class: "kk-card-name", x: 50, y: 98, "text-anchor": "middle", ...(long ? { textLength: 88, lengthAdjust: "spacingAndGlyphs" } : {}) }, title),
      s("rect", { class: "kk-card-costbg", x: 7, y: 103, width: 86, height: 15, rx: 7.5 }),
      s("text", { class: "kk-card-cost", x: 50, y: 114.5, "text-anchor": "middle" }, t(`krone.short.${id}`)),
    );
  }

  function showInfo(id) {
    info = id;
    const line = root.querySelector(".kk-info");
    if (line) line.replaceChildren(...infoContent());
  }

  function infoContent() {
    if (!info) return [h("span", { class: "kk-muted" }, t("krone.infoHint"))];
    return [
      h("strong", {}, cardName(info)),
      h("span", {}, ` · ${t("krone.cost")}: ${t(`krone.cost.${info}`)}`),
      h("span", {}, ` · ${t("krone.ability")}: ${t(`krone.ability.${info}`)}`),
    ];
  }

  function lastBuy() {
    const entry = L.lastMoves(view).find((e) => e.by !== "chance");
    const move = entry && L.parseMove(entry.move);
    return move && move.verb === "buy" ? { card: move.card, seat: entry.by } : null;
  }

  function courtCard(id, left, opts = {}) {
    const mine = L.myTurn(view);
    const a = L.analyse(view);
    const canTake = mine ? a.buys.includes(id) : (view.position.turn.can_take || []).includes(id);
    const chosen = sel.buy === id;
    const bought = lastBuy();
    const isLast = bought && bought.card === id;
    const gone = left === 0;
    const extra = [];
    if (opts.note) extra.push(opts.note);
    else extra.push(gone ? t("krone.noneLeft") : t("krone.left", { n: left }));
    if (canTake) extra.push(t("krone.takeable"));
    const cls = ["kk-card", `row-${rowOf(id)}`, gone && "gone", canTake && "takeable", chosen && "chosen", isLast && "last", isLast && fresh && "fresh"];
    const clickable = mine && canTake && !sender.busy;
    return h(
      clickable ? "button" : "div",
      {
        class: cls.filter(Boolean).join(" "),
        title: cardTip(id, extra),
        role: clickable ? undefined : "img",
        "aria-label": `${cardName(id)}, ${extra.join(", ")}`,
        "aria-pressed": clickable ? String(chosen) : undefined,
        tabindex: clickable ? undefined : "0",
        "data-key": `court-${id}`,
        onclick: clickable ? () => setSel(L.selectBuy(view, sel, id)) : () => showInfo(id),
        onmouseenter: () => showInfo(id),
        onfocus: () => showInfo(id),
      },
      cardSvg(id),
      left === null || left === undefined ? null : h("span", { class: "kk-count", "aria-hidden": "true" }, gone ? "0" : `×${left}`),
      chosen ? h("span", { class: "kk-check", "aria-hidden": "true" }, "✓") : null,
    );
  }

  function court() {
    const display = view.position.display;
    const rows = new Map();
    const cards = comps.cards || Object.keys(display).map((id) => ({ id, row: 0 }));
    for (const c of cards) {
      if (!(c.id in display) && c.id !== "charlatan" && c.id !== "queen") continue;
      if (!rows.has(c.row)) rows.set(c.row, []);
      rows.get(c.row).push(c.id);
    }
    const lines = [...rows.keys()].sort((x, y) => y - x).map((row) =>
      h(
        "div",
        { class: "kk-row", role: "group", "aria-label": t("krone.row", { row: NUMERALS[row] }) },
        h("span", { class: `kk-row-label row-${row}`, title: t("krone.row", { row: NUMERALS[row] }) }, NUMERALS[row]),
        h(
          "div",
          { class: "kk-row-cards" },
          ...rows.get(row).map((id) => {
            if (id === "charlatan") return courtCard(id, null, { note: t("krone.backOfJester") });
            if (id === "queen") return courtCard(id, display.king, { note: t("krone.withKing") });
            return courtCard(id, display[id]);
          }),
        ),
      ),
    );
    return h(
      "section",
      { class: "kk-court", "aria-label": t("krone.court") },
      h("div", { class: "kk-rows" }, ...lines),
      h("div", { class: "kk-info", "aria-live": "polite" }, ...infoContent()),
    );
  }

  // -- the dice and the action field -----------------------------------------------------

  function lastEntries() {
    return L.lastMoves(view);
  }

  /** Which of `values` the last move names (each named value marks one die). */
  function marked(values, named) {
    const left = [...named];
    return values.map((value) => {
      const at = left.indexOf(value);
      if (at < 0) return false;
      left.splice(at, 1);
      return true;
    });
  }

  let rolledMarks = [];

  function dieButton(d, i, mode) {
    const mine = L.myTurn(view);
    const pickable = mine && !sender.busy && mode && L.canPick(view, sel, i, comps);
    const tip = [d.changed ? t("krone.dieChanged", { from: d.from, value: d.value }) : t("krone.dieTip", { value: d.value })];
    if (pickable) tip.push(mode === "keep" ? t("krone.dieKeep") : t("krone.dieReroll"));
    const rolled = rolledMarks[i];
    const cls = ["kk-die", d.picked && "picked", d.changed && "changed", rolled && "last", rolled && fresh && "fresh"];
    const onkey = (event) => {
      if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
      const next = L.stepTarget(view, sel, i, event.key === "ArrowUp" ? 1 : -1, comps);
      if (next) {
        event.preventDefault();
        setSel(next);
      }
    };
    return h(
      pickable ? "button" : "span",
      {
        class: cls.filter(Boolean).join(" "),
        title: tip.join("\n"),
        "aria-label": tip.join(", "),
        "aria-pressed": pickable ? String(d.picked) : undefined,
        role: pickable ? undefined : "img",
        "data-key": `die-${i}`,
        tabindex: !pickable && sel.targets ? "0" : undefined,
        onclick: pickable ? () => setSel(L.togglePick(view, sel, i, comps)) : undefined,
        onkeydown: sel.targets ? onkey : undefined,
      },
      dieSvg(d.value),
      d.changed ? h("span", { class: "kk-was" }, String(d.from)) : null,
    );
  }

  function arrow(dir, next, key, label) {
    return h(
      "button",
      {
        class: `kk-arrow ${dir > 0 ? "up" : "down"}`,
        disabled: !next || sender.busy,
        title: label,
        "aria-label": label,
        "data-key": key,
        onclick: () => next && setSel(next),
      },
      dir > 0 ? "▲" : "▼",
    );
  }

  function activeDice() {
    const turn = view.position.turn;
    const mode = L.diceMode(view, sel, comps);
    const dice = L.shownDice(view, sel);
    const outcome = lastEntries().find((e) => e.by === "chance");
    rolledMarks = marked(turn.active, outcome ? L.parseMove(outcome.move).args.map(Number) : []);
    const changing = Boolean(sel.targets);
    const items = dice.map((d, i) => {
      const button = dieButton(d, i, mode);
      if (!changing) return h("div", { class: "kk-die-slot" }, button);
      return h(
        "div",
        { class: "kk-die-slot with-arrows" },
        arrow(1, L.stepTarget(view, sel, i, 1, comps), `up-${i}`, t("krone.up")),
        button,
        arrow(-1, L.stepTarget(view, sel, i, -1, comps), `down-${i}`, t("krone.down")),
      );
    });
    const added = L.broughtIn(view, sel, comps);
    if (added) {
      const ghost = h("span", { class: "kk-die ghost", title: t("krone.newDie"), role: "img", "aria-label": `${t("krone.newDie")}: ${added.value}` }, dieSvg(added.value));
      items.push(
        added.chooses
          ? h(
              "div",
              { class: "kk-die-slot with-arrows" },
              arrow(1, L.stepValue(view, sel, 1, comps), "queen-up", t("krone.up")),
              ghost,
              arrow(-1, L.stepValue(view, sel, -1, comps), "queen-down", t("krone.down")),
            )
          : h("div", { class: "kk-die-slot" }, ghost),
      );
    }
    if (!items.length) items.push(h("span", { class: "kk-muted kk-nodice" }, turn.phase === "rolling" ? "…" : t("krone.noDice")));
    return h(
      "div",
      { class: "kk-dice-line" },
      h("span", { class: "kk-dice-label" }, t("krone.active")),
      h("div", { class: `kk-dice active ${changing ? "changing" : ""}`, role: "group", "aria-label": t("krone.active") }, ...items),
    );
  }

  function asideDice() {
    const turn = view.position.turn;
    const entry = lastEntries().find((e) => e.by !== "chance");
    const move = entry && L.parseMove(entry.move);
    const marks = marked(turn.aside, move && move.verb === "keep" ? move.args.map(Number) : []);
    const items = turn.aside.map((value, i) =>
      h("span", { class: `kk-die aside ${marks[i] ? "last" : ""} ${marks[i] && fresh ? "fresh" : ""}`, role: "img", title: t("krone.dieTip", { value }), "aria-label": t("krone.dieTip", { value }) }, dieSvg(value)),
    );
    if (!items.length) items.push(h("span", { class: "kk-muted kk-nodice" }, t("krone.noDice")));
    return h(
      "div",
      { class: "kk-dice-line" },
      h("span", { class: "kk-dice-label" }, t("krone.aside")),
      h("div", { class: "kk-dice aside", role: "group", "aria-label": t("krone.aside") }, ...items),
    );
  }

  function handCards() {
    const seat = view.seat;
    // Only on the player's own turn: otherwise the dice shown are someone else's.
    if (seat === null || seat === undefined || !L.myTurn(view)) return null;
    const held = heldCards(seat);
    if (!held.length) return null;
    const usable = new Set(L.usableCards(view));
    const used = view.position.turn.seat === seat ? new Set(view.position.turn.used) : new Set();
    const keys = copyKeys(held);
    const chips = held.map((id, n) => {
      const can = usable.has(id) && !sender.busy;
      const chosen = sel.card === id;
      const extra = [used.has(id) ? t("krone.used") : can ? t("krone.canUse") : null].filter(Boolean);
      return h(
        can ? "button" : "div",
        {
          class: ["kk-card", "small", `row-${rowOf(id)}`, used.has(id) && "used", can && "usable", chosen && "chosen"].filter(Boolean).join(" "),
          title: cardTip(id, extra),
          "aria-label": [cardName(id), ...extra].join(", "),
          "aria-pressed": can ? String(chosen) : undefined,
          tabindex: can ? undefined : "0",
          "data-key": `hand-${keys[n]}`,
          onclick: can ? () => setSel(L.selectCard(view, sel, id, comps)) : () => showInfo(id),
          onfocus: () => showInfo(id),
          onmouseenter: () => showInfo(id),
        },
        cardSvg(id),
        chosen ? h("span", { class: "kk-check", "aria-hidden": "true" }, "✓") : null,
      );
    });
    return h(
      "div",
      { class: "kk-hand" },
      h("span", { class: "kk-dice-label" }, t("krone.yourCards")),
      h("div", { class: "kk-hand-cards" }, ...chips),
    );
  }

  function takeableStrip() {
    if (!L.myTurn(view)) return null;
    const buys = L.analyse(view).buys;
    if (!buys.length) return null;
    const display = view.position.display;
    return h("div", { class: "kk-takeable" }, ...buys.map((id) => courtCard(id, id === "charlatan" ? null : display[id], id === "charlatan" ? { note: t("krone.backOfJester") } : {})));
  }

  function allMoves() {
    if (!L.myTurn(view) || view.legal_moves.length < 2) return null;
    const select = h("select", { "aria-label": t("krone.allMoves", { n: view.legal_moves.length }), "data-key": "all-select" }, ...view.legal_moves.map((m) => h("option", { value: m }, m)));
    return h(
      "details",
      { class: "kk-all" },
      h("summary", { "data-key": "all-summary" }, t("krone.allMoves", { n: view.legal_moves.length })),
      h("div", { class: "kk-all-body" }, select, h("button", { "data-key": "all-play", disabled: sender.busy, onclick: () => play(select.value) }, t("krone.play"))),
    );
  }

  function actionField() {
    const a = L.analyse(view);
    const mine = L.myTurn(view);
    const pending = L.pendingMove(view, sel, comps);
    const p = L.prompt(view, sel, comps);
    const buttons = [];
    if (mine) {
      const needsOk = sel.card || sel.buy || sel.picked.length || a.keeps.length || a.buys.length;
      if (needsOk) {
        buttons.push(h("button", { class: "primary kk-ok", disabled: !pending || sender.busy, "data-key": "ok", title: pending ? pendingText(pending) : "", onclick: () => play(pending) }, t("krone.ok")));
      }
      if (a.roll && !sel.card && !sel.buy) buttons.push(h("button", { class: sel.picked.length ? "" : "primary", "data-key": "roll", disabled: sender.busy, title: t("krone.rollTip"), onclick: () => play("roll") }, t("krone.roll")));
      if (a.pass && !sel.card) buttons.push(h("button", { "data-key": "pass", disabled: sender.busy, title: t("krone.passTip"), onclick: () => play("pass") }, t("krone.pass")));
      if (a.end && !sel.card && !sel.buy) {
        const final = Boolean(view.position.final_round);
        buttons.push(h("button", { class: !a.buys.length ? "primary" : "", "data-key": "end", disabled: sender.busy, onclick: () => play("end") }, final ? t("krone.endFinal") : t("krone.end")));
      }
      if (sel.card || sel.buy || sel.picked.length) buttons.push(h("button", { "data-key": "cancel", disabled: sender.busy, onclick: () => setSel(L.emptySelection()) }, t("krone.cancel")));
    }
    return h(
      "div",
      { class: `kk-action ${mine ? "mine" : ""}`, "aria-live": "polite" },
      h("p", { class: "kk-prompt" }, t(p.key, params(p.params))),
      pending ? h("p", { class: "kk-pending" }, pendingText(pending)) : null,
      takeableStrip(),
      buttons.length ? h("div", { class: "kk-buttons" }, ...buttons) : null,
      allMoves(),
    );
  }

  function tableSection() {
    const turn = view.position.turn;
    const over = Boolean(view.result);
    return h(
      "section",
      { class: "kk-table", "aria-label": t("krone.active") },
      actionField(),
      over ? null : h("div", { class: "kk-turn-of" }, h("span", { class: "kk-turn-name" }, name(turn.seat)), " · ", t("krone.dice", { n: view.position.players[turn.seat].turn_dice })),
      over ? null : asideDice(),
      over ? null : activeDice(),
      handCards(),
    );
  }

  // -- the players -------------------------------------------------------------------------

  function heldCards(seat) {
    const p = view.position.players[seat];
    return [...Array(p.jesters).fill("jester"), ...Array(p.charlatans).fill("charlatan"), ...p.cards];
  }

  /** A stable key per held card: its id and which copy of it (Charlatans come in twos). */
  function copyKeys(ids) {
    const seen = new Map();
    return ids.map((id) => {
      const n = seen.get(id) || 0;
      seen.set(id, n + 1);
      return `${id}-${n}`;
    });
  }

  function groupLabel(group) {
    return h("span", { class: "kk-group" }, `${group[0]} ×`, miniDie(group[1]));
  }

  function playersSection() {
    const pos = view.position;
    const turn = pos.turn;
    const standing = L.finalStanding(view);
    const bought = lastBuy();
    const lastSeat = L.lastMoves(view).find((e) => e.by !== "chance")?.by;
    const list = pos.players.map((p, seat) => {
      const toMove = !view.result && turn.seat === seat;
      const used = toMove ? new Set(turn.used) : new Set();
      const st = standing[seat];
      const badges = [];
      if (st.king) badges.push(h("span", { class: "kk-badge king", title: t("krone.kingHolder") }, "♔"));
      if (st.queen) badges.push(h("span", { class: "kk-badge queen", title: t("krone.queenHolder") }, "♕"));
      let finalNote = null;
      if (pos.final_round) {
        const r = st.result;
        if (r === "pass") finalNote = h("span", { class: "kk-final" }, t("krone.passed"));
        else if (Array.isArray(r)) finalNote = h("span", { class: "kk-final", title: t("krone.bestTip", { n: r[0], face: r[1] }) }, groupLabel(r));
        else if (st.queen && pos.king) finalNote = h("span", { class: "kk-final muted", title: t("krone.result.bid", { n: pos.king.bid[0], face: pos.king.bid[1] }) }, groupLabel(pos.king.bid));
      }
      const keys = copyKeys(heldCards(seat));
      // As on Brettspielwelt, a card is used by clicking it in its holder's list too.
      const usable = seat === view.seat && !sender.busy ? new Set(L.usableCards(view)) : new Set();
      const chips = heldCards(seat).map((id, n) => {
        const can = usable.has(id);
        return h(
          can ? "button" : "span",
          {
            class: ["kk-chip", `row-${rowOf(id)}`, used.has(id) && "used", can && "usable", can && sel.card === id && "chosen", bought && bought.seat === seat && bought.card === id && "last", bought && bought.seat === seat && bought.card === id && fresh && "fresh"].filter(Boolean).join(" "),
            title: cardTip(id, used.has(id) ? [t("krone.used")] : can ? [t("krone.canUse")] : []),
            tabindex: can ? undefined : "0",
            "aria-pressed": can ? String(sel.card === id) : undefined,
            "data-key": `chip-${seat}-${keys[n]}`,
            onclick: can ? () => setSel(L.selectCard(view, sel, id, comps)) : undefined,
            onfocus: () => showInfo(id),
            onmouseenter: () => showInfo(id),
          },
          cardName(id),
        );
      });
      const tags = [];
      if (seat === view.seat) tags.push(h("span", { class: "kk-tag you" }, t("krone.you")));
      if (toMove) tags.push(h("span", { class: "kk-tag move" }, t("krone.toMove")));
      return h(
        "li",
        { class: ["kk-player", toMove && "to-move", seat === view.seat && "me", lastSeat === seat && "last"].filter(Boolean).join(" ") },
        h(
          "div",
          { class: "kk-player-head" },
          h("span", { class: "kk-turn-mark", "aria-hidden": "true" }, toMove ? "▶" : ""),
          h("span", { class: "kk-name", title: name(seat) }, name(seat)),
          ...badges,
          ...tags,
          h("span", { class: "kk-dicecount", role: "img", title: t("krone.diceTip", { name: name(seat), n: p.turn_dice }), "aria-label": t("krone.dice", { n: p.turn_dice }) }, countDie(p.turn_dice)),
        ),
        finalNote ? h("div", { class: "kk-player-final" }, finalNote) : null,
        chips.length ? h("div", { class: "kk-chips" }, ...chips) : null,
      );
    });
    const last = L.lastMoves(view);
    const lines = last.map((e) => {
      const d = L.describe(e);
      return t(d.key, params(d.params));
    });
    const header = pos.final_round
      ? h("div", { class: "kk-round final" }, t("krone.finalRound"), " · ", t("krone.standing", { n: pos.final_round.best[0], face: pos.final_round.best[1] }))
      : h("div", { class: "kk-round" }, t("krone.round", { n: pos.round }));
    return h(
      "aside",
      { class: "kk-players", "aria-label": t("krone.players") },
      header,
      h("ol", { class: "kk-player-list" }, ...list),
      lines.length ? h("p", { class: `kk-lastmove ${fresh ? "fresh" : ""}` }, h("strong", {}, `${t("krone.last")}: `), lines.join(" — ")) : null,
    );
  }

  // -- the result --------------------------------------------------------------------------

  function resultPanel() {
    const result = view.result;
    if (!result) return null;
    const details = result.details || {};
    const rows = result.ranking.map((place, index) =>
      place.map((seat) => {
        const notes = [];
        if (details.king === seat) notes.push(h("span", { class: "kk-badge king" }, "♔"), ` ${t("krone.result.king")}`);
        const r = (details.final_round || [])[seat];
        const line = [];
        if (Array.isArray(r)) line.push(t("krone.result.final", { n: r[0], face: r[1] }));
        else if (r === "pass") line.push(t("krone.result.passed"));
        if (details.queen === seat && details.bid) line.push(`${t("krone.result.queen")}, ${t("krone.result.bid", { n: details.bid[0], face: details.bid[1] })}`);
        return h(
          "li",
          { class: `kk-result-row ${index === 0 ? "winner" : ""}` },
          h("span", { class: "kk-place" }, t("krone.result.place", { n: index + 1 })),
          h("span", { class: "kk-name" }, name(seat)),
          h("span", { class: "kk-result-notes" }, ...notes),
          h("span", { class: "kk-result-line" }, line.join(" · ")),
        );
      }),
    );
    return h(
      "section",
      { class: "kk-result", "aria-label": t("krone.result.title") },
      h("h2", {}, t("krone.result.title"), h("span", { class: "kk-muted" }, ` · ${t("krone.result.rounds", { n: result.rounds })}`)),
      h("ol", {}, ...rows.flat()),
    );
  }

  function layout() {
    return h("div", { class: `kk ${view.result ? "over" : ""}` }, resultPanel(), court(), tableSection(), playersSection());
  }

  return {
    update(next) {
      sel = L.carrySelection(view, next, sel, comps);
      const length = logLength(next);
      fresh = view !== null && length > shownLog;
      shownLog = length;
      view = next;
      sender.viewed();
      render();
    },
    destroy() {
      root.replaceChildren();
      root.classList.remove("board-krone");
      view = null;
    },
    /** A log entry in words, for the table's log. */
    describe(entry) {
      const d = L.describe(entry);
      return t(d.key, params(d.params));
    },
  };
}
