// A table as this client knows it, kept by applying the server's versioned events in
// order. Pure functions, no DOM: the node tests drive them with the server's messages.
//
// Every stored event of a table carries its version v, one more than the last. An event
// we already have is ignored; one that skips ahead means we missed something, and the
// answer is a resync naming the version and the log length we hold (docs/protocol.md).

/** The state after a `sync`: the table whole, and the match log merged from its start. */
export function fromSync(message, previous = null) {
  const same = previous && previous.id === message.table.id;
  return {
    id: message.table.id,
    v: message.v,
    info: message.table,
    you: message.you,
    chat: message.chat.slice(),
    view: message.match ? mergeView(same ? previous.view : null, message.match) : null,
    clocks: message.clocks ?? null,
    clocksAt: message.clocks ? now() : null,
    // A private table's key, for its link: the server sends it to the table's own people
    // (null for others, and once the host made the table public again).
    key: message.key ?? null,
  };
}

/**
 * Apply one table event. Returns {state, resync}: resync is null, or {v, log} to send
 * when the event shows a gap (the state is then left as it was).
 */
export function applyEvent(state, message) {
  if (!state || message.table === undefined) return { state, resync: null };
  const tableId = typeof message.table === "object" ? message.table.id : message.table;
  if (tableId !== state.id) return { state, resync: null };
  if (message.t === "presence") return { state: withPresence(state, message), resync: null };
  if (message.v <= state.v) return { state, resync: null };
  if (message.v > state.v + 1) return { state, resync: resyncOf(state) };
  const next = { ...state, v: message.v };
  if (message.clocks !== undefined) {
    next.clocks = message.clocks;
    next.clocksAt = now();
  }
  switch (message.t) {
    case "table":
      next.info = message.table;
      if (message.table.status === "open") next.view = null;
      return { state: next, resync: null };
    case "chat":
      next.chat = [...state.chat, message.line].slice(-200);
      return { state: next, resync: null };
    case "match": {
      const view = mergeView(state.view, message.view);
      if (view === null) return { state, resync: resyncOf(state) };
      next.view = view;
      if (message.changed) next.info = message.changed;
      return { state: next, resync: null };
    }
    default:
      return { state: next, resync: null };
  }
}

/** What to send to catch up: our version and how many log entries we hold. */
export function resyncOf(state) {
  return { t: "resync", table: state.id, v: state.v, log: state.view ? state.view.log.length : 0 };
}

/**
 * A new view holds the log from `log_from` on; ours must reach that far. The result has
 * the whole log (log_from 0). null: ours is too short, ask again.
 */
export function mergeView(old, fresh) {
  const from = fresh.log_from || 0;
  const before = old ? old.log : [];
  if (before.length < from) return null;
  return { ...fresh, log_from: 0, log: [...before.slice(0, from), ...fresh.log] };
}

function withPresence(state, message) {
  const seats = state.info.seats.map((seat, i) => ({
    ...seat,
    connected: message.connected[i] ?? seat.connected,
  }));
  return { ...state, info: { ...state.info, seats, watchers: message.watchers } };
}

/** Seconds left on each clock now, counted down from when the clocks were received. */
export function clocksNow(state, at = now()) {
  const clocks = state && state.clocks;
  if (!clocks) return null;
  const gone = clocks.paused || clocks.running === null ? 0 : (at - state.clocksAt) / 1000;
  return clocks.remaining.map((left, seat) => (seat === clocks.running ? Math.max(0, left - gone) : left));
}

function now() {
  return typeof performance !== "undefined" ? performance.now() : Date.now();
}

// -- what a player may do at this table now: the buttons of the game tool ---------------

/** The actions this person has at the table, by the table's state and their place. */
export function actions(state, me) {
  if (!state) return [];
  const info = state.info;
  const mySeat = info.seats.findIndex((seat) => seat.name === me && !seat.bot);
  const host = info.host === me;
  const seated = mySeat >= 0;
  const free = info.seats.some((seat) => seat.name === null);
  const out = [];
  if (info.status === "open") {
    if (!seated && free) out.push("join");
    if (seated) out.push("leave");
    if (host && free) out.push("bot");
    if (host) out.push("start");
  } else if (info.status === "running") {
    const mine = state.you !== null && state.you !== undefined ? info.seats[state.you] : null;
    if (mine && mine.replaced) out.push("takeBack");
    else if (mine && !mine.bot) {
      out.push(info.paused ? "goOn" : "pause");
      if (movesPlayed(state) < ABORT_MOVES_PER_PLAYER * info.seats.length) out.push("abort");
      out.push("resign");
    }
  } else if (info.status === "finished") {
    if (state.you !== null && state.you !== undefined) out.push("rematch");
  }
  return out;
}

/** As the server has it (table.py): a match may be called off in its first moves only. */
export const ABORT_MOVES_PER_PLAYER = 2;

/** Moves the players made in the match so far (chance's draws and rolls not counted). */
export function movesPlayed(state) {
  return state.view ? state.view.log.filter((entry) => entry.by !== "chance").length : 0;
}

/** How many more players the table needs before it can start (0: it can). */
export function missingPlayers(info, minPlayers) {
  const seated = info.seats.filter((seat) => seat.name !== null).length;
  return Math.max(0, minPlayers - seated);
}
