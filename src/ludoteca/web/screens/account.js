// A registered player's account menu (docs/bots.md): turn the account into a bot account
// (allowed while it has played no match; the room says why not otherwise), and personal
// tokens for programs: made with a label and a scope, shown once with a copy button,
// listed (label, scope, made, last used) and revoked. Over /api/bot and /api/tokens.
//
// The part's element lives as long as its person: the chrome draws itself again on every
// "my tables", and a token just made must stay in view until its menu is closed.

import { post } from "../core/api.js";
import { fill, h } from "../core/dom.js";
import { dateText, t } from "../core/i18n.js";
import { serverText } from "./messages.js";
import { botBadge } from "./names.js";

/** The account's part of the menu under a registered person's name: `opened()` when that
 * menu opens (the tokens are read then), `closed()` when it closes; `onBot()` once the
 * account became a bot. */
export function createAccount({ person, onBot }) {
  const body = h("div", { class: "account-body" });
  let fresh = null; // the token just made: {label, token}
  let tokens = [];
  let problem = ""; // the room's last refusal, in words

  async function load() {
    const answer = await fetch("/api/tokens");
    tokens = answer.ok ? (await answer.json()).tokens : [];
    draw();
  }

  async function refusal(answer) {
    const body = await answer.json().catch(() => ({}));
    return body.code ? serverText({ code: body.code, text: body.error, params: body.params }) : String(answer.status);
  }

  async function becomeBot() {
    const answer = await post("/api/bot");
    problem = answer.ok ? "" : await refusal(answer);
    if (answer.ok) {
      person().bot = true;
      onBot();
    }
    draw();
  }

  async function make(label, scope) {
    const answer = await post("/api/tokens", { scopes: [scope], label });
    if (answer.ok) {
      const made = await answer.json();
      fresh = { label: made.label, token: made.token };
      problem = "";
      await load();
    } else {
      problem = await refusal(answer);
      draw();
    }
  }

  async function revoke(token) {
    const answer = await post(`/api/tokens/${token.id}/revoke`);
    problem = answer.ok ? "" : await refusal(answer);
    await load();
  }

  function botPart() {
    if (person().bot) return [h("h3", {}, t("account.bot"), " ", botBadge()), h("p", { class: "small" }, t("account.isBot"))];
    return [
      h("h3", {}, t("account.bot")),
      h("p", { class: "small" }, t("account.becomeWhat")),
      h("button", { type: "button", "data-action": "become-bot", onclick: becomeBot }, t("account.become")),
    ];
  }

  function freshToken() {
    if (!fresh) return null;
    const field = h("input", { id: "token-value", type: "text", readonly: true, value: fresh.token, size: 30, class: "token-value" });
    return h("div", { class: "token-fresh", role: "status" },
      h("label", { for: field.id }, t("account.shownOnce")),
      h("span", { class: "share" }, field, " ",
        h("button", {
          type: "button", "data-action": "copy-token",
          onclick: () => { field.select(); navigator.clipboard?.writeText(fresh.token).catch(() => {}); },
        }, t("account.copy"))));
  }

  function tokenForm() {
    const label = h("input", { id: "token-label", name: "label", maxlength: 60, autocomplete: "off" });
    const scopes = person().bot ? ["bot:play", "read"] : ["read"];
    const scope = h("select", { id: "token-scope", name: "scope" },
      ...scopes.map((s) => h("option", { value: s }, t(`account.scope.${s}`))));
    return h("form", {
      class: "token-form",
      onsubmit: (event) => { event.preventDefault(); make(label.value.trim(), scope.value); },
    },
      h("label", { for: label.id }, t("account.label")), label,
      h("label", { for: scope.id }, t("account.scope")), scope, " ",
      h("button", { type: "submit", "data-action": "make-token" }, t("account.make")));
  }

  function tokenList() {
    if (!tokens.length) return h("p", { class: "muted small" }, t("account.noTokens"));
    const when = (at) => (at === null ? t("account.never") : dateText(new Date(at * 1000), true));
    return h("table", { class: "tokens" },
      h("thead", {}, h("tr", {}, ...["label", "scope", "made", "used"].map((k) => h("th", {}, t(`account.column.${k}`))),
        h("th", {}, t("account.column.revoke")))),
      h("tbody", {}, ...tokens.map((token) => h("tr", { "data-token": token.id },
        h("td", {}, token.label || h("span", { class: "muted" }, t("account.noLabel"))),
        h("td", {}, token.scopes.join(" ")),
        h("td", {}, when(token.created_at)),
        h("td", { "data-used": token.last_used === null ? "never" : "yes" }, when(token.last_used)),
        h("td", {}, h("button", {
          type: "button", class: "small", "data-action": "revoke-token",
          "aria-label": t("account.revokeOne", { label: token.label || `#${token.id}` }),
          onclick: () => revoke(token),
        }, t("account.revoke")))))));
  }

  function draw() {
    fill(body,
      ...botPart(),
      h("h3", {}, t("account.tokens")),
      h("p", { class: "small" }, t("account.tokensWhat")),
      problem ? h("p", { class: "account-problem", role: "alert" }, problem) : null,
      freshToken(),
      tokenForm(),
      tokenList());
  }

  draw();
  return {
    element: body,
    draw,
    opened: load,
    closed() {
      fresh = null; // shown once: gone when the menu closes
      draw();
    },
  };
}
