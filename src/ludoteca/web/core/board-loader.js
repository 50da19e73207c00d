// The board modules, each loaded once by a dynamic import (a page loads only the boards it
// shows): the table and the match page draw a board and the result's breakdown from it.

const modules = new Map(); // game id -> {promise, module}

/**
 * The board module of a game; `loadedBoard` gives it at once once it is there.
 * @returns {Promise<import("./board-contract.js").BoardModule>}
 */
export function loadBoard(game) {
  let entry = modules.get(game);
  if (!entry) {
    entry = { module: null, promise: null };
    entry.promise = import(new URL(`../boards/${game}.js`, import.meta.url).href).then((module) => {
      entry.module = module;
      return module;
    }, (error) => {
      modules.delete(game); // a later call tries again
      throw error;
    });
    modules.set(game, entry);
  }
  return entry.promise;
}

/** @returns {import("./board-contract.js").BoardModule|null} */
export function loadedBoard(game) {
  return modules.get(game)?.module ?? null;
}
