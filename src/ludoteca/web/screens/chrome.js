// The frame around every screen: the name of the room, the language and theme switches,
// who you are, and the way out. Language, theme and whether every move waits for OK are
// kept in localStorage.

import { post } from "../core/api.js";
import { fill, h } from "../core/dom.js";
import { LANGUAGES, addCatalog, browserLanguage, getLanguage, setLanguage, t } from "../core/i18n.js";
import { confirmEveryMove, setConfirmEveryMove } from "../core/preferences.js";
import catalog from "./room.i18n.js";

addCatalog(catalog);

const THEMES = ["auto", "light", "dark"];

export function setupChrome({ rerender, logout }) {
  const bar = document.getElementById("chrome");
  let person = null;
  setLanguage(localStorage.getItem("ludoteca.lang") || browserLanguage(navigator.languages));
  applyTheme(localStorage.getItem("ludoteca.theme") || "auto");

  function draw() {
    document.documentElement.lang = getLanguage();
    const language = h("select", {
      id: "language", "aria-label": t("chrome.language"), title: t("chrome.language"),
      onchange: (event) => {
        setLanguage(event.target.value);
        localStorage.setItem("ludoteca.lang", event.target.value);
        draw();
        rerender();
      },
    }, ...LANGUAGES.map((code) => h("option", { value: code, selected: code === getLanguage() }, t(`chrome.lang.${code}`))));
    const theme = h("select", {
      id: "theme", "aria-label": t("chrome.theme"), title: t("chrome.theme"),
      onchange: (event) => {
        localStorage.setItem("ludoteca.theme", event.target.value);
        applyTheme(event.target.value);
      },
    }, ...THEMES.map((name) => h("option", { value: name, selected: name === currentTheme() }, t(`chrome.theme.${name}`))));
    const confirming = h("label", { class: "confirm-moves", title: t("chrome.confirmMovesTip") },
      h("input", {
        type: "checkbox", id: "confirm-moves", checked: confirmEveryMove(),
        onchange: (event) => setConfirmEveryMove(event.target.checked),
      }), " ", t("chrome.confirmMoves"));
    fill(bar, 
      h("a", { class: "brand", href: "/", title: t("chrome.home") }, "ludoteca"),
      h("nav", {},
        h("a", { href: "/rules", target: "_blank", rel: "noopener" }, t("nav.rules")),
        h("a", { href: "/ratings/krone", "data-action": "ratings" }, t("nav.ratings"))),
      h("span", { class: "spacer" }),
      person ? h("span", { class: "me", title: person.guest ? t("chrome.guestTip") : t("chrome.playerTip") },
        person.guest ? person.name : h("a", { href: `/players/${encodeURIComponent(person.name)}`, "data-action": "my-page" }, person.name),
        person.guest ? h("span", { class: "muted small" }, ` (${t("chrome.guest")})`) : null) : null,
      person ? h("button", { type: "button", "data-action": "logout", onclick: logout }, t("chrome.logout")) : null,
      // Every session of a registered player ends: a phone left logged in, a shared computer.
      person && !person.guest ? h("button", {
        type: "button", "data-action": "logout-everywhere", title: t("chrome.logoutEverywhereTip"),
        onclick: async () => { await post("/api/logout?everywhere"); logout(); },
      }, t("chrome.logoutEverywhere")) : null,
      language, theme, confirming);
  }

  draw();
  return {
    entered(next) {
      person = next;
      draw();
    },
  };
}

function currentTheme() {
  return document.documentElement.dataset.theme || "auto";
}

function applyTheme(name) {
  if (name === "light" || name === "dark") document.documentElement.dataset.theme = name;
  else delete document.documentElement.dataset.theme;
}
