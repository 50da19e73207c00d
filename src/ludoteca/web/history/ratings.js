// A game's leaderboard: registered players by their Elo rating in that game, with a
// tab for each game.

import { post } from "../core/api.js";
import { fill, h } from "../core/dom.js";
import { addCatalog, t } from "../core/i18n.js";
import { setupChrome } from "../screens/chrome.js";
import { serverText } from "../screens/messages.js";
import { gameName } from "../screens/names.js";
import { ratingMark } from "../screens/standing.js";
import catalog from "./history.i18n.js";

addCatalog(catalog);

const screen = document.getElementById("screen");
const gameId = location.pathname.split("/").filter(Boolean).pop();

async function show() {
  const games = await (await fetch("/api/games")).json();
  const answer = await fetch(`/api/ratings/${encodeURIComponent(gameId)}`);
  const data = await answer.json();
  const tabs = h("nav", { class: "tabs" }, ...games.map((g) => h("a", { class: g.id === gameId ? "tab current" : "tab", href: `/ratings/${g.id}` }, gameName(g))));
  if (!answer.ok) {
    fill(screen, h("div", { class: "history" }, tabs,
      h("p", { class: "missing", role: "alert" }, serverText({ code: data.code, text: data.error, params: data.params }))));
    return;
  }
  const game = games.find((g) => g.id === gameId);
  document.title = `${t("history.ratings")} · ${gameName(game)} · ludoteca`;
  fill(screen, h("div", { class: "history" },
    h("header", { class: "history-head" }, h("h1", {}, t("history.ratings"), " · ", gameName(game))),
    tabs,
    h("section", { class: "panel" },
      data.players.length
        ? h("table", { class: "player-games leaderboard" },
          h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, t("history.player")), h("th", {}, t("history.rating")), h("th", {}, t("history.ratedGames")))),
          h("tbody", {}, ...data.players.map((p, i) => h("tr", {},
            h("td", { class: "n" }, String(i + 1)),
            h("td", {}, h("a", { href: `/players/${encodeURIComponent(p.name)}` }, p.name)),
            h("td", { class: "n" }, ratingMark(p.rating, p.provisional)),
            h("td", { class: "n" }, String(p.games))))))
        : h("p", { class: "muted" }, t("history.noRatings")),
      h("p", { class: "muted small" }, t("history.ratingsHow")))));
}

const chrome = setupChrome({
  rerender: () => show(),
  logout: async () => { await post("/api/logout"); location.reload(); },
});
const me = await fetch("/api/me");
if (me.ok) chrome.entered(await me.json());
await show();
