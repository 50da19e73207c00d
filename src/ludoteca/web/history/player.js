// A registered player's page: games played and won per game, and recent matches, each
// linking to its result and replay.

import { post } from "../core/api.js";
import { fill, h } from "../core/dom.js";
import { addCatalog, dateText, t } from "../core/i18n.js";
import { setupChrome } from "../screens/chrome.js";
import { serverText } from "../screens/messages.js";
import { botBadge, gameName, seatName } from "../screens/names.js";
import { ratingMark } from "../screens/standing.js";
import catalog from "./history.i18n.js";

addCatalog(catalog);

const screen = document.getElementById("screen");
const name = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());

async function show() {
  const [answer, games] = await Promise.all([fetch(`/api/players/${encodeURIComponent(name)}`), fetch("/api/games").then((r) => r.json())]);
  const data = await answer.json();
  if (!answer.ok) {
    fill(screen, h("section", { class: "panel" },
      h("p", { class: "missing", role: "alert" }, serverText({ code: data.code, text: data.error, params: data.params })),
      h("a", { href: "/" }, t("history.room"))));
    return;
  }
  document.title = `${data.name} · ludoteca`;
  const gameOf = (id) => games.find((g) => g.id === id);
  const rows = Object.entries(data.games).map(([id, tally]) => h("tr", {},
    h("td", {}, h("a", { href: `/ratings/${id}` }, gameName(gameOf(id)))),
    h("td", { class: "n" }, String(tally.played)), h("td", { class: "n" }, String(tally.wins)),
    h("td", { class: "n" }, data.ratings[id] ? ratingMark(data.ratings[id].rating, data.ratings[id].provisional) : "—")));
  const history = data.rating_history.map((c) => h("li", {},
    h("a", { href: `/matches/${c.match}` }, gameName(gameOf(c.game)), " · ", t("history.match", { id: c.match })), " ",
    `${Math.round(c.before)} → ${Math.round(c.after)}`, " ",
    h("span", { class: c.after >= c.before ? "up" : "down" }, `${c.after >= c.before ? "+" : ""}${Math.round(c.after - c.before)}`)));
  fill(screen, h("div", { class: "history" },
    h("header", { class: "history-head" }, h("h1", {}, data.name, data.bot ? [" ", botBadge()] : null)),
    h("section", { class: "panel" }, h("h2", {}, t("finish.title")),
      h("p", { "data-finish": String(data.finish.percent) }, data.finish.ended ? t("finish.page", { ...data.finish, n: data.finish.percent }) : t("finish.none"))),
    h("section", { class: "panel" }, h("h2", {}, t("history.games")),
      rows.length
        ? h("table", { class: "player-games" },
          h("thead", {}, h("tr", {}, h("th", {}, t("lobby.game")), h("th", {}, t("history.played")), h("th", {}, t("history.wins")), h("th", {}, t("history.rating")))),
          h("tbody", {}, ...rows))
        : h("p", { class: "muted" }, t("history.none"))),
    history.length ? h("section", { class: "panel" }, h("h2", {}, t("history.ratingHistory")), h("ol", { class: "rating-history" }, ...history)) : null,
    h("section", { class: "panel" }, h("h2", {}, t("history.recent")),
      h("ol", { class: "recent" }, ...data.recent.map((match) => h("li", {},
        h("a", { href: `/matches/${match.id}` }, gameName(gameOf(match.game)), " · ", t("history.match", { id: match.id })), " — ",
        match.place === null ? t("history.aborted") : t("history.place", { n: match.place }), " ",
        h("span", { class: "muted" }, match.names.filter(Boolean).map(seatName).join(", "), " · ", dateText(new Date(match.finished_at * 1000)))))))));
}

const chrome = setupChrome({
  rerender: () => show(),
  logout: async () => { await post("/api/logout"); location.reload(); },
});
const me = await fetch("/api/me");
if (me.ok) chrome.entered(await me.json());
await show();
