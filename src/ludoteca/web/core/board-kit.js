// Small pieces every board needs: its stylesheet once, redrawing without losing the
// keyboard focus, and the length of the whole log.

/** Add <link rel="stylesheet" href=url> to the document once. */
export function ensureCss(url) {
  if ([...document.querySelectorAll("link[rel=stylesheet]")].some((link) => link.href === url)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = url;
  document.head.append(link);
}

/**
 * Replace what `root` shows by `build()`; the element that had the focus (found again by
 * its data-key) gets it back, so a keyboard player does not lose their place.
 */
export function redraw(root, build) {
  const active = document.activeElement;
  const key = active && root.contains(active) ? active.dataset.key : undefined;
  root.replaceChildren(build());
  if (key === undefined) return;
  const again = [...root.querySelectorAll("[data-key]")].find((el) => el.dataset.key === key);
  if (again && !again.disabled) again.focus({ preventScroll: true });
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
