"""Who is online: each person's connections, the sockets per address, and the names
held (online, just entered, or seated at a table).

What this process holds is here; who is online in the room's other processes comes from
``presence`` (a local copy: nothing here waits), and counts as online here too."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Collection, Mapping

from .. import protocol as p
from ..accounts import name_key
from ..connection import Connection
from ..shared.presence import Here, Presence
from ..table import Table, TableStatus
from .settings import Settings

#: A name entered but not yet connected stays taken this long.
ENTRY_HOLD_SECONDS = 120.0
_PLAYING = (TableStatus.OPEN, TableStatus.RUNNING)


class People:
    def __init__(self, settings: Settings, tables: Mapping[int, Table], presence: Presence) -> None:
        self.settings = settings
        self.tables = tables
        self.presence = presence
        self.connections: dict[int, set[Connection]] = {}
        self.names: dict[int, str] = {}
        self._sockets_at: Counter[str] = Counter()
        self._online_keys: dict[str, int] = {}
        self._entered: dict[str, tuple[int, float]] = {}
        #: People whose sockets another process holds, at tables this process owns: how
        #: many such sockets each (the room over several processes, relay.py).
        self.remote: Counter[int] = Counter()
        #: Who is online here or elsewhere, built when asked after a change.
        self._everywhere: Collection[int] | None = None
        #: The names online elsewhere, by name_key -> user id.
        self._keys_elsewhere: dict[str, int] = {}

    def all(self) -> list[Connection]:
        """Every socket open here."""
        return [c for connections in self.connections.values() for c in connections]

    def online_ids(self) -> Collection[int]:
        if self._everywhere is None:
            others = self.presence.others()
            here = self.connections.keys()
            self._everywhere = (
                here | others.keys() | self.remote.keys() if others or self.remote else here
            )
        return self._everywhere

    def remote_arrive(self, user: p.Person) -> bool:
        """Whether the person was not online here before."""
        first = user.id not in self.remote and user.id not in self.connections
        self.remote[user.id] += 1
        self.names.setdefault(user.id, user.name)
        self._everywhere = None
        return first

    def remote_depart(self, user_id: int) -> bool:
        """Whether that was the last remote socket of the person here."""
        self.remote[user_id] -= 1
        if self.remote[user_id] > 0:
            return False
        del self.remote[user_id]
        self._everywhere = None
        return user_id not in self.connections

    def name_of(self, user_id: int) -> str | None:
        return self.names.get(user_id) or self.presence.others().get(user_id)

    def online_names(self) -> list[str]:
        names = {user: self.names[user] for user in self.connections}
        return sorted({**self.presence.others(), **names}.values())

    def here(self) -> Here:
        """What the other processes are told this one holds."""
        return Here(
            {user: self.names[user] for user in self.connections},
            dict(self._sockets_at),
            dict(self._online_keys),
            {user: len(connections) for user, connections in self.connections.items()},
        )

    def elsewhere_changed(self, joined: Mapping[int, str], left: Mapping[int, str]) -> None:
        """The copy of who is online elsewhere was refreshed."""
        self._everywhere = None
        self._keys_elsewhere = {name_key(n): u for u, n in self.presence.others().items()}

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

    def online_elsewhere(self, name: str) -> int | None:
        """Who is online at another process under this name (their user id), if anyone."""
        return self._keys_elsewhere.get(name_key(name))

    def held(self) -> set[int]:
        """Who is online (here or elsewhere) or has just entered."""
        return {
            *self.connections,
            *self.presence.others(),
            *(user for user, _until in self._entered.values()),
        }

    def name_taken(self, name: str, by_other_than: int | None = None) -> bool:
        """Whether someone else online (or just entered, or seated) goes by this name."""
        key = name_key(name)
        held = self._entered.get(key)
        if held is not None and held[0] != by_other_than and held[1] > time.monotonic():
            return True
        for online in (self._online_keys.get(key), self._keys_elsewhere.get(key)):
            if online is not None and online != by_other_than:
                return True
        return self.name_seated(name, by_other_than)

    async def claim_name(self, name: str) -> bool:
        """Whether an entry may take this name: nobody here or elsewhere holds it, and
        it is now held in every process for the entry. Raises presence.Unavailable."""
        return not self.name_taken(name) and await self.presence.claim_name(name_key(name))

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
        mine = len(self.connections.get(user_id, ())) + self.presence.sockets_of(user_id)
        if mine >= settings.sockets_per_person:
            return (
                f"too many connections: at most {settings.sockets_per_person} for one person "
                "(sockets_per_person); close another tab, then come back"
            )
        at = self._sockets_at[address] + self.presence.sockets_elsewhere(address)
        if at >= settings.sockets_per_address:
            return (
                f"too many connections: at most {settings.sockets_per_address} from one "
                "address (sockets_per_address); try again when some have closed"
            )
        return None

    def arrive(self, connection: Connection) -> bool:
        """Whether the person has just come online: their first connection here, and
        none elsewhere."""
        user = connection.user
        first = user.id not in self.connections
        self.connections.setdefault(user.id, set()).add(connection)
        self._sockets_at[connection.address] += 1
        self.names[user.id] = user.name
        self._entered.pop(name_key(user.name), None)
        self._online_keys[name_key(user.name)] = user.id
        self._everywhere = None
        self.presence.changed()
        return first and user.id not in self.presence.others()

    def depart(self, connection: Connection) -> bool:
        """Whether the person has gone: that was their last connection here, and they
        have none elsewhere (None of theirs: False)."""
        user = connection.user
        mine = self.connections.get(user.id)
        if mine is None or connection not in mine:
            return False
        mine.discard(connection)
        self._sockets_at[connection.address] -= 1
        if not self._sockets_at[connection.address]:
            del self._sockets_at[connection.address]
        self.presence.changed()
        if mine:
            return False
        del self.connections[user.id]
        key = name_key(user.name)
        self._online_keys.pop(key, None)
        self._everywhere = None
        if user.id in self.presence.others():
            return False
        self.presence.gone(key, user.id)
        return True
