// A board on its own, fed a fixture view: for developing and screenshotting boards.
// A file of its own, not an inline script: the room's pages allow only its own scripts.

import { setLanguage } from "../core/i18n.js";

const params = new URLSearchParams(location.search);
const game = params.get("game");
setLanguage(params.get("lang") || "en");
const view = await (await fetch(params.get("fixture"))).json();
const components = params.get("components")
  ? await (await fetch(params.get("components"))).json() : {};
const { createBoard } = await import(`../boards/${game}.js`);
const played = document.getElementById("played");
const board = createBoard(document.getElementById("board"), {
  seat: view.seat,
  names: view.players_names || Array.from({ length: view.players }, (_, i) => `Player ${i + 1}`),
  components,
  play: async (move) => { played.textContent += move + "\n"; },
  confirmEveryMove: () => params.get("confirm") === "1",
});
board.update(view);
window.__board = board;
