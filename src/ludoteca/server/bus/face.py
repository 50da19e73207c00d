"""The bus as the room sees it: letters to one process, news to all, and who owns a table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol


class Bus(Protocol):
    #: This process's id: its channel's name on the bus.
    process: str
    #: Whether other processes may be on the bus (False: the room is one process).
    shared: bool

    async def start(
        self, receive: Callable[[bytes], None], reconnected: Callable[[], None]
    ) -> None:
        """Letters and news for this process go to ``receive``; ``reconnected`` is called
        when the bus was away (letters may have been lost meanwhile)."""

    def send(self, process: str, letter: bytes) -> None:
        """A letter to one process, in order after those sent before it; it may be lost."""

    def broadcast(self, news: bytes) -> None:
        """News for every process (this one too); it may be lost."""

    async def stop(self) -> None: ...


class Owners(Protocol):
    """Who owns a table: the process whose room holds it and alone writes it (a table
    this process owns is one its room holds: a lost one leaves it at once)."""

    async def owner_of(self, table_id: int) -> str | None: ...

    async def orphaned(self, table_id: int) -> bool:
        """Whether the table is live and held by nobody (a claim is coming)."""
