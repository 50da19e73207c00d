// Where a replay starts: a match opens with chance's steps (Keltis deals 46 cards one by
// one), which nobody wants to watch again before the first move, but may step back to.

/** The step just before the players' first move: every dealing done. */
export function openingStep(log) {
  const first = log.findIndex((entry) => entry.by !== "chance");
  return first < 0 ? log.length : first;
}

/** Where "to the start" goes from `step`: the opening, and from there (or before it)
 * the deal's very beginning. */
export function startFrom(step, opening) {
  return step > opening ? opening : 0;
}
