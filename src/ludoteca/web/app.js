// The room in the browser: the entry, the lobby and a table, over one WebSocket. This
// module only routes: server messages update the lobby or table state, and the screen
// showing draws it. The rules stay on the server; the client never decides a move.
// The address bar follows: / is the lobby, /tables/<id> a table (core/address.js).

import { showAddress, tableAddress, tableOfAddress } from "./core/address.js";
import { post } from "./core/api.js";
import { fill, h } from "./core/dom.js";
import { Connection } from "./core/connection.js";
import { t } from "./core/i18n.js";
import { refused, requestId } from "./core/requests.js";
import { applyEvent, fromSync } from "./core/table-state.js";
import { setupChrome } from "./screens/chrome.js";
import { showEntry } from "./screens/entry.js";
import { createLobby } from "./screens/lobby.js";
import { serverText } from "./screens/messages.js";
import { gameName } from "./screens/names.js";
import { answerText, createOffers } from "./screens/offers.js";
import { createTableScreen } from "./screens/table.js";
import { createTurns } from "./screens/turns.js";

const screen = document.getElementById("screen");
const status = document.getElementById("connection");
let me = null;
let games = [];
let lobby = { tables: new Map(), online: [], bots: [], chat: [] };
let table = null; // the table state (core/table-state.js) we are at, or null
let seated = [];
let lobbyScreen = null;
let tableScreen = null;
let connection = null;
// The table the address asked for (a link opened, back or forward), until it is shown.
let wanted = tableOfAddress();
// The keys private tables were entered with, by table: a join or watch there carries it.
const keys = new Map();
if (wanted?.key) keys.set(wanted.id, wanted.key);

const gameTitle = (id) => gameName(games.find((g) => g.id === id)) || id;
const chrome = setupChrome({ rerender, logout, gameTitle, live: true });
const turns = createTurns({ gameTitle });
// Offers are answered wherever the person is: their dialogs live outside the screens.
const offers = createOffers(document.body, { games: () => games, send: (message) => send(message) });

// The button (or form's submit button) whose press is sending what is sent now: it is
// held while its request is in flight. The chat's and the board's buttons are not: the
// chat's form empties itself, and a board's move names the table version it was made on.
let pressed = null;
function press(button) {
  if (!button || button.closest(".chat-say, #board")) return;
  pressed = button;
  setTimeout(() => { pressed = null; });
}
screen.addEventListener("click", (event) => press(event.target.closest("button")), true);
screen.addEventListener("submit", (event) => press(event.submitter ?? event.target.querySelector("[type=submit]")), true);

function send(message) {
  const key = (message.t === "join" || message.t === "watch") && keys.get(message.table);
  connection.send({ ...message, ...(key ? { key } : {}), rid: requestId(pressed) });
}

/** Go to a table: by a link in the page, back or forward, or an address opened. */
function goToTable(target) {
  if (target.key) keys.set(target.id, target.key);
  wanted = target;
  send({ t: "watch", table: target.id });
}

function leaveTable() {
  const id = table.id;
  table = null;
  send({ t: "leave", table: id });
  showLobby();
}

// Links to tables within the page (my tables, my matches) go there without a reload.
document.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-table-link]");
  if (!link || !me || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
  event.preventDefault();
  link.closest("details")?.removeAttribute("open");
  const target = tableOfAddress(new URL(link.href));
  showAddress(tableAddress(target.id, target.key));
  goToTable(target);
});

window.addEventListener("popstate", () => {
  if (!me) return;
  const target = tableOfAddress();
  if (target) {
    if (target.id !== table?.id) goToTable(target);
  } else if (table) {
    // Back to the lobby keeps a seat (as closing the tab would): the button leaves.
    const id = table.id;
    table = null;
    send({ t: "unwatch", table: id });
    showLobby();
  } else showLobby();
});

/** A link to a table the room does not have (closed, or never was), or refused. */
async function showGone(target, message) {
  tableScreen?.destroy();
  tableScreen = null;
  lobbyScreen = null;
  table = null;
  const box = h("section", { class: "panel gone", role: "alert" },
    h("h1", {}, t("gone.title", { id: target.id })),
    h("p", {}, serverText(message, games)));
  const toLobby = h("button", {
    class: "primary", "data-action": "lobby",
    onclick: () => { showAddress("/"); showLobby(); },
  }, t("gone.lobby"));
  fill(screen, box);
  box.append(h("div", { class: "buttons" }, toLobby));
  turns.title(`${t("gone.short")} · ludoteca`);
  if (message.code !== "no_table") return;
  const answer = await fetch(`/api/tables/${target.id}`);
  const match = answer.ok ? null : (await answer.json()).params?.match;
  if (match) box.lastChild.append(" ", h("a", { href: `/matches/${match}`, "data-action": "match" }, t("gone.match")));
}

