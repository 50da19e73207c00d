// The names a player reads for games, options and bots, in the current language: the
// game's own names (as the rulebooks give them), option titles from the room's catalog.

import { h } from "../core/dom.js";
import { getLanguage, t } from "../core/i18n.js";

export function gameName(game) {
  if (!game) return "";
  return game.names?.[getLanguage()] || game.title || game.id;
}

/** An option's title: translated where the catalog has it, else the engine's English. */
export function optionLabel(game, name) {
  const option = game?.options?.find((o) => o.name === name);
  const key = `option.${game?.id}.${name}`;
  const text = t(key);
  return text === key ? option?.title || name : text;
}

export function optionTip(game, option) {
  const key = `option.${game.id}.${option.name}.tip`;
  const text = t(key);
  const tip = text === key ? option.description : text;
  return option.players ? `${tip} (${t("lobby.onlyFor", { players: option.players.join(", ") })})` : tip;
}

export function optionValueText(value) {
  if (value === true) return t("yes");
  if (value === false) return t("no");
  return String(value);
}

/** A seat's name as shown: the room names a bot "Bot 2 (greedy)", by its level in
 * English; a person's name (which cannot hold parentheses) stays as it is. */
export function seatName(name) {
  const bot = typeof name === "string" ? /^Bot (\d+) \((\w+)\)$/.exec(name) : null;
  return bot ? t("table.botName", { n: bot[1], level: t(`level.${bot[2]}`) }) : name;
}

/** The mark of a bot account (a program plays it), shown wherever its name shows. */
export function botBadge() {
  return h("span", { class: "mark bot", title: t("bot.accountTip") }, t("bot.badge"));
}
