"""The lobby: its chat, the snapshot a newcomer is sent, and the changes of tables and
people gathered into one message at most every ``LOBBY_FLUSH_SECONDS``, for the
connections in the lobby only."""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable, Iterable, Mapping

from .. import protocol as p
from ..connection import Connection
from ..table import Table, TableStatus

LOBBY_CHAT_KEPT = 50
#: How often the lobby's changes are gathered into one message.
LOBBY_FLUSH_SECONDS = 0.5


class Lobby:
    def __init__(
        self,
        tables: Mapping[int, Table],
        connections: Mapping[int, Iterable[Connection]],
        online_names: Callable[[], list[str]],
        online_bots: Callable[[], list[str]],
    ) -> None:
        self.tables = tables
        self.connections = connections
        self.online_names = online_names
        self.online_bots = online_bots
        self.chat: deque[p.ChatLine] = deque(maxlen=LOBBY_CHAT_KEPT)
        self._tables: dict[int, Table] = {}
        self._joined: list[str] = []
        self._left: list[str] = []
        self._timer: asyncio.TimerHandle | None = None
        self._snapshot: bytes | None = None

    def send(self, connection: Connection) -> None:
        """``connection`` is in the lobby: it gets the lobby as it is."""
        connection.in_lobby = True
        if self._snapshot is None:
            # Many people arrive at once: one snapshot serves them until the lobby changes.
            self._snapshot = p.encode(
                p.Lobby(
                    tables=[table.info() for table in self.tables.values()],
                    online=self.online_names(),
                    bots=self.online_bots(),
                    chat=list(self.chat),
                )
            )
        connection.send_bytes(self._snapshot)

    def said(self, line: p.ChatLine) -> bytes:
        """A chat line for the lobby, kept; what to send once it is stored."""
        self.chat.append(line)
        self._snapshot = None
        return p.encode(p.LobbyChat(line=line))

    def table_changed(self, table: Table) -> None:
        self._tables[table.id] = table
        self._soon()

    def people(self, joined: str | None = None, left: str | None = None) -> None:
        if joined is not None:
            self._joined.append(joined)
        if left is not None:
            self._left.append(left)
        self._soon()

    def _soon(self) -> None:
        if self._timer is None:
            loop = asyncio.get_running_loop()
            self._timer = loop.call_later(LOBBY_FLUSH_SECONDS, self._flush)

    def _flush(self) -> None:
        # A snapshot stays good until the changes after it are sent: a connection that
        # got it then gets those changes too.
        self._timer = None
        self._snapshot = None
        closed = TableStatus.CLOSED
        message = p.encode(
            p.LobbyUpdate(
                tables=[t.info() for t in self._tables.values() if t.status != closed],
                closed=[t.id for t in self._tables.values() if t.status == closed],
                joined=self._joined,
                left=self._left,
            )
        )
        self._tables, self._joined, self._left = {}, [], []
        self.send_all(message)

    def send_all(self, data: bytes) -> None:
        for connections in self.connections.values():
            for connection in connections:
                if connection.in_lobby:
                    connection.send_bytes(data)
