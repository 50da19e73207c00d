// What the server says (refusals, answers, the room's own chat lines), in the player's
// language. The server names each kind by a stable code with its particulars (params);
// the catalog has a sentence per code. Where the particulars are the engine's own
// reasons (why a move is illegal, a wrong option value), they are English and follow
// the translated headline; so does a text the catalog has no sentence for.

import { t } from "../core/i18n.js";
import { optionLabel, optionValueText, seatName } from "./names.js";

/** Codes whose server text carries the engine's reason: headline, then the reason. */
const REASONED = new Set(["bad_move", "illegal", "bad_option", "bad_command", "bad_message", "bad_clock"]);

export function serverText(message, games = []) {
  const params = message.params || {};
  if (message.code === "help" && params.commands) return helpText(params.commands);
  if (message.code === "who" && (params.seats || params.online)) return whoText(params);
  if (message.code === "options" && params.values) return optionsText(games.find((g) => g.id === params.game), params.values);
  const key = `server.${message.code}`;
  const sentence = t(key, translatedParams(params));
  if (sentence === key) return message.text;
  if (REASONED.has(message.code) || /\{\w+\}/.test(sentence)) {
    return message.text ? `${sentence.replace(/\{\w+\}/g, "…")}: ${message.text}` : sentence;
  }
  return sentence;
}

/** The room's own chat line (a resignation…) in the player's language. */
export function roomLineText(line) {
  if (!line.code) return line.text;
  const key = `chat.${line.code}`;
  const text = t(key, translatedParams(line.params || {}));
  return text === key || /\{\w+\}/.test(text) ? line.text : text;
}

function translatedParams(params) {
  const out = { ...params };
  for (const name of ["status", "expected"]) {
    if (typeof out[name] === "string") out[name] = t(`status.${out[name]}`);
  }
  if (typeof out.level === "string") out.level = t(`level.${out.level}`);
  if (typeof out.name === "string") out.name = seatName(out.name);
  return out;
}

/** The commands, each with what it does in the player's language. */
function helpText(commands) {
  return commands.map(({ name, usage }) => {
    const key = `help.${name}`;
    const text = t(key);
    return `${usage} — ${text === key ? "" : text}`;
  }).join("\n");
}

/** Who sits (and whether a bot, whether here) and who watches; in the lobby, who is online. */
function whoText(params) {
  if (params.online) return t("who.online", { names: params.online.join(", ") });
  const seats = params.seats.map((s) => {
    const marks = [s.bot ? t("who.bot", { level: t(`level.${s.bot}`) }) : null, s.here ? null : t("lobby.awayTip")].filter(Boolean);
    return `${s.seat + 1}. ${seatName(s.name)}${marks.length ? ` (${marks.join(", ")})` : ""}`;
  });
  return t("who.table", {
    seats: seats.join("; ") || t("who.nobody"),
    watching: params.watching.join(", ") || t("who.nobody"),
  });
}

/** The table's options and their values, in the player's language. */
function optionsText(game, values) {
  const names = Object.keys(values);
  if (!names.length) return t("who.noOptions");
  return names.map((name) => `${optionLabel(game, name)}: ${optionValueText(values[name])}`).join("\n");
}
