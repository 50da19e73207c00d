// What a table is besides its game's options, chosen when it is opened: its time control
// (none, real-time with a bank and an increment, or turn-based in hours for games over
// days), how long a player may be gone before a bot plays on for them, and whether it
// is rated (registered players only, no bots; docs/ratings.md), whether it is private
// (not in the lobby, entered by its link) and lets spectators watch. The server's bounds
// (server/clock.py) are the only choices offered.

import { h } from "../core/dom.js";
import { t } from "../core/i18n.js";

const BANK_MINUTES = [1, 3, 5, 10, 15, 20, 30, 45, 60, 90];
const INCREMENT_SECONDS = [0, 2, 5, 10, 15, 30, 60];
const TURN_HOURS = [1, 6, 12, 24, 48, 72, 168];
const GRACE_SECONDS = [30, 60, 120, 300, 600, 1800];
export const DEFAULT_GRACE = 120;

/** The fields, for a person (only registered players may open rated tables). */
export function settingsFields(person) {
  const rated = person && !person.guest
    ? h("label", { class: "check", title: t("settings.ratedTip") }, h("input", { type: "checkbox", name: "rated" }), " ", t("settings.rated"))
    : h("p", { class: "muted small" }, t("settings.guestUnrated"));
  const realtime = h("span", { class: "clock-fields", "data-kind": "realtime", hidden: true },
    select("bank", t("settings.bank"), BANK_MINUTES, 10, (m) => t("settings.minutes", { n: m })),
    select("increment", t("settings.increment"), INCREMENT_SECONDS, 5, (s) => t("settings.seconds", { n: s })));
  const turn = h("span", { class: "clock-fields", "data-kind": "turn", hidden: true },
    select("per_move", t("settings.perMove"), TURN_HOURS, 24, (n) => t("settings.hours", { n })));
  // Over days players come and go: at a turn-based table only the clock counts.
  const grace = select("grace", t("settings.grace"), GRACE_SECONDS, DEFAULT_GRACE, graceText, t("settings.graceTip"));
  const kind = h("select", {
    name: "clock", "aria-label": t("settings.clock"),
    onchange: (event) => {
      realtime.hidden = event.target.value !== "realtime";
      turn.hidden = event.target.value !== "turn";
      grace.hidden = event.target.value === "turn";
    },
  }, ...["none", "realtime", "turn"].map((k) => h("option", { value: k, title: t(`settings.clock.${k}.tip`) }, t(`settings.clock.${k}`))));
  const privacy = h("label", { class: "check", title: t("settings.privateTip") },
    h("input", { type: "checkbox", name: "private" }), " ", t("settings.private"));
  const spectators = h("label", { class: "check", title: t("settings.spectatorsTip") },
    h("input", { type: "checkbox", name: "spectators", checked: true }), " ", t("settings.spectators"));
  return h("fieldset", { class: "table-settings" }, h("legend", {}, t("settings.title")),
    h("label", { title: t("settings.clockTip") }, t("settings.clock"), " ", kind), realtime, turn,
    grace, rated, privacy, spectators);
}

function select(name, label, values, chosen, text, tip = null) {
  return h("label", { title: tip ?? label }, label, " ",
    h("select", { name }, ...values.map((value) => h("option", { value, selected: value === chosen }, text(value)))));
}

function graceText(seconds) {
  return seconds < 60 ? t("settings.seconds", { n: seconds }) : t("settings.minutes", { n: seconds / 60 });
}

/** The fields of `create` the form asks for; defaults are left out. */
export function readSettings(form) {
  const out = {};
  const field = (name) => Number(form.elements[name].value);
  if (form.elements.rated?.checked) out.rated = true;
  if (form.elements.private.checked) out.private = true;
  if (!form.elements.spectators.checked) out.spectators = false;
  const kind = form.elements.clock.value;
  if (kind === "realtime") out.clock = { kind, bank: field("bank") * 60, increment: field("increment") };
  if (kind === "turn") out.clock = { kind, per_move: field("per_move") * 3600 };
  if (kind !== "turn" && field("grace") !== DEFAULT_GRACE) out.grace = field("grace");
  return out;
}

/** A table's time control in a few words ("10 min + 5 s", "24 h a move"), or null. */
export function clockSummary(clock) {
  if (!clock) return null;
  if (clock.kind === "turn") return t("settings.summary.turn", { n: clock.per_move / 3600 });
  return t("settings.summary.realtime", { minutes: clock.bank / 60, seconds: clock.increment });
}
