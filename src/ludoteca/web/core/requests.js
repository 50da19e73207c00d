// Request ids: each press of a button is one request with a fresh id, which the room
// carries out once however often it arrives (docs/protocol.md, `rid`). The button stays
// disabled while its request is in flight — until the room refuses it, or for a moment,
// since a request that succeeds redraws the screen with new buttons — and a press that
// comes through anyway sends the same id again, which the room refuses as `repeated`.

const HOLD_MS = 4000;
const prefix = Math.random().toString(36).slice(2, 8);
let counter = 0;
const pending = new Map(); // rid -> release()
const inFlight = new WeakMap(); // button -> rid

/** The id of a new request, or of the one `button` (if any) has in flight. */
export function requestId(button = null) {
  if (button && inFlight.has(button)) return inFlight.get(button);
  counter += 1;
  const rid = `${prefix}-${counter}`;
  if (button) hold(button, rid);
  return rid;
}

function hold(button, rid) {
  button.disabled = true;
  const release = () => {
    clearTimeout(timer);
    pending.delete(rid);
    inFlight.delete(button);
    button.disabled = false;
  };
  const timer = setTimeout(release, HOLD_MS);
  pending.set(rid, release);
  inFlight.set(button, rid);
}

/** The room refused request `rid`: its button may be pressed again. */
export function refused(rid) {
  pending.get(rid)?.();
}
