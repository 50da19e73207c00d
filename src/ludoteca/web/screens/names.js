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

/** A bot level as a person picks it in `game`: its strength there with the level
 * behind it, "hard (greedy)" (the room lists them, measured per game, as the game's
 * `bot_levels`); the level alone where no game is known. */
export function levelName(level, game) {
  const rung = game?.bot_levels?.find((r) => r.level === level);
  const named = t(`level.${level}`);
  return rung ? t("level.named", { strength: t(`strength.${rung.strength}`), level: named }) : named;
}

/** A seat's name as shown: the room names a bot "Bot 2 (greedy)", by its level in
 * English; shown "Bot 2: hard (greedy)" by its strength in `game`. A person's name
 * (which cannot hold parentheses) stays as it is. */
export function seatName(name, game) {
  const bot = typeof name === "string" ? /^Bot (\d+) \((\w+)\)$/.exec(name) : null;
  return bot ? t("table.botName", { n: bot[1], level: levelName(bot[2], game) }) : name;
}

/** The mark of a bot account (a program plays it), shown wherever its name shows. */
export function botBadge() {
  return h("span", { class: "mark bot", title: t("bot.accountTip") }, t("bot.badge"));
}
