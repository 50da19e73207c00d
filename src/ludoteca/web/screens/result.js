// The result of a finished match: places, names, scores and each seat's breakdown in the
// game's own terms, with the rematch button beside it. It is the one result at a table and
// on a match page: a board's own result panel is for the board shown alone (room.css).

import { h } from "../core/dom.js";
import { t } from "../core/i18n.js";

/** [{place, seats: [seat…]}] from the engine's ranking (a shared place lists several). */
export function places(result) {
  let place = 1;
  return result.ranking.map((seats) => {
    const row = { place, seats };
    place += seats.length;
    return row;
  });
}

/** One seat's breakdown as [label, value] pairs, by game. */
export function breakdown(game, result, seat) {
  const d = result.details || {};
  switch (game) {
    case "krone": {
      const out = [];
      if (d.king === seat) out.push([t("result.krone.king"), "♔"]);
      if (d.queen === seat) out.push([t("result.krone.queen"), "♕"]);
      const final = d.final_round && d.final_round[seat];
      if (final) out.push([t("result.krone.final"), `${final[0]} × ${final[1]}`]);
      return out;
    }
    case "keltis": {
      const p = d.players && d.players[seat];
      if (!p) return [];
      const rows = Object.values(p.rows).reduce((sum, row) => sum + row.points, 0);
      return [
        [t("result.keltis.rows"), rows],
        [t("result.keltis.pointRow"), p.point_row.points],
        [t("result.keltis.stones"), p.wish_stones.points],
      ];
    }
    case "kingdomino": {
      const sheet = d.sheets && d.sheets[seat];
      if (!sheet) return [];
      const out = [[t("result.kingdomino.properties"), sheet.property_points]];
      if (sheet.middle_kingdom) out.push([t("result.kingdomino.middle"), sheet.middle_kingdom]);
      if (sheet.harmony) out.push([t("result.kingdomino.harmony"), sheet.harmony]);
      out.push([t("result.kingdomino.largest"), sheet.largest_property], [t("result.kingdomino.crowns"), sheet.crowns]);
      return out;
    }
    case "cronberg": {
      if (!d.before_final_scoring) return [];
      const final = (d.final_scoring || []).filter((row) => row.seat === seat).reduce((sum, row) => sum + row.points, 0);
      return [[t("result.cronberg.play"), d.before_final_scoring[seat]], [t("result.cronberg.final"), final]];
    }
    default:
      return [];
  }
}

/** Per seat, what the room adds to the game's result: resigned, or a bot played on. */
export function seatNotes(result) {
  const notes = {};
  for (const seat of result.resigned || []) notes[seat] = t("result.resigned");
  for (const [seat, why] of result.replaced || []) notes[seat] = t(`result.replaced.${why}`);
  return notes;
}

/** The result panel; `extra` (buttons) goes below the list. */
export function resultPanel(game, result, names, you, extra) {
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
  h("span", { class: "who" }, names[seat] ?? t("table.seat", { n: seat + 1 })),
  result.scores ? h("span", { class: "score" }, t("result.points", { n: result.scores[seat] })) : null,
  h("span", { class: "parts muted small" }, breakdown(game, result, seat).map(([label, value]) => `${label} ${value}`).join(" · ")),
  notes[seat] ? h("span", { class: "note small" }, notes[seat]) : null)));
  const winners = result.ranking[0].map((seat) => names[seat] ?? t("table.seat", { n: seat + 1 }));
  const headline = winners.length > 1 ? t("result.shared", { names: winners.join(", ") }) : t("result.wins", { name: winners[0] });
  return h("section", { class: "result panel", role: "status", "aria-live": "polite" },
    h("h2", {}, t("result.title"), " — ", headline),
    h("ol", { class: "result-list" }, ...rows),
    extra);
}
