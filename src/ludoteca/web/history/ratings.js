// A game's leaderboard: registered players by their Elo rating in that game, with a
// tab for each game; people's, or bot accounts' (?pool=bots: a pool of their own, each
// name marked BOT); beside them the room's own bots, one row a level, rated on their
// ladder (docs/bots.md), each with its 95% interval: what beating "hard" means.

import { post } from "../core/api.js";
import { fill, h } from "../core/dom.js";
import { addCatalog, t } from "../core/i18n.js";
import { setupChrome } from "../screens/chrome.js";
import { serverText } from "../screens/messages.js";
import { botBadge, gameName, levelName } from "../screens/names.js";
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
      data.players.length || data.levels
        ? h("table", { class: "player-games leaderboard" },
          h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, t("history.player")), h("th", {}, t("history.rating")),
            data.levels ? h("th", {}, t("history.interval")) : null, h("th", {}, t("history.ratedGames")))),
          h("tbody", {}, ...rows(data, game, pool)))
        : null,
      data.players.length ? null : h("p", { class: "muted" }, t("history.noRatings")),
      h("p", { class: "muted small" }, t(pool === "bots" ? "history.ratingsBots" : "history.ratingsHow")),
      data.levels ? h("p", { class: "muted small levels-how" }, levelsHow(data.levels)) : null)));
}

/** People by rating, numbered; the bot levels among them where their rating falls,
 * marked and not numbered (they are not in the people's ranking). */
function rows(data, game, pool) {
  const people = data.players.map((p, i) => ({ rating: p.rating, row: h("tr", {},
    h("td", { class: "n" }, String(i + 1)),
    h("td", {}, h("a", { href: `/players/${encodeURIComponent(p.name)}` }, p.name), pool === "bots" ? [" ", botBadge()] : null),
    h("td", { class: "n" }, ratingMark(p.rating, p.provisional)),
    data.levels ? h("td", {}) : null,
    h("td", { class: "n" }, String(p.games))) }));
  const levels = (data.levels?.ratings ?? []).map((r) => ({ rating: r.rating, row: h("tr", { class: "level-row", "data-level": r.level },
    h("td", {}),
    h("td", {}, levelName(r.level, game), " ", h("span", { class: "mark bot" }, t("table.bot"))),
    h("td", { class: "n" }, String(r.rating)),
    r.level in data.levels.anchor  // the ladder's fixed point: the others are read from it
      ? h("td", { class: "n", title: t("history.anchorTip") }, t("history.anchor"))
      : h("td", { class: "n", title: t("history.intervalTip") }, `${r.ci95[0]}–${r.ci95[1]}`),
    h("td", { class: "n", title: t("history.levelGamesTip") }, String(r.games))) }));
  return [...people, ...levels].sort((a, b) => b.rating - a.rating).map((entry) => entry.row);
}

function levelsHow(levels) {
  const [[anchor, at]] = Object.entries(levels.anchor);
  const seeds = [...new Set(levels.sources.map((s) => s.seed))].join(", ");
  const games = levels.sources.reduce((sum, s) => sum + s.games, 0);
  return t("history.levelsHow", { anchor: t(`level.${anchor}`), at, games, seeds });
}

const chrome = setupChrome({
  rerender: () => show(),
  logout: async () => { await post("/api/logout"); location.reload(); },
});
const me = await fetch("/api/me");
if (me.ok) chrome.entered(await me.json());
await show();
