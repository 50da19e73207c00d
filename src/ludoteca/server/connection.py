"""One WebSocket: who it is, what it watches, and a queue of what to send it.

Messages are queued and written by the connection's own task, so a slow reader never
holds up a table; one that falls far behind is closed. The task writes everything queued
before it waits again: under load a connection's messages come in bursts, and waking the
task once per burst instead of once per message saves the event loop work.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import time
from collections import deque
from dataclasses import dataclass, field

from starlette.types import Send

from . import protocol as p
from .requests import RecentRequests

#: Messages waiting for a slow reader before the connection is closed.
MAX_QUEUED = 2000


@dataclass
class Bucket:
    """A token bucket: ``rate`` a second, at most ``burst`` at once."""

    rate: float
    burst: float
    tokens: float = field(init=False)
    stamp: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.tokens = self.burst

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def retry_after(self) -> float:
        """Seconds until ``take`` succeeds again, as of the last ``take``."""
        # Rounded up to the millisecond: a client that waits this long is taken.
        return math.ceil(1000 * max(0.0, 1 - self.tokens) / self.rate) / 1000


class Connection:
    def __init__(
        self,
        send: Send,
        user: p.Person,
        messages_per_second: float = 40.0,
        chat_per_second: float = 0.5,
        address: str = "",
    ) -> None:
        self._send = send
        self.user = user
        #: Where it comes from (behind a trusted proxy, the address it forwards).
        self.address = address
        #: The session it was opened with: revoking that session closes it.
        self.session: str | None = None
        #: What its token may do (``tokens.Scope``); None: a session's, everything.
        self.scopes: frozenset[str] | None = None
        #: The personal token it was opened with: revoking the token closes it.
        self.token: int | None = None
        self.tables: set[int] = set()
        self.in_lobby = True
        self.messages = Bucket(rate=messages_per_second, burst=2 * messages_per_second)
        self.chats = Bucket(rate=chat_per_second, burst=5)
        #: Messages refused for coming too fast: past this many, the connection is closed.
        self.strikes = Bucket(rate=1, burst=50)
        self.told_to_slow_down = False
        self.requests = RecentRequests()
        self._queue: deque[bytes] = deque()
        self._queued = asyncio.Event()  # set when there is something to write or to close
        self._writer: asyncio.Task[None] | None = None
        self.closing: tuple[int, str] | None = None

    def __repr__(self) -> str:
        return f"<Connection {self.user.name}>"

    def start(self) -> None:
        self._writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, message: p.ServerMessage) -> None:
        self.send_bytes(p.encode(message))

    def send_bytes(self, data: bytes) -> None:
        if self.closing is not None:
            return
        if len(self._queue) >= MAX_QUEUED:
            self.close(1008, "too far behind: reconnect and resync")
            return
        self._queue.append(data)
        self._queued.set()

    def close(self, code: int, reason: str) -> None:
        """Close once what is queued is written; nothing queued after this is sent."""
        if self.closing is None:
            self.closing = (code, reason)
        self._queued.set()

    async def stop(self) -> None:
        """Send what is queued and close (with the reason given, if any), then stop."""
        if self._writer is None:
            return
        self.close(*(self.closing or (1000, "")))
        try:
            await asyncio.wait_for(asyncio.shield(self._writer), 5)
        except (TimeoutError, asyncio.CancelledError):
            self._writer.cancel()

    async def _write(self) -> None:
        queue, queued, send = self._queue, self._queued, self._send
        while True:
            await queued.wait()
            queued.clear()
            while queue:
                data = queue.popleft()
                try:
                    await send({"type": "websocket.send", "text": data.decode()})
                except Exception:
                    self.closing = self.closing or (1006, "gone")
                    return
            if self.closing is not None:
                code, reason = self.closing
                # The other side may be gone already; then there is nobody to tell.
                with contextlib.suppress(Exception):
                    await send({"type": "websocket.close", "code": code, "reason": reason})
                return
