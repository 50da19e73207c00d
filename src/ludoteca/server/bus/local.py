"""The bus of a room that is one process: nobody else to write to, nothing to publish.

The room does not call it on its own paths (every table is its own), so one process pays
nothing for the bus; a letter to itself is delivered on the next turn of the loop."""

from __future__ import annotations

import asyncio
from collections.abc import Callable


class LocalBus:
    shared = False

    def __init__(self, process: str = "local") -> None:
        self.process = process
        self._receive: Callable[[bytes], None] | None = None

    async def start(
        self, receive: Callable[[bytes], None], reconnected: Callable[[], None]
    ) -> None:
        self._receive = receive

    def send(self, process: str, letter: bytes) -> None:
        if process == self.process and self._receive is not None:
            asyncio.get_running_loop().call_soon(self._receive, letter)

    def broadcast(self, news: bytes) -> None:
        self.send(self.process, news)

    async def stop(self) -> None:
        self._receive = None
