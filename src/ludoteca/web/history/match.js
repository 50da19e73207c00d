// A finished match: the result with each seat's breakdown, and a replay that steps,
// plays and jumps move by move. Each step is the view the room gives this person for
// that point: a spectator's, or their own seat's if they played (never another hand).

import { post } from "../core/api.js";
import { loadBoard } from "../core/board-loader.js";
import { fill, h } from "../core/dom.js";
import { addCatalog, dateText, t } from "../core/i18n.js";
import { setupChrome } from "../screens/chrome.js";
import { serverText } from "../screens/messages.js";
import { logLine } from "../screens/move-log.js";
import { gameName, seatName } from "../screens/names.js";
import { resultPanel } from "../screens/result.js";
import catalog from "./history.i18n.js";
import { openingStep, startFrom } from "./replay-logic.js";

addCatalog(catalog);

const screen = document.getElementById("screen");
const matchId = location.pathname.split("/").filter(Boolean).pop();
const PLAY_EVERY_MS = 700;

let summary = null;
let games = [];
let board = null;
let step = 0;
let playing = null;
let whole = null; // the view at the end: its log names every step
let opening = 0; // the step before the players' first move
const views = new Map();

function stopAll() {
  clearInterval(playing);
  playing = null;
  board?.destroy();
}

async function json(path) {
  const answer = await fetch(path);
  const data = await answer.json();
  if (!answer.ok) throw new Error(serverText({ code: data.code, text: data.error, params: data.params }));
  return data;
}

async function viewAt(n) {
  if (!views.has(n)) views.set(n, json(`/api/matches/${matchId}/view?at=${n}`));
  return views.get(n);
}

async function show() {
  try {
    [summary, games] = await Promise.all([json(`/api/matches/${matchId}`), json("/api/games")]);
  } catch (error) {
    fill(screen, h("section", { class: "panel" }, h("p", { class: "missing", role: "alert" }, error.message),
      h("a", { href: "/" }, t("history.room"))));
    return;
  }
  const game = games.find((g) => g.id === summary.game);
  document.title = `${gameName(game)} · ${t("history.match", { id: summary.id })} · ludoteca`;
  // The board first: the result's breakdown is its, and its catalog names the parts.
  const boardModule = await loadBoard(summary.game);
  const names = summary.names.map((name, seat) => seatName(name, game) ?? t("table.seat", { n: seat + 1 }));
  const boardBox = h("div", { id: "board", class: "board-host" });
  const slider = h("input", {
    type: "range", min: 0, max: summary.moves, value: summary.moves, "aria-label": t("history.step"),
    oninput: (event) => go(Number(event.target.value)),
  });
  const stepText = h("span", { class: "replay-step", "aria-live": "polite" });
  const playButton = h("button", { "data-action": "play", title: t("history.playTip"), onclick: () => toggle() });
  const moveList = h("ol", { class: "replay-moves", "aria-label": t("history.moves"), tabindex: "0" });
  const control = (action, label, tip, target) => h("button", { "data-action": action, title: tip, "aria-label": tip, onclick: () => go(target()) }, label);
  fill(screen, h("div", { class: "history" },
    h("header", { class: "history-head" },
      h("h1", {}, gameName(game), " ", h("span", { class: "muted" }, t("history.match", { id: summary.id }))),
      h("span", { class: "muted" }, dateText(new Date(summary.finished_at * 1000), true)),
      h("a", { href: `/rules/${summary.game}` }, t("nav.rules")),
      summary.document ? h("a", { href: `/api/matches/${summary.id}/document`, download: "", "data-action": "download", title: t("history.documentTip") }, t("history.document")) : null,
      summary.you === null ? h("span", { class: "muted" }, t("history.spectator")) : h("span", { class: "muted" }, t("history.yourSeat"))),
    summary.result ? resultPanel(boardModule.breakdown, summary.result, names, summary.you, null, summary.ratings, summary.bot_accounts) : null,
    h("section", { class: "panel replay-controls", role: "toolbar", "aria-label": t("history.replay") },
      control("first", "|◀", t("history.first"), () => startFrom(step, opening)),
      control("back", "◀", t("history.back"), () => step - 1),
      playButton,
      control("forward", "▶", t("history.forward"), () => step + 1),
      control("last", "▶|", t("history.last"), () => summary.moves),
      slider, stepText),
    h("div", { class: "replay-grid" },
      h("div", {}, boardBox),
      h("section", { class: "panel" }, h("h2", {}, t("history.moves")), moveList))));

  board = boardModule.createBoard(boardBox, { seat: summary.you, names, components: game.components, play: async () => {} });
  whole = await viewAt(summary.moves);
  opening = openingStep(whole.log);
  fill(moveList, ...whole.log.map((entry, index) => {
    const text = board.describe ? board.describe(entry, whole.log[index - 1]) : null;
    return text ? logLine(index + 1, text, { "data-step": index + 1, onclick: () => go(index + 1) }) : null;
  }));

  async function go(target) {
    step = Math.max(0, Math.min(summary.moves, target));
    slider.value = String(step);
    stepText.textContent = t("history.stepOf", { n: step, of: summary.moves });
    for (const item of moveList.querySelectorAll("li")) {
      item.classList.toggle("current", Number(item.dataset.step) === step);
    }
    moveList.querySelector("li.current")?.scrollIntoView({ block: "nearest" });
    const wanted = step;
    const view = await viewAt(wanted);
    if (wanted === step) board.update(view);
    if (step >= summary.moves) stop();
    playButton.textContent = playing ? t("history.pause") : t("history.play");
  }

  function toggle() {
    if (playing) stop();
    else {
      if (step >= summary.moves) go(opening);
      playing = setInterval(() => go(step + 1), PLAY_EVERY_MS);
    }
    playButton.textContent = playing ? t("history.pause") : t("history.play");
  }

  function stop() {
    clearInterval(playing);
    playing = null;
  }

  document.addEventListener("keydown", (event) => {
    if (event.target.closest?.("input, select, textarea")) return;
    if (event.key === "ArrowLeft") go(step - 1);
    else if (event.key === "ArrowRight") go(step + 1);
    else if (event.key === "Home") go(startFrom(step, opening));
    else if (event.key === "End") go(summary.moves);
  });
  window.ludotecaReplay = { step: () => step, go };
  await go(summary.moves);
}

const chrome = setupChrome({
  rerender: () => { stopAll(); views.clear(); show(); },
  logout: async () => { await post("/api/logout"); location.reload(); },
});
const me = await fetch("/api/me");
if (me.ok) chrome.entered(await me.json());
await show();
