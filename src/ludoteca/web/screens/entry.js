// The entry screen: a nickname to play as a guest, or a registered player's name and
// password (log in, or register a new one). Refusals come back from the server as text.

import { post } from "../core/api.js";
import { fill, h } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { serverText } from "./messages.js";

const NAME = { minlength: 2, maxlength: 20, autocomplete: "nickname", required: true };

/** Draw the entry forms into `root`; `entered(person)` runs once the server let us in. */
export function showEntry(root, entered) {
  let mode = "guest";
  const message = h("p", { class: "entry-error", role: "alert", "aria-live": "assertive" });

  async function submit(event) {
    event.preventDefault();
    const form = event.target;
    const body = { name: form.elements.name.value.trim() };
    if (mode !== "guest") body.password = form.elements.password.value;
    const path = { guest: "/api/guest", login: "/api/login", register: "/api/register" }[mode];
    message.textContent = "";
    const answer = await post(path, body);
    const data = await answer.json();
    if (answer.ok) entered(data);
    else message.textContent = t("entry.refused", { reason: serverText({ code: data.code, text: data.error, params: data.params }) });
  }

  function render() {
    const tabs = ["guest", "login", "register"].map((name) =>
      h("button", {
        type: "button",
        role: "tab",
        class: name === mode ? "tab current" : "tab",
        "aria-selected": String(name === mode),
        "data-mode": name,
        onclick: () => { mode = name; render(); },
      }, t(`entry.tab.${name}`)));
    const password = mode === "guest" ? null : h("label", {},
      t("entry.password"),
      h("input", {
        name: "password", type: "password", required: true,
        minlength: mode === "register" ? 8 : 1,
        autocomplete: mode === "register" ? "new-password" : "current-password",
      }));
    root.replaceChildren(h("section", { class: "entry panel" },
      h("h1", {}, t("entry.title")),
      h("p", { class: "muted" }, t("entry.lead")),
      h("div", { class: "tabs", role: "tablist" }, ...tabs),
      h("form", { id: "entry-form", onsubmit: submit },
        h("label", {}, t("entry.name"), h("input", { name: "name", ...NAME, title: t("entry.nameRule") })),
        password,
        h("p", { class: "muted small" }, t(`entry.hint.${mode}`)),
        h("button", { class: "primary", type: "submit" }, t(`entry.go.${mode}`))),
      message));
    root.querySelector("input[name=name]").focus();
  }

  render();
}