function showLobby() {
  tableScreen?.destroy();
  tableScreen = null;
  table = null;
  if (!lobbyScreen) {
    lobbyScreen = createLobby(screen, { games, me: () => me?.name, person: () => me, send });
    lobbyScreen.chat.replace(lobby.chat);
  }
  lobbyScreen.update(lobby);
  showAddress("/");
  turns.title(`${t("nav.lobby")} · ludoteca`);
}

function showTable(chatAnew) {
  if (!tableScreen) {
    lobbyScreen = null;
    tableScreen = createTableScreen(screen, {
      games,
      me: () => me?.name,
      send,
      toLobby: leaveTable,
      onError: (text) => tableScreen?.refused(text),
    });
    chatAnew = true;
  }
  showAddress(tableAddress(table.id, table.key ?? keys.get(table.id)));
  turns.title(`${t("lobby.tableNo", { id: table.id })} · ludoteca`);
  return tableScreen.update(table, chatAnew);
}

/** The language or theme changed: draw the current screen anew. */
function rerender() {
  if (!me) {
    showEntry(screen, () => connect());
    return;
  }
  if (table) {
    tableScreen?.destroy();
    tableScreen = null;
    showTable(true);
  } else {
    lobbyScreen = null;
    showLobby();
  }
}

function onMessage(message) {
  switch (message.t) {
    case "welcome":
      me = message.you;
      games = message.games;
      seated = message.seated;
      chrome.entered(me);
      break;
    case "lobby":
      lobby = { tables: new Map(message.tables.map((x) => [x.id, x])), online: message.online, bots: message.bots || [], finish: message.finish || {}, chat: message.chat };
      // After a reload or reconnect: back to the table we were at, the one the address
      // names, or where we sit.
      if (table) send({ t: "watch", table: table.id });
      else if (wanted) goToTable(wanted);
      else if (seated.length) send({ t: "watch", table: seated.shift() });
      else showLobby();
      break;
    case "lobby_update":
      message.tables.forEach((x) => lobby.tables.set(x.id, x));
      message.closed.forEach((id) => lobby.tables.delete(id));
      lobby.online = [...new Set([...lobby.online.filter((n) => !message.left.includes(n)), ...message.joined])].sort();
      lobby.finish = { ...lobby.finish, ...(message.finish || {}) };
      lobby.bots = [...lobby.bots.filter((n) => !message.left.includes(n)), ...(message.bots || [])];
      if (lobbyScreen && !table) lobbyScreen.update(lobby);
      break;
    case "lobby_chat":
      lobby.chat = [...lobby.chat, message.line].slice(-100);
      lobbyScreen?.chat.line(message.line);
      break;
    case "my_tables":
      chrome.myTables(message.tables);
      turns.update(message.tables);
      break;
    case "sync":
      if (wanted?.id === message.table.id) wanted = null;
      table = fromSync(message, table);
      showTable(true);
      break;
    case "table":
    case "chat":
    case "match":
    case "presence": {
      const { state, resync } = applyEvent(table, message);
      if (resync) { send(resync); break; }
      if (state === table) break;
      table = state;
      if (message.t === "chat") tableScreen?.chat.line(message.line);
      showTable(false);
      break;
    }
    case "info":
      (tableScreen ?? lobbyScreen)?.chat.info(serverText(message, games));
      break;
    case "seat_offer":
      offers.offer(message);
      break;
    case "offer_withdrawn":
      offers.withdrawn(message);
      break;
    case "offer_answered":
      // At that table its chat says it already; elsewhere the host is told here.
      if (table?.id !== message.table) (tableScreen ?? lobbyScreen)?.chat.info(answerText(message));
      break;
    case "error":
      refused(message.rid);
      // A repeat of a request the room is carrying out: the first one's answer will come.
      if (message.code === "repeated") break;
      // A watcher the host no longer lets watch is sent away like one who was never let.
      const away = message.code === "no_spectators" && table && message.table === table.id ? table : null;
      if (away || (wanted && message.table === wanted.id && ["no_table", "private_table", "no_spectators"].includes(message.code))) {
        const target = away ?? wanted;
        wanted = null;
        showGone(target, message);
        break;
      }
      if (tableScreen) tableScreen.refused(serverText(message, games));
      else lobbyScreen?.chat.error(serverText(message, games));
      break;
    default:
      break;
  }
}

function connect() {
  connection = new Connection({
    onMessage,
    onOpen: () => { status.textContent = ""; status.className = "connection"; },
    onDown: () => { status.textContent = t("conn.down"); status.className = "connection down"; },
    onGone: (event) => {
      status.textContent = t("conn.gone", { reason: event.reason || event.code });
      status.className = "connection down";
      enter();
    },
  });
  connection.open();
}

async function enter() {
  me = null;
  chrome.entered(null);
  showEntry(screen, () => connect());
}

async function logout() {
  connection?.close();
  await post("/api/logout");
  table = null;
  lobbyScreen = null;
  tableScreen?.destroy();
  tableScreen = null;
  enter();
}

// Read-only, for tests and the curious: the table as this tab knows it.
window.ludoteca = { table: () => table, me: () => me };

if ((await fetch("/api/me")).ok) connect();
else enter();
