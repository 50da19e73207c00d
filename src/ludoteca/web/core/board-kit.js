// Small pieces every board needs: its stylesheet once, redrawing without losing the
// keyboard focus, whether a click plays, the length of the whole log, a seat's name. The
// contract itself (what a board is, whose turn) is core/board-contract.js; sending a move
// is core/move-sender.js.

/** Add <link rel="stylesheet" href=url> to the document once. */
export function ensureCss(url) {
  if ([...document.querySelectorAll("link[rel=stylesheet]")].some((link) => link.href === url)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = url;
  document.head.append(link);
}

/**
 * The one focus keeper of the boards: run `draw()`, which replaces what `root` shows, and
 * give the keyboard focus back to the element that had it, found again by its `data-key`
 * (a board gives every element one can focus a key that stays the same across redraws),
 * so a keyboard player does not lose their place.
 */
export function keepFocus(root, draw) {
  const active = document.activeElement;
  const holder = active && root.contains(active) ? active.closest("[data-key]") : null;
  const key = holder && root.contains(holder) ? holder.dataset.key : undefined;
  draw();
  if (key === undefined) return;
  const again = [...root.querySelectorAll("[data-key]")].find((el) => el.dataset.key === key);
  if (again && !again.disabled && again !== document.activeElement) again.focus({ preventScroll: true });
}

/**
 * Whether a move that one click names whole plays on that click (docs/web.md), or waits
 * for OK like any other: the person's setting "confirm every move" (ctx.confirmEveryMove).
 */
export function playsOnClick(ctx) {
  return !(ctx.confirmEveryMove && ctx.confirmEveryMove());
}

/** How many moves the whole log holds (a view may leave out the first `log_from`). */
export function logLength(view) {
  return view ? (view.log_from || 0) + (view.log || []).length : 0;
}

/** A player's display name: from ctx.names, else a neutral "Seat n". */
export function nameOf(ctx, seat, fallback) {
  const name = ctx.names && ctx.names[seat];
  return name === undefined || name === null || name === "" ? fallback : String(name);
}
