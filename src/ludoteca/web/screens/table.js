// A table: who sits where (connected, to move, host, clocks), the game tool (the buttons
// for the commands this person may use now), the drawn board, the result, the log in
// words and the table chat. It draws what the table state says; it never changes it:
// every action is a message to the server, whose answer comes back as an event.

import { tableAddress } from "../core/address.js";
import { loadBoard, loadedBoard } from "../core/board-loader.js";
import { fill, h } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { confirmEveryMove } from "../core/preferences.js";
import { actions, clocksNow, missingPlayers } from "../core/table-state.js";
import { ask } from "./ask.js";
import { createChat } from "./chat.js";
import { logLine } from "./move-log.js";
import { botBadge, gameName, levelName, optionLabel, optionTip, optionValueText, seatName } from "./names.js";
import { resultPanel } from "./result.js";
import { finishMark, ratingMark } from "./standing.js";
import { clockSummary } from "./table-settings.js";

export function createTableScreen(root, ctx) {
  // ctx: {games, me(), send(message), toLobby(), onError(text)}
  let state = null;
  let board = null;
  let boardKey = null;
  // The view the board was last given. Chat, presence and seat changes leave the view as
  // it was, and so leave the board alone: given the same view again, a board holding a
  // move in flight took it for the room's answer and let go, and a second click sent the
  // move twice (the room refused it, as stale or as no longer legal, on the screen).
  let drawnView = null;
  let loading = null;
  let shownLog = 0;
  let shownLines = 0;
  let level = "greedy";

  const chat = createChat({
    title: t("table.chat"),
    placeholder: t("table.chatHint"),
    send: (text) => sendLine(text),
  });
  const header = h("header", { class: "table-head" });
  const seatsBox = h("section", { class: "panel seats-panel", "aria-label": t("table.players") });
  const toolBox = h("div", { class: "tools", role: "toolbar", "aria-label": t("table.tools") });
  const noticeBox = h("div", { class: "table-notice" });
  const boardBox = h("div", { id: "board", class: "board-host" });
  const toast = h("p", { class: "toast", role: "alert", hidden: true });
  let toastTimer = null;
  const logList = h("ol", { class: "move-log", "aria-live": "off", tabindex: "0" });
  const logBox = h("details", { class: "panel log-panel", open: true },
    h("summary", {}, t("table.log")), logList);
  const element = h("div", { class: "table-screen" },
    header,
    h("div", { class: "table-grid" },
      h("div", { class: "table-main" }, toast, noticeBox, boardBox),
      h("div", { class: "table-side" }, seatsBox, toolBox, logBox, chat.element)));
  root.replaceChildren(element);
  const ticker = setInterval(drawClocks, 250);

  const game = () => ctx.games.find((g) => g.id === state.info.game);
  const names = () => state.info.seats.map((seat) => seatName(seat.name, game()));
  const seated = () => state.info.seats.some((seat) => seat.name === ctx.me() && !seat.bot);

  function sendLine(text) {
    // A player's line that begins as a move does ("keep 9", "roll" out of turn) is sent
    // as one, so that a mistyped move is refused in words instead of said to the table.
    // Anything else is chat, or a command.
    const verb = text.split(/\s+/)[0].toLowerCase();
    if (state.view && !state.view.result && state.you !== null && game().verbs.includes(verb)) {
      ctx.send({ t: "move", table: state.id, v: state.v, move: text });
    } else {
      ctx.send({ t: "chat", text, table: state.id });
    }
  }

  // A private table's link holds its key: its people are shown it, to send to friends.
  function shareLink() {
    const link = new URL(tableAddress(state.id, state.key), window.location.href).href;
    const field = h("input", { type: "text", readonly: true, value: link, class: "share-link", "aria-label": t("table.link"), size: 30 });
    return h("span", { class: "share" }, field, " ",
      h("button", {
        type: "button", "data-action": "copy-link",
        onclick: () => { field.select(); navigator.clipboard?.writeText(link).catch(() => {}); },
      }, t("table.copyLink")));
  }

  // A rated match's rating changes, asked once its result is in (docs/ratings.md).
  let ratings = { match: null, bySeat: null };
  function ratingChanges(info) {
    if (!info.rated || !info.match) return null;
    if (ratings.match !== info.match) {
      const match = info.match;
      ratings = { match, bySeat: null };
      fetch(`/api/matches/${match}`).then((answer) => (answer.ok ? answer.json() : null)).then((summary) => {
        if (summary && ratings.match === match) {
          ratings.bySeat = summary.ratings;
          drawNotice();
        }
      }, () => {});
    }
    return ratings.bySeat;
  }

  function drawHeader() {
    fill(header, 
      h("button", { type: "button", "data-action": "lobby", title: t("table.lobbyTip"), onclick: () => ctx.toLobby() }, "← ", t("nav.lobby")),
      h("h1", {}, gameName(game()), " ", h("span", { class: "muted" }, t("lobby.tableNo", { id: state.id }))),
      h("span", { class: `status ${state.info.status}` }, t(`status.${state.info.status}`)),
      state.info.rated ? h("span", { class: "status rated", title: t("table.ratedTip") }, t("table.rated")) : null,
      state.info.private ? h("span", { class: "status private", title: t("table.privateTip") }, t("table.private")) : null,
      state.info.private && state.key ? shareLink() : null,
      state.info.minimum_finish ? h("span", { class: "status minimum", title: t("table.minimumFinishTip", { n: state.info.minimum_finish }) }, t("table.minimumFinish", { n: state.info.minimum_finish })) : null,
      state.info.clock ? h("span", { class: "status clock-kind", title: t("table.clockTip", { clock: clockSummary(state.info.clock) }) }, "◷ ", clockSummary(state.info.clock)) : null,
      state.info.paused && state.info.status === "running" ? h("span", { class: "status paused", title: t("table.pausedTip") }, "❚❚ ", t("table.paused")) : null,
      seated() ? null : h("span", { class: "muted" }, t("table.watching")),
      h("a", { href: `/rules/${state.info.game}`, target: "_blank", rel: "noopener", title: t("nav.rulesTip") }, t("nav.rules")));
  }

  function drawSeats() {
    const info = state.info;
    const toMove = state.view && !state.view.result ? state.view.to_move : null;
    const me = ctx.me();
    const rows = info.seats.map((seat, i) => {
      const mine = seat.name === me && !seat.bot;
      const marks = [];
      if (seat.name !== null && info.host === seat.name && !seat.bot) marks.push(h("span", { class: "mark host", title: t("table.hostTip") }, "★"));
      if (seat.bot) marks.push(h("span", { class: "mark bot", title: t("lobby.botTip", { level: levelName(seat.bot, game()) }) }, t("table.bot")));
      if (seat.bot_account) marks.push(botBadge());
      if (seat.rating !== null && seat.rating !== undefined) marks.push(ratingMark(seat.rating, seat.provisional));
      const finish = finishMark(seat.finish);
      if (finish) marks.push(finish);
      if (seat.replaced) marks.push(h("span", { class: "mark replaced", title: t(seat.replaced === "time" ? "table.replacedTime" : "table.replacedAway") }, "↺"));
      const dot = seat.name === null ? null : h("span", {
        class: `dot ${seat.connected ? "on" : "off"}`, role: "img",
        title: seat.connected ? t("lobby.hereTip") : t("lobby.awayTip"),
        "aria-label": seat.connected ? t("lobby.hereTip") : t("lobby.awayTip"),
      });
      const freeButtons = seat.name === null && info.status === "open" ? [
        actions(state, me).includes("join") ? h("button", { "data-action": `sit-${i}`, onclick: () => ctx.send({ t: "join", table: state.id, seat: i }) }, t("table.sit")) : null,
        info.host === me ? h("button", { "data-action": `bot-${i}`, title: t("table.botTip", { level }), onclick: () => ctx.send({ t: "bot", table: state.id, level, seat: i }) }, t("table.addBot")) : null,
      ] : [];
      const kick = info.status === "open" && info.host === me && seat.name !== null && !mine
        ? h("button", { class: "small", "data-action": `kick-${i}`, title: t("table.kickTip", { name: seatName(seat.name, game()) }), onclick: () => ctx.send({ t: "kick", table: state.id, name: seat.name }) }, "✕")
        : null;
      return h("li", {
        class: `seat-row${mine ? " you" : ""}${toMove === i ? " to-move" : ""}${seat.name === null ? " free" : ""}`,
        "data-seat": i,
      },
      h("span", { class: "swatch", title: t("table.seat", { n: i + 1 }) }, String(i + 1)),
      dot,
      h("span", { class: "who" }, seatName(seat.name, game()) ?? t("table.freeSeat")),
      ...marks,
      toMove === i ? h("span", { class: "turn", title: t("table.toMoveTip") }, t("table.toMove")) : null,
      h("span", { class: "clock", "data-clock": i }),
      ...freeButtons, kick);
    });
    fill(seatsBox, h("h2", {}, t("table.players"), info.watchers ? h("span", { class: "muted small" }, " · ", t("lobby.watchers", { n: info.watchers })) : null),
      h("ol", { class: "seat-list" }, ...rows));
    drawClocks();
  }

  function drawClocks() {
    if (!state) return;
    const left = clocksNow(state);
    for (const cell of seatsBox.querySelectorAll("[data-clock]")) {
      const seat = Number(cell.dataset.clock);
      if (!left) { cell.textContent = ""; continue; }
      cell.textContent = clockText(left[seat]);
      cell.classList.toggle("running", state.clocks.running === seat && !state.clocks.paused);
      cell.classList.toggle("low", left[seat] < 30);
    }
  }

  function drawTools() {
    const me = ctx.me();
    const can = actions(state, me);
    const buttons = [];
    if (can.includes("join")) buttons.push(h("button", { class: "primary", "data-action": "join", onclick: () => ctx.send({ t: "join", table: state.id }) }, t("table.join")));
    if (can.includes("leave")) buttons.push(h("button", { "data-action": "leave", title: t("table.leaveTip"), onclick: () => ctx.send({ t: "leave", table: state.id }) }, t("table.leave")));
    if (can.includes("bot")) {
      // Offered by strength in this game, weakest first: "hard (greedy)".
      const select = h("select", { "aria-label": t("table.level"), "data-action": "level", onchange: (event) => { level = event.target.value; } },
        ...game().bot_levels.map(({ level: name }) => h("option", { value: name, selected: name === level, title: t(`level.${name}.tip`) }, levelName(name, game()))));
      buttons.push(h("span", { class: "bot-tool" }, select,
        h("button", { "data-action": "bot", title: t("table.botTip", { level: levelName(level, game()) }), onclick: () => ctx.send({ t: "bot", table: state.id, level }) }, t("table.addBot"))));
    }
    if (can.includes("bot")) {
      // The host offers a seat by name (as /invite NAME): the invited answer in a dialog.
      const name = h("input", { name: "invite", "data-field": "invite", "aria-label": t("table.inviteName"), placeholder: t("table.inviteName"), autocomplete: "off", size: "10" });
      buttons.push(h("form", {
        class: "invite-tool",
        onsubmit: (event) => {
          event.preventDefault();
          if (name.value.trim()) ctx.send({ t: "invite", table: state.id, name: name.value.trim() });
          name.value = "";
        },
      }, name, h("button", { type: "submit", "data-action": "invite", title: t("table.inviteTip") }, t("table.invite"))));
    }
    if (can.includes("start")) {
      const missing = missingPlayers(state.info, game().min_players);
      buttons.push(h("button", {
        class: "primary", "data-action": "start", disabled: missing > 0,
        title: missing ? t("table.needMore", { n: missing }) : t("table.startTip"),
        onclick: () => ctx.send({ t: "start", table: state.id }),
      }, t("table.start")));
    }
    if (can.includes("takeBack")) buttons.push(h("button", { class: "primary", "data-action": "take-back", title: t("table.takeBackTip"), onclick: () => ctx.send({ t: "join", table: state.id }) }, t("table.takeBack")));
    if (can.includes("pause")) buttons.push(h("button", { "data-action": "pause", title: t("table.pauseTip"), onclick: () => ctx.send({ t: "pause", table: state.id }) }, t("table.pause")));
    if (can.includes("goOn")) buttons.push(h("button", { class: "primary", "data-action": "go-on", title: t("table.goOnTip"), onclick: () => ctx.send({ t: "pause", table: state.id }) }, t("table.goOn")));
    if (can.includes("abort")) {
      buttons.push(h("button", {
        "data-action": "abort", title: t("table.abortTip"),
        onclick: async () => { if (await ask(element, t("table.abortAsk"), t("table.abort"))) ctx.send({ t: "abort", table: state.id }); },
      }, t("table.abort")));
    }
    if (can.includes("resign")) {
      buttons.push(h("button", {
        "data-action": "resign", title: t("table.resignTip"),
        onclick: async () => { if (await ask(element, t("table.resignAsk"), t("table.resign"))) ctx.send({ t: "resign", table: state.id }); },
      }, t("table.resign")));
    }
    if (can.includes("rematch")) buttons.push(h("button", { class: "primary", "data-action": "rematch", onclick: () => ctx.send({ t: "rematch", table: state.id }) }, t("table.rematch")));
    fill(toolBox, ...buttons, spectatorsTool(), optionsTool());
  }

  // The host lets spectators watch or not at any time (as /spectators on|off): turned
  // off, those watching are sent away.
  function spectatorsTool() {
    const info = state.info;
    if (info.host !== ctx.me() || info.status === "closed") return null;
    return h("label", { class: "check spectators-tool", title: t("settings.spectatorsTip") },
      h("input", {
        type: "checkbox", "data-action": "spectators", checked: info.spectators,
        onchange: (event) => ctx.send({ t: "spectators", table: state.id, on: event.target.checked }),
      }), " ", t("settings.spectators"));
  }

  function optionsTool() {
    const g = game();
    if (!g.options.length) return null;
    const info = state.info;
    const editable = info.status === "open" && info.host === ctx.me();
    const rows = g.options.map((option) => {
      const value = info.options[option.name] ?? option.default;
      if (!editable) return h("li", { title: optionTip(g, option) }, `${optionLabel(g, option.name)}: ${optionValueText(value)}`);
      const set = (text) => ctx.send({ t: "option", table: state.id, name: option.name, value: text });
      const field = option.type === "boolean"
        ? h("input", { type: "checkbox", checked: value === true, "data-option": option.name, onchange: (event) => set(String(event.target.checked)) })
        : h("input", { value: String(value), "data-option": option.name, onchange: (event) => set(event.target.value) });
      return h("li", {}, h("label", { title: optionTip(g, option) }, field, " ", optionLabel(g, option.name)));
    });
    return h("div", { class: "options-tool" }, h("h3", {}, t("table.options")), h("ul", {}, ...rows));
  }

  function drawNotice() {
    const info = state.info;
    if (info.status === "open") {
      const missing = missingPlayers(info, game().min_players);
      const text = missing ? t("table.needMore", { n: missing })
        : info.host === ctx.me() ? t("table.youStart") : t("table.waitHost", { name: info.host ?? "—" });
      fill(noticeBox, h("p", { class: "panel waiting" }, text, " ", h("span", { class: "muted small" }, t("table.commandsHint"))));
    } else if (state.view && state.view.result) {
      // The breakdown is the board's: the result waits for its module (at once once loaded).
      const module = loadedBoard(info.game);
      if (!module) {
        const drawn = state;
        fill(noticeBox);
        loadBoard(info.game).then(() => { if (state === drawn) drawNotice(); }, () => {});
        return;
      }
      const extra = h("div", { class: "buttons" },
        actions(state, ctx.me()).includes("rematch")
          ? h("button", { class: "primary", "data-action": "rematch-result", onclick: () => ctx.send({ t: "rematch", table: state.id }) }, t("table.rematch"))
          : null,
        info.match ? h("a", { class: "button-link", href: `/matches/${info.match}`, target: "_blank", rel: "noopener", "data-action": "replay" }, t("table.replay")) : null);
      fill(noticeBox, resultPanel(module.breakdown, state.view.result, names(), state.you, extra, ratingChanges(info),
        info.seats.map((seat) => seat.bot_account)));
    } else {
      fill(noticeBox);
    }
  }

  /** `anew`: give the board its view even if unchanged (a refusal is an answer too). */
  async function drawBoard(anew = false) {
    if (!state.view) {
      board?.destroy();
      board = null;
      boardKey = null;
      fill(boardBox);
      return;
    }
    const key = `${state.id}:${state.view.game}:${state.you}:${names().join("|")}`;
    if (boardKey !== key) {
      board?.destroy();
      board = null;
      boardKey = key;
      drawnView = null;
      const mine = (loading = loadBoard(state.view.game));
      const module = await mine;
      if (loading !== mine || boardKey !== key) return;
      board = module.createBoard(boardBox, {
        seat: state.you,
        names: names(),
        components: game().components ?? {},
        play: async (move) => ctx.send({ t: "move", table: state.id, v: state.v, move }),
        confirmEveryMove,
        onError: ctx.onError,
      });
      logList.replaceChildren();
      shownLog = 0;
      shownLines = 0;
    }
    // Still loading: the loader draws the newest state once the board is there.
    if (!board || !state.view) return;
    if (state.view === drawnView && !anew) return;
    drawnView = state.view;
    // A match called off has no result to draw: the board shows where it stopped.
    board.update(state.view.result?.aborted ? { ...state.view, result: null } : state.view);
    drawLog();
  }

  function drawLog() {
    const log = state.view ? state.view.log : [];
    if (log.length < shownLog) { logList.replaceChildren(); shownLog = 0; shownLines = 0; }
    const atEnd = logList.scrollTop + logList.clientHeight >= logList.scrollHeight - 8;
    for (let i = shownLog; i < log.length; i++) {
      const entry = log[i];
      const text = board?.describe ? board.describe(entry, log[i - 1]) : null;
      if (text === null || text === undefined) continue;
      // The same line again (eight cards dealt, one by one) is counted, not repeated.
      const last = logList.lastElementChild;
      if (last && last.dataset.text === text) {
        last.dataset.count = String(Number(last.dataset.count) + 1);
        last.lastElementChild.textContent = `${text} ×${last.dataset.count}`;
        continue;
      }
      shownLines += 1;
      logList.append(logLine(shownLines, text, {
        class: entry.by === "chance" ? "chance" : `seat-${entry.by}`,
        // The move's notation, for those who type moves; a hidden move's entry is the
        // engine's English sentence instead, which the line itself says in words.
        title: game().verbs.includes(entry.move.split(" ")[0]) ? entry.move : undefined,
        dataset: { text, count: "1" },
      }));
    }
    shownLog = log.length;
    while (logList.childElementCount > 400) logList.firstElementChild.remove();
    if (atEnd) logList.scrollTop = logList.scrollHeight;
  }

  return {
    element,
    chat,
    get board() { return board; },
    /** A refusal, shown over the board for a moment and kept in the chat. */
    refused(text) {
      chat.error(text);
      toast.textContent = text;
      toast.hidden = false;
      clearTimeout(toastTimer);
      toastTimer = setTimeout(() => { toast.hidden = true; }, 6000);
      // A move sent holds the board until the room speaks of the table; a refusal that
      // changed nothing (slow_down, a move the room would not take) is that word too, so
      // the board lets go and offers the same view again.
      if (state) drawBoard(true);
    },
    /** Draw the table as `next` says; `chatAnew` when the chat lines were replaced (a sync). */
    update(next, chatAnew = false) {
      const first = state === null;
      state = next;
      if (first || chatAnew) chat.replace(state.chat);
      drawHeader();
      drawSeats();
      drawTools();
      drawNotice();
      return drawBoard();
    },
    destroy() {
      clearInterval(ticker);
      clearTimeout(toastTimer);
      board?.destroy();
      root.replaceChildren();
    },
  };
}

/** Seconds as m:ss, h:mm:ss, or for a turn-based clock of a day or more "2 d 3:04". */
export function clockText(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  if (whole >= 86400) {
    const minutes = Math.ceil(whole / 60);  // counted down like the seconds: a started minute shows
    const rest = minutes % 1440;
    return `${Math.floor(minutes / 1440)} d ${Math.floor(rest / 60)}:${String(rest % 60).padStart(2, "0")}`;
  }
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = String(whole % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${secs}` : `${minutes}:${secs}`;
}
