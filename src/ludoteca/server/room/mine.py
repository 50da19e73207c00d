"""Each person's "my tables": every open or running table where they sit, and whether it
is their move there, sent to all their connections whenever it changes for them, so that
a player hears of their turn at a table they are not watching (docs/server.md).

A table says only what its people may know anyway: its number, game, status, whether it
waits for them, and a private table's key (theirs to share).

In a room of several processes each owner tells the others what its tables are for
their people (``published``, relay.py), and each process merges what it hears
(``elsewhere``) into the lists of the people connected to it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from .. import protocol as p
from ..connection import Connection
from ..table import Table, TableStatus

SHOWN = (TableStatus.OPEN, TableStatus.RUNNING)


class MyTables:
    def __init__(self, connections: Mapping[int, Iterable[Connection]]) -> None:
        self.connections = connections
        #: user id -> table id -> what their list shows of that table.
        self.of: dict[int, dict[int, p.MyTable]] = {}
        #: table id -> the people whose lists hold it.
        self.at: dict[int, set[int]] = {}
        #: table id -> the seat to move when its people were last told.
        self.to_move: dict[int, int | None] = {}
        #: Told what a table of this process's is now for each of its people (user id ->
        #: entry; none: it left their lists), for the room's other processes.
        self.published: Callable[[int, dict[int, p.MyTable]], None] | None = None

    def message(self, user_id: int) -> p.MyTables:
        return p.MyTables(tables=sorted(self.of.get(user_id, {}).values(), key=_by_id))

    def turn_changed(self, table: Table) -> None:
        """A move was announced: only whose turn it is can have changed (seats, bots and
        status change by ``table_changed``), and most moves leave it where it was."""
        if table.id not in self.to_move or self.to_move[table.id] != table.to_move():
            self.table_changed(table)

    def table_changed(self, table: Table) -> None:
        """What ``table`` is for each of its people now; those for whom that changed are
        told (a move that leaves whose turn it is as it was tells nobody)."""
        now: dict[int, p.MyTable] = {}
        if table.status in SHOWN:
            to_move = table.to_move()
            replaced = table.time.replaced
            for seat, chair in enumerate(table.seats):
                if chair is None or chair.user_id is None:
                    continue
                # A bot plays a resigned or replaced seat: it is not this person's move.
                yours = to_move == seat and chair.bot is None and seat not in replaced
                now[chair.user_id] = p.MyTable(
                    table.id, table.game.id, table.status, yours, table.privacy.key
                )
        if now:
            self.to_move[table.id] = table.to_move()
        else:
            self.to_move.pop(table.id, None)
        if self._set(table.id, now) and self.published is not None:
            self.published(table.id, now)

    def elsewhere(self, table_id: int, now: dict[int, p.MyTable]) -> None:
        """What a table another process owns is now for each of its people."""
        self._set(table_id, now)

    def entries(self, table_id: int) -> dict[int, p.MyTable]:
        """What the table is for each of its people (user id -> entry)."""
        return {user_id: self.of[user_id][table_id] for user_id in self.at.get(table_id, ())}

    def _set(self, table_id: int, now: dict[int, p.MyTable]) -> bool:
        """The table's entries are ``now``; whether that changed them for anyone."""
        before = self.at.get(table_id, set())
        changed = [u for u in before | now.keys() if self.of.get(u, {}).get(table_id) != now.get(u)]
        for user_id in before - now.keys():
            mine = self.of.get(user_id, {})
            mine.pop(table_id, None)
            if not mine:
                self.of.pop(user_id, None)
        for user_id, entry in now.items():
            self.of.setdefault(user_id, {})[table_id] = entry
        if now:
            self.at[table_id] = set(now)
        else:
            self.at.pop(table_id, None)
        for user_id in changed:
            connections = self.connections.get(user_id, ())
            if connections:
                data = p.encode(self.message(user_id))
                for connection in connections:
                    connection.send_bytes(data)
        return bool(changed)


def _by_id(entry: p.MyTable) -> int:
    return entry.id
