// A rules page: /rules lists the games, /rules/<game> shows one, in the reader's language
// (?lang=, else the room's saved choice, else the browser's). The prose is a fragment per
// game and language; the tables (cards, tiles, dominoes, scores) are drawn from the game's
// components, so a name or a number on the page is the one the engine plays with.

import { fill, h } from "../core/dom.js";
import { LANGUAGES, addCatalog, browserLanguage, getLanguage, setLanguage, t } from "../core/i18n.js";
import keltisTexts from "../boards/keltis.i18n.js";
import kingdominoTexts from "../boards/kingdomino.i18n.js";
import kroneTexts from "../boards/krone.i18n.js";
import catalog from "./rules.i18n.js";

[catalog, kroneTexts, keltisTexts, kingdominoTexts].forEach(addCatalog);

const bar = document.getElementById("bar");
const main = document.getElementById("rules");
const query = new URLSearchParams(location.search);
const wanted = location.pathname.replace(/^\/rules\/?/, "").replace(/\/$/, "");
const games = await (await fetch("/api/games")).json();
setLanguage(query.get("lang") || localStorage.getItem("ludoteca.lang") || browserLanguage(navigator.languages));

async function show() {
  document.documentElement.lang = getLanguage();
  drawBar();
  const game = games.find((g) => g.id === wanted);
  if (!game) {
    document.title = `${t("rules.title")} · ludoteca`;
    fill(main,
      h("h1", {}, t("rules.all")),
      wanted ? h("p", { class: "missing", role: "alert" }, t("rules.unknown", { game: wanted })) : null,
      h("p", {}, t("rules.lead")),
      h("ul", { class: "games" }, ...games.map((g) => h("li", {},
        h("a", { href: `/rules/${g.id}?lang=${getLanguage()}` }, h("b", {}, nameOf(g)), h("br"),
          h("span", { class: "muted" }, g.title !== nameOf(g) ? g.title : ""))))));
    return;
  }
  document.title = `${nameOf(game)} — ${t("rules.title")} · ludoteca`;
  const text = await (await fetch(`/static/rules/${game.id}.${getLanguage()}.html`)).text();
  const article = document.createElement("article");
  article.innerHTML = text; // our own static file, never anything a player wrote
  for (const ruling of article.querySelectorAll(".ruling")) ruling.dataset.label = t("rules.ruling");
  for (const slot of article.querySelectorAll("[data-table]")) slot.replaceWith(TABLES[slot.dataset.table](game));
  const sections = [...article.querySelectorAll("section[id] > h2")];
  const contents = h("nav", { class: "toc", "aria-label": t("rules.contents") }, h("b", {}, t("rules.contents")),
    h("ol", {}, ...sections.map((title) => h("li", {}, h("a", { href: `#${title.parentElement.id}` }, title.textContent)))));
  article.querySelector("section")?.before(contents);
  fill(main, article);
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
}

function drawBar() {
  const select = h("select", {
    id: "language", "aria-label": t("rules.language"),
    onchange: (event) => {
      setLanguage(event.target.value);
      localStorage.setItem("ludoteca.lang", event.target.value);
      const url = new URL(location.href);
      url.searchParams.set("lang", event.target.value);
      history.replaceState(null, "", url);
      show();
    },
  }, ...LANGUAGES.map((code) => h("option", { value: code, selected: code === getLanguage() }, { en: "English", it: "Italiano", de: "Deutsch" }[code])));
  fill(bar,
    h("a", { class: "brand", href: "/" }, "ludoteca"),
    h("a", { href: `/rules?lang=${getLanguage()}` }, t("rules.all")),
    h("span", { class: "spacer" }),
    h("a", { href: "/" }, t("rules.room")),
    select);
}

function nameOf(game) {
  return game.names?.[getLanguage()] || game.title;
}

function named(item) {
  return item.names?.[getLanguage()] || item.names?.en || item.id;
}

function table(head, rows) {
  return h("div", { class: "table-wrap" }, h("table", {},
    h("thead", {}, h("tr", {}, ...head.map((cell) => h("th", {}, cell)))),
    h("tbody", {}, ...rows.map((row) => h("tr", {}, ...row.map((cell) => (typeof cell === "number"
      ? h("td", { class: "n" }, String(cell)) : h("td", {}, cell))))))));
}

const ROMAN = ["0", "I", "II", "III", "IV", "V"];

const TABLES = {
  "krone-cards": (game) => table(
    [t("rules.card"), t("rules.row"), t("rules.cost"), t("rules.ability"), t("rules.copies")],
    game.components.cards.map((card) => [
      [h("b", {}, named(card)), card.bsw_names?.[getLanguage()] ? ` (${t("krone.bswName", { name: card.bsw_names[getLanguage()] })})` : ""],
      ROMAN[card.row], t(`krone.cost.${card.id}`), t(`krone.ability.${card.id}`),
      card.id === "charlatan" ? "—" : ["2", "3", "4", "5"].map((n) => card.copies[n]).join(" / "),
    ])),
  "keltis-rows": (game) => table(
    [t("rules.cards"), t("rules.points")],
    game.components.row_points.slice(1).map((points, i) => [i === game.components.row_points.length - 2 ? `${i + 1}+` : String(i + 1), points])),
  "keltis-stones": (game) => table(
    [t("rules.stones"), t("rules.points")],
    game.components.stone_points.map((points, i) => [i === game.components.stone_points.length - 1 ? `${i}+` : String(i), points])),
  "cronberg-tiles": (game) => table(
    [t("rules.tile"), t("rules.acute"), t("rules.obtuse"), t("rules.count")],
    game.components.tiles.map((tile) => [h("b", {}, named(tile)), tile.acute, tile.obtuse, tile.copies])),
  "kingdomino-dominoes": (game) => table(
    [t("rules.domino"), t("rules.first"), t("rules.second")],
    game.components.dominoes.map((d) => [d.number, square(d.first), square(d.second)])),
};

function square(half) {
  const terrain = t(`kingdomino.terrain.${half.terrain}`);
  return half.crowns ? `${terrain} · ${"♛".repeat(half.crowns)}` : terrain;
}

await show();
