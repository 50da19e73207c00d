// The one way a board sends a move. A move sent holds the board (nothing to click, OK
// disabled) until the room answers it: the view the move brings, the table anew when
// the move was refused as stale, or another refusal (the table screen gives the board
// its view again then, and only then: chat and presence are not answers). Until then
// the view on screen is one a move was already made on, and a second move from it
// could only be the same click twice.
// Letting go as soon as the move is handed to the socket, as two boards once did, let a
// quick double click send two moves for one view (the room refused the second as stale,
// and said so on the screen).

/**
 * @param {import("./board-contract.js").BoardContext} ctx
 * @param {() => void} changed called when a send fails, to redraw
 */
export function createMoveSender(ctx, changed = () => {}) {
  let sent = null; // the move in flight
  let error = null;
  let sends = 0; // which send is in flight, so a late failure of an older one is ignored

  return {
    /** Whether a move is in flight: the board offers nothing to click meanwhile. */
    get busy() { return sent !== null; },
    /** The move in flight, or null. */
    get sent() { return sent; },
    /** Why the last move could not be sent, until the next is sent. */
    get error() { return error; },

    /**
     * Send `move` if it is one of `view`'s legal moves and none is in flight; returns
     * whether it was sent. The board redraws itself after (it shows the move as sent).
     */
    send(view, move) {
      if (!move || sent !== null || !view || !(view.legal_moves || []).includes(move)) return false;
      sent = move;
      error = null;
      const mine = ++sends;
      Promise.resolve()
        .then(() => ctx.play(move))
        .catch((reason) => {
          if (mine !== sends || sent === null) return;
          sent = null;
          error = String(reason?.message || reason);
          if (ctx.onError) ctx.onError(error);
          changed();
        });
      return true;
    },

    /** The table was drawn anew from the room: the move in flight has had its answer. */
    viewed() {
      sent = null;
    },
  };
}
