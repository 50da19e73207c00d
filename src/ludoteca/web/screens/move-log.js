// One line of a move log, at a table and on a match page. The number is an element of its
// own, not the list's marker: a marker sits in the list's padding, where a scrolling list
// cuts the first digits of a long number.

import { h } from "../core/dom.js";

/** A log line numbered `n`; `attrs` go on the <li>. */
export function logLine(n, text, attrs = {}) {
  return h("li", attrs, h("span", { class: "move-n" }, `${n}.`), h("span", { class: "move-text" }, text));
}
