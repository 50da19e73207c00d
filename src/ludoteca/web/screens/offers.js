// Invitations to a seat, wherever the person is in the room (lobby or another table): a
// modal <dialog> a seat offer, with accept, and decline with a reason the host is told
// in words. An offer withdrawn (the match started, the seat was taken) closes its dialog.

import { h } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { gameName } from "./names.js";

const REASONS = ["game", "clock", "busy", "later", "other"];

/** ctx: {games(), send(message)}. Returns {offer(message), withdrawn(message)}. */
export function createOffers(parent, ctx) {
  const open = new Map(); // offer id -> its dialog

  function offer(message) {
    if (open.has(message.offer)) return;
    const id = `offer-${message.offer}`;
    const game = ctx.games().find((g) => g.id === message.game);
    const seat = message.seat === null ? t("offer.anySeat") : t("offer.seat", { seat: message.seat });
    const reason = h("select", { id: `${id}-reason`, "data-field": "reason" },
      ...REASONS.map((r) => h("option", { value: r }, t(`offer.reason.${r}`))));
    const more = h("input", { id: `${id}-text`, "data-field": "text", maxlength: "200", autocomplete: "off" });
    const answer = (msg) => { ctx.send(msg); dialog.close(); };
    const dialog = h("dialog", { class: "offer panel", "aria-labelledby": id, "data-offer": String(message.offer) },
      h("h2", { id }, t("offer.title", { from: message.from, table: message.table })),
      h("p", {}, `${game ? gameName(game) : message.game} · ${seat}`
        + (message.rated ? ` · ${t("offer.rated")}` : "")),
      h("div", { class: "buttons" },
        h("button", {
          type: "button", class: "primary", "data-action": "offer-accept",
          onclick: () => answer({ t: "accept", offer: message.offer }),
        }, t("offer.accept"))),
      h("form", {
        class: "offer-decline",
        onsubmit: (event) => {
          event.preventDefault();
          const text = more.value.trim();
          answer({ t: "decline", offer: message.offer, reason: reason.value, ...(text ? { text } : {}) });
        },
      },
        h("label", { for: reason.id }, t("offer.why")), reason,
        h("label", { for: more.id }, t("offer.more")), more,
        h("button", { type: "submit", "data-action": "offer-decline" }, t("offer.decline"))));
    dialog.addEventListener("close", () => {
      dialog.remove();
      open.delete(message.offer);
    });
    open.set(message.offer, dialog);
    parent.append(dialog);
    dialog.showModal();
  }

  function withdrawn(message) {
    open.get(message.offer)?.close();
  }

  return { offer, withdrawn };
}

/** What the host is told of an answer, in words. */
export function answerText(message) {
  if (message.accepted) return t("offer.accepted", { name: message.name, table: message.table });
  const reason = t(`offer.reason.${message.reason}`);
  const text = message.text ? ` (${message.text})` : "";
  return t("offer.declined", { name: message.name, table: message.table, reason }) + text;
}
