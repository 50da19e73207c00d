// A question in the page before what cannot be taken back (resign, call off): a modal
// <dialog> in the page's language and colours, where the browser's confirm() is neither.
// The focus moves into it, onto the answer that changes nothing; Escape is that answer
// too; afterwards the focus goes back to the button that asked.

import { h } from "../core/dom.js";
import { t } from "../core/i18n.js";

let asked = 0;

/** Resolves to true when the person answers `yes` (the action's own name) to `text`. */
export function ask(parent, text, yes) {
  const opener = document.activeElement;
  const action = opener?.dataset?.action;
  const id = `ask-${++asked}`;
  return new Promise((resolve) => {
    let answer = false;
    const no = h("button", { type: "button", "data-action": "ask-no", onclick: () => dialog.close() }, t("ask.no"));
    const dialog = h("dialog", { class: "ask panel", "aria-labelledby": id },
      h("p", { id }, text),
      h("div", { class: "buttons" }, no,
        h("button", {
          type: "button", class: "primary", "data-action": "ask-yes",
          onclick: () => { answer = true; dialog.close(); },
        }, yes)));
    dialog.addEventListener("close", () => {
      dialog.remove();
      // The tools are drawn anew on every update: the button that asked may be a new one.
      const back = opener?.isConnected ? opener : action && document.querySelector(`[data-action="${action}"]`);
      back?.focus();
      resolve(answer);
    });
    parent.append(dialog);
    dialog.showModal();
    no.focus();
  });
}
