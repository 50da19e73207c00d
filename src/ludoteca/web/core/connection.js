// The one WebSocket of a tab: JSON messages both ways, reconnecting after a drop with a
// growing pause, and telling the screens whether it is up. What a reconnect must ask for
// again (the table we were at) is the app's to decide in `onOpen`.

export const CLOSED_FOR_GOOD = new Set([4401, 4409, 1008]);

export class Connection {
  /**
   * @param {object} handlers onMessage(message), onOpen(again), onDown(event), onGone(event)
   */
  constructor(handlers, url = defaultUrl()) {
    this.handlers = handlers;
    this.url = url;
    this.socket = null;
    this.attempts = 0;
    this.opened = false;
    this.stopped = false;
    this.queue = [];
  }

  open() {
    this.stopped = false;
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => {
      const again = this.opened;
      this.opened = true;
      this.attempts = 0;
      for (const message of this.queue.splice(0)) socket.send(message);
      this.handlers.onOpen?.(again);
    };
    socket.onmessage = (event) => this.handlers.onMessage(JSON.parse(event.data));
    socket.onclose = (event) => {
      if (this.socket !== socket || this.stopped) return;
      if (CLOSED_FOR_GOOD.has(event.code)) {
        this.handlers.onGone?.(event);
        return;
      }
      this.handlers.onDown?.(event);
      this.attempts += 1;
      setTimeout(() => this.open(), Math.min(8000, 500 * 2 ** (this.attempts - 1)));
    };
  }

  /** Send a message now, or as soon as the socket is open again. */
  send(message) {
    const text = JSON.stringify(message);
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(text);
    else this.queue.push(text);
  }

  close() {
    this.stopped = true;
    this.socket?.close();
  }
}

function defaultUrl() {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
}
