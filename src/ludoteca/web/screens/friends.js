// The friends panel of the lobby (registered players): the people you follow, online or
// not, the tables they sit at (a button to go there) and their recent matches (links to
// the match pages); a form to follow, block or mute someone, and the lists to undo it.
// Read over HTTP (/api/friends, /api/relations); a guest is told to register for it. The
// player's e-mail address for turn mails is set here too (/api/mail).

import { post } from "../core/api.js";
import { fill, h } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { inviteButton } from "./invite-button.js";
import { gameName } from "./names.js";

const KINDS = ["follow", "block", "mute"];

/** ctx: {games, person(), send(message), onError(text), hosted(): the open table you host}. */
export function createFriends(ctx) {
  const element = h("section", { class: "panel friends", "aria-labelledby": "friends-title" });
  const listBox = h("div", { class: "friends-list" });
  const relationsBox = h("div", { class: "relations" });
  const name = h("input", { id: "relation-name", name: "name", autocomplete: "off", required: true });
  const kind = h("select", { id: "relation-kind", name: "kind" },
    ...KINDS.map((k) => h("option", { value: k }, t(`friends.kind.${k}`))));
  const form = h("form", {
    class: "relation-form",
    onsubmit: async (event) => {
      event.preventDefault();
      await change(kind.value, name.value.trim(), true);
      name.value = "";
    },
  },
    h("label", { for: name.id }, t("friends.name")), name,
    h("label", { for: kind.id }, t("friends.kind")), kind,
    h("button", { type: "submit", "data-action": "relate" }, t("friends.do")));

  async function change(k, who, on) {
    const answer = await post("/api/relations", { kind: k, name: who, on });
    if (!answer.ok) {
      const body = await answer.json().catch(() => ({}));
      ctx.onError(body.code ? t(`server.${body.code}`, { ...(body.params || {}), name: who }) : String(answer.status));
    }
    await refresh();
  }

  function friendItem(friend) {
    const games = ctx.games();
    const game = (id) => gameName(games.find((g) => g.id === id) || { id });
    return h("li", { class: "friend", "data-friend": friend.name },
      h("b", {}, friend.name), " ",
      h("span", { class: `status ${friend.online ? "here" : "away"}` }, t(friend.online ? "friends.online" : "friends.away")), " ",
      inviteButton(friend.name, ctx.hosted(), ctx.send, ctx.onError),
      friend.tables.length ? h("ul", { class: "friend-tables" }, ...friend.tables.map((table) => h("li", {},
        h("button", {
          type: "button", "data-action": "friend-table", "data-table": String(table.id),
          onclick: () => ctx.send({ t: "watch", table: table.id }),
        }, t("friends.table", { id: table.id, game: game(table.game), status: t(`status.${table.status}`) }))))) : null,
      friend.recent.length ? h("p", { class: "small" }, t("friends.recent"), " ",
        ...friend.recent.flatMap((match, i) => [i ? ", " : "",
          h("a", { href: `/matches/${match.id}` }, t("friends.match", { id: match.id, game: game(match.game) }))])) : null);
  }

  // E-mail for turn-based tables: the address (confirmed by the link mailed to it) and
  // whether to be mailed when it is your turn there while you are away.
  const mailBox = h("div", { class: "mail-settings" });
  async function drawMail() {
    const mail = await fetch("/api/mail").then((r) => (r.ok ? r.json() : null));
    if (!mail || !mail.enabled) return fill(mailBox);
    const address = h("input", { id: "mail-address", type: "email", name: "address", value: mail.address || "", autocomplete: "email" });
    const turns = h("input", { id: "mail-turns", type: "checkbox", name: "turns", checked: mail.address ? mail.turns : true });
    const state = mail.address ? t(mail.confirmed ? "mail.confirmed" : "mail.unconfirmed") : "";
    fill(mailBox, h("form", {
      class: "mail-form",
      onsubmit: async (event) => {
        event.preventDefault();
        const answer = await post("/api/mail", { address: address.value.trim(), turns: turns.checked });
        if (!answer.ok) {
          const body = await answer.json().catch(() => ({}));
          ctx.onError(body.code ? t(`server.${body.code}`) : String(answer.status));
        }
        drawMail();
      },
    },
      h("h3", {}, t("mail.title")),
      h("label", { for: address.id }, t("mail.address")), address,
      h("label", { class: "check", for: turns.id }, turns, " ", t("mail.turns")),
      state ? h("p", { class: "muted small", "data-mail-state": mail.confirmed ? "confirmed" : "unconfirmed" }, state) : null,
      h("button", { type: "submit", "data-action": "mail-save" }, t("mail.save"))));
  }

  async function refresh() {
    const person = ctx.person();
    if (!person || person.guest) {
      fill(element, h("h2", { id: "friends-title" }, t("friends.title")), h("p", { class: "muted small" }, t("friends.guest")));
      return;
    }
    const [friends, relations] = await Promise.all([
      fetch("/api/friends").then((r) => (r.ok ? r.json() : { friends: [] })),
      fetch("/api/relations").then((r) => (r.ok ? r.json() : { follow: [], block: [], mute: [] })),
    ]);
    fill(listBox, ...(friends.friends.length
      ? [h("ul", {}, ...friends.friends.map(friendItem))]
      : [h("p", { class: "muted small" }, t("friends.none"))]));
    fill(relationsBox, ...["block", "mute"].filter((k) => relations[k].length).map((k) =>
      h("p", { class: "small" }, t(`friends.${k}ed`), " ",
        ...relations[k].flatMap((who) => [who, " ", h("button", {
          type: "button", class: "small", "data-action": `un${k}`, "aria-label": t(`friends.un${k}`, { name: who }),
          onclick: () => change(k, who, false),
        }, "×"), " "]))));
    fill(element,
      h("h2", { id: "friends-title" }, t("friends.title"), " ",
        h("button", { type: "button", class: "small", "data-action": "friends-refresh", "aria-label": t("friends.refresh"), onclick: refresh }, "↻")),
      listBox, form, relationsBox, mailBox);
    drawMail();
  }

  refresh();
  return { element, refresh };
}
