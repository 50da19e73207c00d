"""The lobby: its chat, the snapshot a newcomer is sent, and the changes of tables and
people gathered into one message at most every ``LOBBY_FLUSH_SECONDS``, for the
connections in the lobby only."""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable, Collection, Iterable, Mapping

from .. import protocol as p
from ..bus import Remote
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
        hides: Callable[[int], Collection[int]],
        finish: Callable[[Collection[str] | None], dict[str, int]],
    ) -> None:
        self.tables = tables
        self.connections = connections
        self.online_names = online_names
        self.online_bots = online_bots
        self.hides = hides
        #: The finish rates of those online (all, or those named), by name.
        self.finish = finish
        #: The recent lines, each with its speaker (None: the room).
        self.chat: deque[tuple[p.ChatLine, int | None]] = deque(maxlen=LOBBY_CHAT_KEPT)
        self._tables: dict[int, Table] = {}
        #: Tables the lobby has shown: one made private since is sent as closed.
        self._listed: set[int] = set()
        self._joined: list[str] = []
        self._left: list[str] = []
        self._bots: list[str] = []
        self._timer: asyncio.TimerHandle | None = None
        self._snapshot: bytes | None = None
        #: Tables other processes own (relay.py), and their changes to send with ours.
        self.others: Mapping[int, p.TableInfo] = {}
        self._news: dict[int, p.TableInfo | None] = {}
        #: Called with what changed of this process's tables, as it is sent.
        self.on_flush: Callable[[list[p.TableInfo], list[int]], None] | None = None

    def send(self, connection: Connection | Remote) -> None:
        """``connection`` is in the lobby: it gets the lobby as it is."""
        connection.in_lobby = True
        me = connection.user.id
        if any(by is not None and me in self.hides(by) for _line, by in self.chat):
            # Someone here blocks or mutes a speaker: a lobby of their own, without them.
            connection.send(self._lobby(me))
            return
        if self._snapshot is None:
            # Many people arrive at once: one snapshot serves them until the lobby changes.
            self._snapshot = p.encode(self._lobby(None))
        connection.send_bytes(self._snapshot)

    def _lobby(self, user_id: int | None) -> p.Lobby:
        hides = self.hides
        listed = [t for t in self.tables.values() if not t.privacy.private]
        self._listed.update(t.id for t in listed)
        return p.Lobby(
            tables=[t.info() for t in listed] + list(self.others.values()),
            online=self.online_names(),
            bots=self.online_bots(),
            finish=self.finish(None),
            chat=[
                line
                for line, by in self.chat
                if by is None or user_id is None or user_id not in hides(by)
            ],
        )

    def said(self, line: p.ChatLine, by: int | None) -> bytes:
        """A chat line for the lobby, kept; what to send once it is stored."""
        self.chat.append((line, by))
        self._snapshot = None
        return p.encode(p.LobbyChat(line=line))

    def table_changed(self, table: Table) -> None:
        # A private table is shown to its people only, in their "my tables" (room.mine):
        # the lobby hears of it only if it was public before.
        if table.privacy.private and table.id not in self._listed:
            return
        self._tables[table.id] = table
        self._soon()

    def news(self, info: p.TableInfo | None, closed: int | None = None) -> None:
        """Another process's table changed (``info``) or closed."""
        if info is not None:
            self._news[info.id] = info
        elif closed is not None:
            self._news[closed] = None
        self._soon()

    def people(self, joined: str | None = None, left: str | None = None, bot: bool = False) -> None:
        if joined is not None:
            self._joined.append(joined)
            if bot:
                self._bots.append(joined)
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
        shown = [t for t in self._tables.values() if t.status != closed and not t.privacy.private]
        gone = [t.id for t in self._tables.values() if t not in shown]
        self._listed.update(t.id for t in shown)
        self._listed.difference_update(gone)
        tables = [t.info() for t in shown]
        if self.on_flush is not None and (tables or gone):
            # Other processes' lobbies hear of this process's tables: the private ones
            # only as closed, as here.
            self.on_flush(tables, gone)
        message = p.encode(
            p.LobbyUpdate(
                tables=tables + [t for t in self._news.values() if t is not None],
                closed=gone + [t for t, info in self._news.items() if info is None],
                joined=self._joined,
                left=self._left,
                finish=self.finish(self._joined) if self._joined else {},
                bots=self._bots,
            )
        )
        self._tables, self._news, self._joined, self._left, self._bots = {}, {}, [], [], []
        self.send_all(message)

    def send_all(self, data: bytes, hidden: Collection[int] = ()) -> None:
        """To every connection in the lobby but those of the people in ``hidden``."""
        for user_id, connections in self.connections.items():
            if user_id in hidden:
                continue
            for connection in connections:
                if connection.in_lobby:
                    connection.send_bytes(data)
