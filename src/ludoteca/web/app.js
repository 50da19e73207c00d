// The room in the browser: the entry, the lobby and a table, over one WebSocket. This
// module only routes: server messages update the lobby or table state, and the screen
// showing draws it. The rules stay on the server; the client never decides a move.

import { post } from "./core/api.js";
import { Connection } from "./core/connection.js";
import { t } from "./core/i18n.js";
import { refused, requestId } from "./core/requests.js";
import { applyEvent, fromSync } from "./core/table-state.js";
import { setupChrome } from "./screens/chrome.js";
import { showEntry } from "./screens/entry.js";
import { createLobby } from "./screens/lobby.js";
import { serverText } from "./screens/messages.js";
import { answerText, createOffers } from "./screens/offers.js";
import { createTableScreen } from "./screens/table.js";

const screen = document.getElementById("screen");
const status = document.getElementById("connection");
let me = null;
let games = [];
let lobby = { tables: new Map(), online: [], chat: [] };
let table = null; // the table state (core/table-state.js) we are at, or null
let seated = [];
let lobbyScreen = null;
let tableScreen = null;
let connection = null;

const chrome = setupChrome({ rerender, logout });
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
  connection.send({ ...message, rid: requestId(pressed) });
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
  document.title = `${t("nav.lobby")} · ludoteca`;
}

function showTable(chatAnew) {
  if (!tableScreen) {
    lobbyScreen = null;
    tableScreen = createTableScreen(screen, {
      games,
      me: () => me?.name,
      send,
      toLobby: () => {
        const id = table.id;
        table = null;
        send({ t: "leave", table: id });
        showLobby();
      },
      onError: (text) => tableScreen?.refused(text),
    });
    chatAnew = true;
  }
  document.title = `${t("lobby.tableNo", { id: table.id })} · ludoteca`;
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
      lobby = { tables: new Map(message.tables.map((x) => [x.id, x])), online: message.online, bots: message.bots || [], chat: message.chat };
      // After a reload or reconnect: back to the table we were at, or where we sit.
      if (table) send({ t: "watch", table: table.id });
      else if (seated.length) send({ t: "watch", table: seated.shift() });
      else showLobby();
      break;
    case "lobby_update":
      message.tables.forEach((x) => lobby.tables.set(x.id, x));
      message.closed.forEach((id) => lobby.tables.delete(id));
      lobby.online = [...new Set([...lobby.online.filter((n) => !message.left.includes(n)), ...message.joined])].sort();
      if (lobbyScreen && !table) lobbyScreen.update(lobby);
      break;
    case "lobby_chat":
      lobby.chat = [...lobby.chat, message.line].slice(-100);
      lobbyScreen?.chat.line(message.line);
      break;
    case "sync":
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
      (tableScreen ?? lobbyScreen)?.chat.info(answerText(message));
      break;
    case "error":
      refused(message.rid);
      // A repeat of a request the room is carrying out: the first one's answer will come.
      if (message.code === "repeated") break;
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
