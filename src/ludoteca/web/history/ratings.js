// A game's leaderboard: registered players by their Elo rating in that game, with a
// tab for each game; people's, or bot accounts' (?pool=bots: a pool of their own, each
// name marked BOT).

import { post } from "../core/api.js";
import { fill, h } from "../core/dom.js";
import { addCatalog, t } from "../core/i18n.js";
import { setupChrome } from "../screens/chrome.js";
import { serverText } from "../screens/messages.js";
import { botBadge, gameName } from "../screens/names.js";
import { ratingMark } from "../screens/standing.js";
import catalog from "./history.i18n.js";

addCatalog(catalog);

const screen = document.getElementById("screen");
const gameId = location.pathname.split("/").filter(Boolean).pop();
const pool = new URLSearchParams(location.search).get("pool") === "bots" ? "bots" : "people";
const POOLS = ["people", "bots"];

async function show() {
  const games = await (await fetch("/api/games")).json();
  const answer = await fetch(`/api/ratings/${encodeURIComponent(gameId)}?pool=${pool}`);
  const data = await answer.json();
  const query = pool === "bots" ? "?pool=bots" : "";
  const tabs = h("nav", { class: "tabs", "aria-label": t("history.games") },
    ...games.map((g) => h("a", { class: g.id === gameId ? "tab current" : "tab", href: `/ratings/${g.id}${query}` }, gameName(g))));
  const pools = h("nav", { class: "tabs pools", "aria-label": t("history.pool") },
    ...POOLS.map((p) => h("a", {
      class: p === pool ? "tab current" : "tab", "data-pool": p, "aria-current": p === pool ? "page" : null,
      href: `/ratings/${gameId}${p === "bots" ? "?pool=bots" : ""}`,
    }, t(`history.pool.${p}`))));
  if (!answer.ok) {
    fill(screen, h("div", { class: "history" }, tabs,
      h("p", { class: "missing", role: "alert" }, serverText({ code: data.code, text: data.error, params: data.params }))));
    return;
  }
  const game = games.find((g) => g.id === gameId);
  document.title = `${t("history.ratings")} · ${gameName(game)} · ludoteca`;
  fill(screen, h("div", { class: "history" },
    h("header", { class: "history-head" }, h("h1", {}, t("history.ratings"), " · ", gameName(game))),
    tabs, pools,
    h("section", { class: "panel" },
      data.players.length
        ? h("table", { class: "player-games leaderboard" },
          h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, t("history.player")), h("th", {}, t("history.rating")), h("th", {}, t("history.ratedGames")))),
          h("tbody", {}, ...data.players.map((p, i) => h("tr", {},
            h("td", { class: "n" }, String(i + 1)),
            h("td", {}, h("a", { href: `/players/${encodeURIComponent(p.name)}` }, p.name), pool === "bots" ? [" ", botBadge()] : null),
            h("td", { class: "n" }, ratingMark(p.rating, p.provisional)),
            h("td", { class: "n" }, String(p.games))))))
        : h("p", { class: "muted" }, t("history.noRatings")),
      h("p", { class: "muted small" }, t(pool === "bots" ? "history.ratingsBots" : "history.ratingsHow")))));
}

const chrome = setupChrome({
  rerender: () => show(),
  logout: async () => { await post("/api/logout"); location.reload(); },
});
const me = await fetch("/api/me");
if (me.ok) chrome.entered(await me.json());
await show();
