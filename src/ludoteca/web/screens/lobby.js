// The lobby: a room per game (a tab each), its tables with seats, options and host, who
// is online, the lobby chat, and a form to open a table with the game's options. Every
// button sends the same message its slash command would.

import { fill, h } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { createChat } from "./chat.js";
import { createFriends } from "./friends.js";
import { inviteButton } from "./invite-button.js";
import { botBadge, gameName, levelName, optionLabel, optionTip, optionValueText, seatName } from "./names.js";
import { finishMark } from "./standing.js";
import { clockSummary, readSettings, settingsFields } from "./table-settings.js";

export function createLobby(root, ctx) {
  // ctx: {games, me(), person(), send(message)}
  let room = "all";
  let state = { tables: new Map(), online: [], seated: [] };
  const chat = createChat({
    title: t("lobby.chat"),
    placeholder: t("lobby.chatHint"),
    send: (text) => ctx.send({ t: "chat", text, table: null }),
  });
  const tablesBox = h("div", { class: "lobby-tables" });
  const tabsBox = h("div", { class: "tabs", role: "tablist", "aria-label": t("lobby.rooms") });
  const onlineBox = h("section", { class: "panel online" });
  const createBox = h("section", { class: "panel create" });
  const friends = createFriends({ games: () => ctx.games, person: ctx.person, send: ctx.send, onError: (text) => chat.error(text), hosted: () => hosted() });
  const element = h("div", { class: "lobby" },
    h("div", { class: "lobby-main" }, tabsBox, h("section", { class: "panel" }, h("h2", {}, t("lobby.tables")), tablesBox)),
    h("div", { class: "lobby-side" }, createBox, onlineBox, friends.element, chat.element));
  root.replaceChildren(element);

  function tabs() {
    const count = (game) => [...state.tables.values()].filter((table) => game === "all" || table.game === game).length;
    const tab = (id, label) => h("button", {
      type: "button", role: "tab", class: id === room ? "tab current" : "tab",
      "aria-selected": String(id === room), "data-room": id,
      onclick: () => { room = id; render(); drawCreate(); },
    }, label, h("span", { class: "count" }, String(count(id))));
    fill(tabsBox, tab("all", t("lobby.allGames")), ...ctx.games.map((game) => tab(game.id, gameName(game))));
  }

  function seatLabel(seat, i, game) {
    if (seat.name === null) return h("li", { class: "seat free" }, t("lobby.freeSeat", { n: i + 1 }));
    return h("li", {
      class: `seat ${seat.bot ? "bot" : seat.connected ? "here" : "away"}`,
      title: seat.bot ? t("lobby.botTip", { level: levelName(seat.bot, game) }) : seat.connected ? t("lobby.hereTip") : t("lobby.awayTip"),
    }, seatName(seat.name, game), seat.bot_account ? botBadge() : null);
  }

  function tableCard(table) {
    const game = ctx.games.find((g) => g.id === table.game);
    const me = ctx.me();
    const mine = table.seats.some((seat) => seat.name === me && !seat.bot);
    const free = table.seats.some((seat) => seat.name === null);
    const buttons = [];
    if (mine) buttons.push(h("button", { class: "primary", "data-action": "back", onclick: () => ctx.send({ t: "watch", table: table.id }) }, t("lobby.back")));
    else if (table.status === "open" && free) buttons.push(h("button", { class: "primary", "data-action": "join", onclick: () => ctx.send({ t: "join", table: table.id }) }, t("lobby.join")));
    if (!mine) buttons.push(h("button", { "data-action": "watch", onclick: () => ctx.send({ t: "watch", table: table.id }) }, t("lobby.watch")));
    const options = Object.entries(table.options).map(([name, value]) => `${optionLabel(game, name)}: ${optionValueText(value)}`);
    return h("article", { class: `table-card ${table.status}`, "data-table": table.id },
      h("header", {},
        h("b", {}, gameName(game)), " ",
        h("span", { class: "muted" }, t("lobby.tableNo", { id: table.id })), " ",
        h("span", { class: `status ${table.status}` }, t(`status.${table.status}`)),
        table.rated ? h("span", { class: "status rated", title: t("table.ratedTip") }, " ", t("table.rated")) : null,
        table.clock ? h("span", { class: "status clock-kind", title: t("table.clockTip", { clock: clockSummary(table.clock) }) }, " ◷ ", clockSummary(table.clock)) : null),
      h("ul", { class: "seats" }, ...table.seats.map((seat, i) => seatLabel(seat, i, game))),
      h("p", { class: "muted small" },
        table.host ? t("lobby.host", { name: table.host }) : "",
        options.length ? ` · ${options.join(", ")}` : "",
        table.watchers ? ` · ${t("lobby.watchers", { n: table.watchers })}` : ""),
      h("div", { class: "buttons" }, ...buttons));
  }

  function render() {
    tabs();
    const shown = [...state.tables.values()]
      .filter((table) => room === "all" || table.game === room)
      .sort((a, b) => order(a) - order(b) || b.id - a.id);
    fill(tablesBox, ...(shown.length ? shown.map(tableCard) : [h("p", { class: "muted" }, t("lobby.noTables"))]));
    // An invite button by every other name: to the open table you host, if any.
    const me = ctx.me();
    const bots = new Set(state.bots || []);
    const finish = state.finish || {};
    const person = (name) => h("li", { "data-person": name }, name, bots.has(name) ? botBadge() : null, finishMark(finish[name]),
      name !== me ? inviteButton(name, hosted(), ctx.send, (text) => chat.error(text)) : null);
    fill(onlineBox, h("h2", {}, t("lobby.online", { n: state.online.length })),
      h("ul", { class: "online-names" }, ...state.online.map(person)));
    // The friends panel's invite buttons name the table you host: drawn again when it changes.
    const hosting = hosted()?.id ?? null;
    if (hosting !== friendsHosting) {
      friendsHosting = hosting;
      friends.refresh();
    }
  }

  let friendsHosting = null;
  function hosted() {
    const me = ctx.me();
    return [...state.tables.values()].find((table) => table.host === me && table.status === "open") ?? null;
  }

  function drawCreate() {
    const choice = room === "all" ? ctx.games[0] : ctx.games.find((g) => g.id === room);
    const select = h("select", { name: "game", "aria-label": t("lobby.game"), onchange: () => fields(select.value) },
      ...ctx.games.map((game) => h("option", { value: game.id, selected: game.id === choice.id }, gameName(game))));
    const optionsBox = h("div", { class: "create-options" });
    function fields(gameId) {
      const game = ctx.games.find((g) => g.id === gameId);
      fill(optionsBox, 
        h("p", { class: "muted small" }, t("lobby.players", { min: game.min_players, max: game.max_players })),
        ...game.options.map((option) => optionField(game, option)));
    }
    fields(choice.id);
    const form = h("form", {
      id: "create",
      onsubmit: (event) => {
        event.preventDefault();
        const game = ctx.games.find((g) => g.id === select.value);
        ctx.send({ t: "create", game: game.id, options: readOptions(form, game), ...readSettings(form) });
      },
    }, h("label", {}, t("lobby.game"), " ", select), optionsBox, settingsFields(ctx.person()),
    h("button", { class: "primary", type: "submit" }, t("lobby.create")));
    fill(createBox, h("h2", {}, t("lobby.newTable")), form);
  }

  drawCreate();
  render();

  return {
    element,
    chat,
    friends,
    update(next) { state = next; render(); },
  };
}

function order(table) {
  return { open: 0, running: 1, finished: 2 }[table.status] ?? 3;
}

function optionField(game, option) {
  const tip = optionTip(game, option);
  const title = optionLabel(game, option.name);
  if (option.type === "boolean") {
    return h("label", { class: "check", title: tip },
      h("input", { type: "checkbox", name: `option-${option.name}`, checked: option.default === true }),
      " ", title, h("span", { class: "muted small" }, ` — ${tip}`));
  }
  if (option.choices) {
    return h("label", { title: tip }, title, " ",
      h("select", { name: `option-${option.name}` },
        ...option.choices.map((choice) => h("option", { value: choice, selected: choice === option.default }, String(choice)))));
  }
  return h("label", { title: tip }, title, " ",
    h("input", { type: "number", name: `option-${option.name}`, value: option.default, min: option.minimum, max: option.maximum }));
}

function readOptions(form, game) {
  const options = {};
  for (const option of game.options) {
    const field = form.elements[`option-${option.name}`];
    if (!field) continue;
    const value = option.type === "boolean" ? field.checked : option.type === "integer" ? Number(field.value) : field.value;
    if (value !== option.default) options[option.name] = value;
  }
  return options;
}
