"""Who is online: each person's connections, the sockets per address, and the names
held (online, just entered, or seated at a table)."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Collection, Mapping

from .. import protocol as p
from ..accounts import name_key
from ..connection import Connection
from ..table import Table, TableStatus
from .settings import Settings

#: A name entered but not yet connected stays taken this long.
ENTRY_HOLD_SECONDS = 120.0
_PLAYING = (TableStatus.OPEN, TableStatus.RUNNING)


class People:
    def __init__(self, settings: Settings, tables: Mapping[int, Table]) -> None:
        self.settings = settings
        self.tables = tables
        self.connections: dict[int, set[Connection]] = {}
        self.names: dict[int, str] = {}
        self._sockets_at: Counter[str] = Counter()
        self._online_keys: dict[str, int] = {}
        self._entered: dict[str, tuple[int, float]] = {}

    def online_ids(self) -> Collection[int]:
        return self.connections.keys()

    def name_of(self, user_id: int) -> str | None:
        return self.names.get(user_id)

    def online_names(self) -> list[str]:
        return sorted(self.names[user] for user in self.connections)

    def online_bots(self) -> list[str]:
        """The names of the bot accounts online, for the lobby's BOT marks."""
        return sorted(
            self.names[user]
            for user, connections in self.connections.items()
            if any(connection.user.bot for connection in connections)
        )

    def online_person(self, name: str) -> p.Person | None:
        """Who is online under this name (as its name key matches), if anyone."""
        user_id = self._online_keys.get(name_key(name))
        connections = self.connections.get(user_id) if user_id is not None else None
        return next(iter(connections)).user if connections else None

    def held(self) -> set[int]:
        """Who is online or has just entered."""
        return {*self.connections, *(user for user, _until in self._entered.values())}

    def name_taken(self, name: str, by_other_than: int | None = None) -> bool:
        """Whether someone else online (or just entered, or seated) goes by this name."""
        key = name_key(name)
        held = self._entered.get(key)
        if held is not None and held[0] != by_other_than and held[1] > time.monotonic():
            return True
        online = self._online_keys.get(key)
        if online is not None and online != by_other_than:
            return True
        return self.name_seated(name, by_other_than)

    def name_seated(self, name: str, by_other_than: int | None = None) -> bool:
        """Whether someone else has a seat under this name at an open or running table:
        a guest who lost their connection keeps their name for their way back."""
        key = name_key(name)
        return any(
            chair is not None
            and chair.user_id is not None
            and chair.user_id != by_other_than
            and name_key(chair.name) == key
            for table in self.tables.values()
            if table.status in _PLAYING
            for chair in table.seats
        )

    def hold_name(self, user_id: int, name: str) -> None:
        self.names[user_id] = name
        self._entered[name_key(name)] = (user_id, time.monotonic() + ENTRY_HOLD_SECONDS)

    def socket_limit(self, user_id: int, address: str) -> str | None:
        """Why one more socket of this person, from this address, is refused (or None)."""
        settings = self.settings
        if len(self.connections.get(user_id, ())) >= settings.sockets_per_person:
            return (
                f"too many connections: at most {settings.sockets_per_person} for one person "
                "(sockets_per_person); close another tab, then come back"
            )
        if self._sockets_at[address] >= settings.sockets_per_address:
            return (
                f"too many connections: at most {settings.sockets_per_address} from one "
                "address (sockets_per_address); try again when some have closed"
            )
        return None

    def arrive(self, connection: Connection) -> bool:
        """Whether this is the person's first connection."""
        user = connection.user
        first = user.id not in self.connections
        self.connections.setdefault(user.id, set()).add(connection)
        self._sockets_at[connection.address] += 1
        self.names[user.id] = user.name
        self._entered.pop(name_key(user.name), None)
        self._online_keys[name_key(user.name)] = user.id
        return first

    def depart(self, connection: Connection) -> bool:
        """Whether that was the person's last connection (None of theirs: False)."""
        user = connection.user
        mine = self.connections.get(user.id)
        if mine is None or connection not in mine:
            return False
        mine.discard(connection)
        self._sockets_at[connection.address] -= 1
        if not self._sockets_at[connection.address]:
            del self._sockets_at[connection.address]
        if mine:
            return False
        del self.connections[user.id]
        self._online_keys.pop(name_key(user.name), None)
        return True
