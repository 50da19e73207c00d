// What a table is besides its game's options, chosen when it is opened: the time control
// (none, real-time with a bank and an increment, or turn-based with hours a move), how
// long a seated person may be gone before a bot plays on, and whether it is rated.

import { h } from "../core/dom.js";
import { t } from "../core/i18n.js";

export const DEFAULT_GRACE = 120;

/** The fields, for a person (registered players may open rated tables). */
export function settingsFields(person) {
  const kind = h("select", { name: "clock-kind", "aria-label": t("settings.clock"), onchange: () => show() },
    ...["none", "realtime", "turn"].map((name) => h("option", { value: name }, t(`settings.clock.${name}`))));
  const realtime = h("span", { class: "clock-fields", "data-kind": "realtime", hidden: true },
    h("label", { title: t("settings.bankTip") }, t("settings.bank"), " ",
      h("input", { type: "number", name: "clock-bank", min: 1, max: 180, value: 10, class: "narrow" })),
    " ",
    h("label", { title: t("settings.incrementTip") }, t("settings.increment"), " ",
      h("input", { type: "number", name: "clock-increment", min: 0, max: 300, value: 5, class: "narrow" })));
  const turn = h("span", { class: "clock-fields", "data-kind": "turn", hidden: true },
    h("label", { title: t("settings.perMoveTip") }, t("settings.perMove"), " ",
      h("input", { type: "number", name: "clock-hours", min: 1, max: 72, value: 24, class: "narrow" })));
  function show() {
    realtime.hidden = kind.value !== "realtime";
    turn.hidden = kind.value !== "turn";
  }
  const rated = person && !person.guest
    ? h("label", { class: "check", title: t("settings.ratedTip") }, h("input", { type: "checkbox", name: "rated" }), " ", t("settings.rated"))
    : h("p", { class: "muted small" }, t("settings.guestUnrated"));
  return h("fieldset", { class: "table-settings" },
    h("legend", {}, t("settings.title")),
    h("label", {}, t("settings.clock"), " ", kind), realtime, turn,
    h("label", { title: t("settings.graceTip") }, t("settings.grace"), " ",
      h("input", { type: "number", name: "grace", min: 30, max: 3600, value: DEFAULT_GRACE, class: "narrow" })),
    rated);
}

/** The fields of `create` a form asks for; defaults are left out. */
export function readSettings(form) {
  const out = {};
  const kind = form.elements["clock-kind"]?.value;
  if (kind === "realtime") {
    out.clock = {
      kind,
      bank: Math.round(Number(form.elements["clock-bank"].value) * 60),
      increment: Math.round(Number(form.elements["clock-increment"].value)),
    };
  } else if (kind === "turn") {
    out.clock = { kind, per_move: Math.round(Number(form.elements["clock-hours"].value) * 3600) };
  }
  const grace = Number(form.elements.grace?.value);
  if (grace && grace !== DEFAULT_GRACE) out.grace = grace;
  if (form.elements.rated?.checked) out.rated = true;
  return out;
}
