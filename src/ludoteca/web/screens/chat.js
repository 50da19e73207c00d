// A chat panel with a command line, as in the lobby and at a table: lines from people,
// lines the room itself says, answers to commands, and refusals. Text is never parsed as
// HTML (h() makes text nodes), so a chat line cannot inject markup.

import { h } from "../core/dom.js";
import { t, timeText } from "../core/i18n.js";
import { roomLineText } from "./messages.js";

/** The server's bound on a chat line (protocol.MAX_CHAT_CHARS). */
const MOST = 500;
/** From here on the line shows how many characters it has. */
const COUNT_FROM = MOST - 50;

export function createChat({ title, placeholder, send }) {
  const lines = h("div", { class: "chat-lines", role: "log", "aria-live": "polite", tabindex: "0" });
  // The input cuts a longer line (typed or pasted) at the bound: the note says so.
  const note = h("p", { class: "chat-note small", "aria-live": "polite" });
  const input = h("input", {
    name: "text", autocomplete: "off", maxlength: MOST, placeholder,
    "aria-label": placeholder, title: t("chat.tip"), oninput: () => count(),
  });
  const form = h("form", {
    class: "chat-say",
    onsubmit: (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      send(text);
      input.value = "";
      count();
    },
  }, input, h("button", { type: "submit" }, t("chat.send")));
  const element = h("section", { class: "chat panel" }, h("h2", {}, title), lines, form, note);

  function count() {
    const n = input.value.length;
    note.classList.toggle("full", n >= MOST);
    note.textContent = n >= MOST ? t("chat.full", { most: MOST }) : n >= COUNT_FROM ? t("chat.count", { n, most: MOST }) : "";
  }

  function add(kind, who, text, at) {
    const stamp = at ? timeText(new Date(at * 1000)) : "";
    const line = h("div", { class: `chat-line ${kind}` },
      stamp ? h("time", { class: "muted small" }, stamp, " ") : null,
      who ? h("b", {}, who, ": ") : null,
      h("span", {}, text));
    const atEnd = lines.scrollTop + lines.clientHeight >= lines.scrollHeight - 8;
    lines.append(line);
    while (lines.childElementCount > 300) lines.firstElementChild.remove();
    if (atEnd) lines.scrollTop = lines.scrollHeight;
  }

  return {
    element,
    input,
    /** A line of chat ({name, text, at}); a null name is the room speaking. */
    line(chatLine) {
      if (chatLine.name === null) add("room", null, roomLineText(chatLine), chatLine.at);
      else add("person", chatLine.name, chatLine.text, chatLine.at);
    },
    /** All lines anew (after a sync). */
    replace(chatLines) {
      lines.replaceChildren();
      chatLines.forEach((chatLine) => this.line(chatLine));
      lines.scrollTop = lines.scrollHeight;
    },
    info(text) { add("info", null, text); },
    error(text) { add("error", null, text); },
  };
}
