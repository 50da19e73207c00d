// The board contract: what a board module is, what it is given and what it gives back, so
// that the table, the match page and the preview page hold any of the four alike. The
// contract test (tests/web/boards.test.mjs) loads every board and checks it against this.

/**
 * A seat's view of a match, as `Match.view(seat)` gives it (docs/protocol.md).
 * @typedef {object} View
 * @property {string} game
 * @property {number} players
 * @property {number|null} seat the viewer's seat; null for a spectator
 * @property {number|"chance"|null} to_move
 * @property {object} position the game's own position, as this seat may see it
 * @property {number} [log_from] the first log entry `log` holds (0 when whole)
 * @property {LogEntry[]} log
 * @property {string[]} legal_moves the viewer's legal moves (empty unless it is their turn)
 * @property {Result|null} result
 * @property {object} [options]
 */

/**
 * @typedef {object} LogEntry
 * @property {number|"chance"} by
 * @property {string} move
 */

/**
 * A finished match: places, scores and the game's own details.
 * @typedef {object} Result
 * @property {number[][]} ranking seats by place; a shared place lists several
 * @property {number[]} [scores]
 * @property {object} [details] the game's own terms, read by its board's `breakdown`
 * @property {boolean} [aborted]
 * @property {number[]} [resigned]
 * @property {Array<[number, string]>} [replaced]
 */

/**
 * What the page gives a board.
 * @typedef {object} BoardContext
 * @property {number|null} seat
 * @property {string[]} [names] display names by seat
 * @property {object} [components] the game's components (`GET /api/games`)
 * @property {(move: string) => Promise<void>} play sends a move; rejects if it cannot be sent
 * @property {() => boolean} [confirmEveryMove] the person's setting (core/preferences.js)
 * @property {(text: string) => void} [onError]
 */

/**
 * What `createBoard` returns.
 * @typedef {object} Board
 * @property {(view: View) => void} update draw this view; the answer to a move sent
 * @property {(entry: LogEntry, previous?: LogEntry) => string|null} describe a log entry in
 *   the board's own words for the table's log, or null for one the board itself shows
 * @property {() => void} destroy
 */

/**
 * One seat's part of a result in the game's own terms: [label, value] pairs.
 * @typedef {Array<[string, string|number]>} Breakdown
 */

/**
 * A board module (`boards/<game>.js`).
 * @typedef {object} BoardModule
 * @property {(root: HTMLElement, ctx: BoardContext) => Board} createBoard
 * @property {(result: Result, seat: number) => Breakdown} breakdown for the result screen
 * @property {string} cssUrl its stylesheet
 */

/** What every board module exports (the contract test checks them). */
export const BOARD_EXPORTS = Object.freeze({ createBoard: "function", breakdown: "function", cssUrl: "string" });

/** The seat whose turn it is, or null: chance to act, nobody, or the match over. */
export function whoseTurn(view) {
  if (!view || view.result) return null;
  return typeof view.to_move === "number" ? view.to_move : null;
}

/** Whether the viewer is the one to move now. */
export function isMyTurn(view) {
  const seat = whoseTurn(view);
  return seat !== null && view.seat !== null && view.seat !== undefined && seat === view.seat;
}
