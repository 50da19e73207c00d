// The frame around every screen: the name of the room, the language and theme switches,
// who you are, and the way out; "my tables" (where you sit, marked where it is your move,
// live from the server) and "my matches" (running and finished, from /api/my/matches).
// Language, theme, whether every move waits for OK and how a turn is told are kept in
// localStorage.

import { post } from "../core/api.js";
import { fill, h } from "../core/dom.js";
import { LANGUAGES, addCatalog, browserLanguage, getLanguage, setLanguage, t } from "../core/i18n.js";
import { tableAddress } from "../core/address.js";
import { confirmEveryMove, setConfirmEveryMove } from "../core/preferences.js";
import { createAccount } from "./account.js";
import { botBadge } from "./names.js";
import catalog from "./room.i18n.js";
import { signed } from "./result.js";
import { setTurnNotices, setTurnSound, turnNotices, turnSound } from "./turns.js";

addCatalog(catalog);

const THEMES = ["auto", "light", "dark"];

// `live`: the room's page, whose socket brings "my tables"; the history pages have none.
export function setupChrome({ rerender, logout, gameTitle = (id) => id, live = false }) {
  const bar = document.getElementById("chrome");
  let person = null;
  let mine = [];
  let myTablesOpen = false;
  let myMatchesOpen = false;
  let accountOpen = false;
  // A registered player's part of that menu: made once per person, so that a token just
  // made stays shown while the bar is drawn again.
  let accountPart = null;

  function myTables() {
    const waiting = mine.filter((x) => x.your_turn).length;
    const list = mine.length
      ? h("ul", { class: "menu-list" }, ...mine.map((x) => h("li", { class: x.your_turn ? "your-turn" : "" },
        h("a", { href: tableAddress(x.id, x.key), "data-table-link": x.id },
          `${t("lobby.tableNo", { id: x.id })} · ${gameTitle(x.game)}`),
        " ", x.your_turn ? h("b", { class: "turn-mark" }, t("turn.yours")) : h("span", { class: "muted small" }, t(`status.${x.status}`)))))
      : h("p", { class: "muted small" }, t("mine.none"));
    const sound = h("label", { class: "check" },
      h("input", { type: "checkbox", id: "turn-sound", checked: turnSound(), onchange: (event) => setTurnSound(event.target.checked) }),
      " ", t("turn.sound"));
    const notices = h("label", { class: "check", title: t("turn.noticesTip") },
      h("input", {
        type: "checkbox", id: "turn-notices", checked: turnNotices(),
        onchange: async (event) => { event.target.checked = await setTurnNotices(event.target.checked); },
      }), " ", t("turn.notices"));
    return h("details", {
      class: "menu my-tables", id: "my-tables", open: myTablesOpen,
      ontoggle: (event) => { myTablesOpen = event.target.open; onlyOne(event.target); },
    },
    h("summary", {}, t("mine.tables"), " ", h("span", { class: waiting ? "count turn" : "count" },
      waiting ? t("mine.waiting", { n: waiting }) : String(mine.length))),
    h("div", { class: "menu-body" }, list, sound, notices));
  }

  function myMatches() {
    const body = h("div", { class: "menu-body", "aria-live": "polite" }, h("p", { class: "muted small" }, t("mine.loading")));
    const menu = h("details", {
      class: "menu my-matches", id: "my-matches", open: myMatchesOpen,
      ontoggle: (event) => {
        myMatchesOpen = event.target.open;
        onlyOne(event.target);
        if (myMatchesOpen) loadMatches(body);
      },
    }, h("summary", {}, t("mine.matches")), body);
    if (myMatchesOpen) loadMatches(body);
    return menu;
  }

  // Who you are, your page and the ways out, in a menu under your name: the header
  // keeps to one line on a 1280 px screen in every language.
  function account() {
    return h("details", {
      class: "menu account", id: "account", open: accountOpen,
      ontoggle: (event) => {
        const opened = event.target.open;
        // A menu drawn again open says so once more: only a real change is news.
        if (opened !== accountOpen) {
          if (opened) accountPart?.opened();
          else accountPart?.closed();
        }
        accountOpen = opened;
        onlyOne(event.target);
      },
    },
    h("summary", { class: "me", title: person.guest ? t("chrome.guestTip") : t("chrome.playerTip") },
      person.name, person.guest ? h("span", { class: "muted small" }, ` (${t("chrome.guest")})`) : null,
      person.bot ? [" ", botBadge()] : null),
    h("div", { class: "menu-body" },
      person.guest ? h("p", { class: "muted small" }, t("chrome.guestTip"))
        : h("p", {}, h("a", { href: `/players/${encodeURIComponent(person.name)}`, "data-action": "my-page" }, t("chrome.myPage"))),
      h("div", { class: "buttons" },
        h("button", { type: "button", "data-action": "logout", onclick: logout }, t("chrome.logout")),
        // Every session of a registered player ends: a phone left logged in, a shared computer.
        person.guest ? null : h("button", {
          type: "button", "data-action": "logout-everywhere", title: t("chrome.logoutEverywhereTip"),
          onclick: async () => { await post("/api/logout?everywhere"); logout(); },
        }, t("chrome.logoutEverywhere"))),
      accountPart?.element));
  }

  // One menu open at a time: they open over the same corner of the page.
  function onlyOne(menu) {
    if (!menu.open) return;
    for (const other of bar.querySelectorAll("details.menu[open]")) if (other !== menu) other.open = false;
  }

  async function loadMatches(body) {
    const answer = await fetch("/api/my/matches");
    if (!answer.ok) {
      fill(body, h("p", { class: "muted small" }, t("mine.notEntered")));
      return;
    }
    const { running, finished } = await answer.json();
    const rating = (r) => r ? h("span", { class: r.change >= 0 ? "rating-up" : "rating-down" }, ` ${signed(r.change)}`) : null;
    fill(body,
      h("h3", {}, t("mine.running")),
      running.length ? h("ul", { class: "menu-list" }, ...running.map((x) => h("li", {},
        h("a", { href: tableAddress(x.table, x.key), "data-table-link": x.table },
          `${t("lobby.tableNo", { id: x.table })} · ${gameTitle(x.game)}`),
        " ", h("span", { class: "muted small" }, x.your_turn ? t("turn.yours") : t(`status.${x.status}`)))))
        : h("p", { class: "muted small" }, t("mine.none")),
      h("h3", {}, t("mine.finished")),
      finished.length ? h("ul", { class: "menu-list" }, ...finished.map((x) => h("li", {},
        h("a", { href: `/matches/${x.id}` }, `${gameTitle(x.game)} #${x.id}`), " ",
        h("span", { class: "muted small" }, x.place ? t("result.place", { n: x.place }) : t("mine.calledOff")),
        rating(x.rating))))
        : h("p", { class: "muted small" }, t("mine.noneFinished")));
  }

  setLanguage(localStorage.getItem("ludoteca.lang") || browserLanguage(navigator.languages));
  applyTheme(localStorage.getItem("ludoteca.theme") || "auto");

  function draw() {
    document.documentElement.lang = getLanguage();
    const language = h("select", {
      id: "language", "aria-label": t("chrome.language"), title: t("chrome.language"),
      onchange: (event) => {
        setLanguage(event.target.value);
        localStorage.setItem("ludoteca.lang", event.target.value);
        accountPart?.draw();
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
      person && live ? myTables() : null,
      person ? myMatches() : null,
      h("span", { class: "spacer" }),
      person ? account() : null,
      language, theme, confirming);
  }

  draw();
  return {
    entered(next) {
      const another = next?.id !== person?.id;
      person = next;
      if (!next || next.guest) accountPart = null;
      else if (another || !accountPart) accountPart = createAccount({ person: () => person, onBot: draw });
      if (!next) mine = [];
      draw();
    },
    /** The server's "my tables" list. */
    myTables(next) {
      mine = next;
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

