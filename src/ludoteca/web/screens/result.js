// The result of a finished match: places, names, scores and each seat's breakdown in the
// game's own terms (its board's `breakdown`), with the rematch button beside it. It is the
// one result at a table and on a match page: a board's own result panel is for the board
// shown alone (room.css).

import { h } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { botBadge } from "./names.js";

/** [{place, seats: [seat…]}] from the engine's ranking (a shared place lists several). */
export function places(result) {
  let place = 1;
  return result.ranking.map((seats) => {
    const row = { place, seats };
    place += seats.length;
    return row;
  });
}

/** Per seat, what the room adds to the game's result: resigned, or a bot played on. */
export function seatNotes(result) {
  const notes = {};
  for (const seat of result.resigned || []) notes[seat] = t("result.resigned");
  for (const [seat, why] of result.replaced || []) notes[seat] = t(`result.replaced.${why}`);
  return notes;
}

/** A rating change as the pages show it: +16, −16 (a true minus sign), 0. */
export function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

/**
 * The result panel; `extra` (buttons) goes below the list; `ratings` (a rated match's,
 * from /api/matches/<id>) each seat's {before, after, change}; `botAccounts` whether each
 * seat is a bot account's (marked BOT). `breakdown` is the board's
 * (core/board-contract.js): each seat's part of the result in the game's own terms.
 */
export function resultPanel(breakdown, result, names, you, extra, ratings = null, botAccounts = []) {
  if (result.aborted) {
    return h("section", { class: "result panel aborted", role: "status", "aria-live": "polite" },
      h("h2", {}, t("result.title")), h("p", {}, t("result.aborted")), extra);
  }
  const notes = seatNotes(result);
  const rows = places(result).flatMap(({ place, seats }) => seats.map((seat) => h("li", {
    class: `result-row${seat === you ? " you" : ""}${place === 1 ? " winner" : ""}`,
    "data-seat": seat,
  },
  h("span", { class: "place" }, t("result.place", { n: place })),
  h("span", { class: "who" }, names[seat] ?? t("table.seat", { n: seat + 1 }), botAccounts[seat] ? [" ", botBadge()] : null),
  result.scores ? h("span", { class: "score" }, t("result.points", { n: result.scores[seat] })) : null,
  h("span", { class: "parts muted small" }, breakdown(result, seat).map(([label, value]) => `${label} ${value}`).join(" · ")),
  notes[seat] ? h("span", { class: "note small" }, notes[seat]) : null,
  ratings?.[seat] ? h("span", {
    class: `rating-change ${ratings[seat].change >= 0 ? "rating-up" : "rating-down"}`,
    title: t("result.ratingTip", { before: ratings[seat].before, after: ratings[seat].after }),
  }, signed(ratings[seat].change)) : null)));
  const winners = result.ranking[0].map((seat) => names[seat] ?? t("table.seat", { n: seat + 1 }));
  const headline = winners.length > 1 ? t("result.shared", { names: winners.join(", ") }) : t("result.wins", { name: winners[0] });
  return h("section", { class: "result panel", role: "status", "aria-live": "polite" },
    h("h2", {}, t("result.title"), " — ", headline),
    h("ol", { class: "result-list" }, ...rows),
    extra);
}
