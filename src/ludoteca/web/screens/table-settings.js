// What a table is besides its game's options, chosen when it is opened: for now, whether
// it is rated (registered players only, no bots; docs/ratings.md).

import { h } from "../core/dom.js";
import { t } from "../core/i18n.js";

/** The fields, for a person (only registered players may open rated tables). */
export function settingsFields(person) {
  const rated = person && !person.guest
    ? h("label", { class: "check", title: t("settings.ratedTip") }, h("input", { type: "checkbox", name: "rated" }), " ", t("settings.rated"))
    : h("p", { class: "muted small" }, t("settings.guestUnrated"));
  return h("fieldset", { class: "table-settings" }, h("legend", {}, t("settings.title")), rated);
}

/** The fields of `create` the form asks for; defaults are left out. */
export function readSettings(form) {
  return form.elements.rated?.checked ? { rated: true } : {};
}
