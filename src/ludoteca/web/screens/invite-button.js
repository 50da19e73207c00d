// An "invite" button beside a name (the lobby's who list, the friends panel): it offers
// a seat at the open table you host, as /invite NAME does; hosting none, it says so.

import { h } from "../core/dom.js";
import { t } from "../core/i18n.js";

/** hosted: the open table you host, or null; explain(text): where to say why not. */
export function inviteButton(name, hosted, send, explain) {
  const tip = hosted ? t("lobby.inviteTip", { name, id: hosted.id }) : t("invite.noTable", { name });
  return h("button", {
    type: "button", class: "small", "data-action": "invite", "data-name": name,
    "aria-label": tip, title: tip,
    onclick: () => (hosted ? send({ t: "invite", table: hosted.id, name }) : explain(tip)),
  }, t("lobby.invite"));
}
