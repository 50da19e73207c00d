// The person's way of playing, kept in this browser like the language and the colours.

const CONFIRM = "ludoteca.confirmMoves";

/** Whether every move waits for OK, even one a single click names whole (docs/web.md). */
export function confirmEveryMove() {
  return localStorage.getItem(CONFIRM) === "on";
}

export function setConfirmEveryMove(on) {
  localStorage.setItem(CONFIRM, on ? "on" : "off");
}
