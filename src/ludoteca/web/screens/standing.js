// What the room shows beside a person's name of how they play (docs/ratings.md): their
// rating, with "?" while it is provisional, and their finish rate.

import { h } from "../core/dom.js";
import { t } from "../core/i18n.js";

export function ratingText(rating, provisional) {
  return `${Math.round(rating)}${provisional ? "?" : ""}`;
}

export function ratingMark(rating, provisional) {
  return h("span", { class: "mark rating", title: t(provisional ? "rating.provisionalTip" : "rating.tip") }, ratingText(rating, provisional));
}

/** The finish rate in percent, or nothing before any match of theirs ended. */
export function finishMark(finish) {
  if (finish === null || finish === undefined) return null;
  return h("span", { class: "mark finish", title: t("finish.tip", { n: finish }) }, `${finish}%`);
}
