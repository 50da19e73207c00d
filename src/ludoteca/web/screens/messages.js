// What the server says (refusals and answers), in the player's language. The server
// names each kind by a stable code; the catalog has a headline per code. The server's
// own words carry the details (an engine's reason why a move is illegal, the list of
// commands): in English they are the message, elsewhere they follow the headline.

import { getLanguage, t } from "../core/i18n.js";

export function serverText(message) {
  const key = `server.${message.code}`;
  const headline = t(key, message.params || {});
  if (headline === key || getLanguage() === "en") return message.text || headline;
  return message.text ? `${headline} — ${message.text}` : headline;
}
