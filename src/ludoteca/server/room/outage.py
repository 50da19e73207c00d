"""The database away: what the room does while it cannot store (docs/deploy.md).

A batch the database refused, or never answered, may not be stored — or, if the
connection was cut during its COMMIT, may be stored after all: nobody can say. The
tables that wrote it are ahead of the database in memory, so they are **held**: no
move, no timer, no bot, and no sync of what memory has (their writes are never
announced, so a sync waits). Meanwhile every change in the room is refused with
``unavailable`` (try again), and the database is asked every ``RETRY_SECONDS`` whether
it answers. When it does, each held table is read back from what is stored, as a
takeover reads it (with leases, after claiming it again: a table another process took
meanwhile is dropped here, as a lost lease is), and whoever followed it is sent it as
stored. So nothing unstored is ever announced: a move the database has is kept, and one
it lacks was never acknowledged.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING

from .. import protocol as p

if TYPE_CHECKING:
    from ..table import Table
    from .room import Room

log = logging.getLogger("ludoteca.server")

#: How often the database is asked whether it answers again.
RETRY_SECONDS = 0.5
#: What a client is told to wait before it tries again.
RETRY_AFTER = 1

UNAVAILABLE = (
    "the room cannot store changes right now (its database is away): try again in a moment"
)


class Outage:
    def __init__(self, room: Room) -> None:
        self.room = room
        #: Tables ahead of the database, waiting to be read back: id -> the table held.
        self.held: dict[int, Table] = {}
        self._task: asyncio.Task[None] | None = None

    @property
    def active(self) -> bool:
        """Whether the database is taken to be away: changes are refused meanwhile."""
        return self._task is not None

    def refusal(self, table_id: int | None) -> p.Error:
        return p.Error(
            "unavailable",
            UNAVAILABLE,
            table=table_id,
            params={"retry_after": RETRY_AFTER},
        )

    def begin(self, table_ids: Iterable[int]) -> None:
        """A commit failed: its tables are held, and the room waits for the database."""
        for table_id in table_ids:
            table = self.room.tables.get(table_id)
            if table is None or table_id in self.held:
                continue
            table.seating.refuse_changes()
            self.held[table_id] = table
            # Whoever moved there hears at once that it did not count.
            error = p.encode(self.refusal(table_id))
            for watcher in list(table.audience.watchers):
                watcher.send_bytes(error)
        if self._task is None:
            log.warning("the database is away: changes are refused until it answers")
            self._task = asyncio.get_running_loop().create_task(self._recover(), name="outage")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _recover(self) -> None:
        while True:
            await asyncio.sleep(RETRY_SECONDS)
            try:
                await self.room.store.ping()
                while self.held:
                    table_id, table = next(iter(self.held.items()))
                    await self._read_back(table_id, table)
                    self.held.pop(table_id, None)
            except Exception:
                continue  # still away: said once, when it went
            break
        self._task = None
        log.warning("the database answers again: changes are taken")

    async def _read_back(self, table_id: int, held: Table) -> None:
        room = self.room
        if room.tables.get(table_id) is not held:
            return  # dropped meanwhile: another process took it over
        leases = room.store.leases
        if leases is not None and not await leases.claim(table_id):
            room.ownership.drop([table_id])
            return
        found = await room.store.live_tables([table_id])
        if room.tables.get(table_id) is not held:
            return
        del room.tables[table_id]
        held.seating.hand_over()
        if found:
            await room.bring_back(found[0])
        table = room.tables.get(table_id)
        watchers = list(held.audience.watchers)
        if table is None:
            # Stored as finished (it closes, as on a restart), or not live at all.
            for watcher in watchers:
                held.audience.remove(watcher)
            room.lobby.table_changed(held)
            room.ownership.table_left(table_id)
            return
        for watcher in watchers:
            table.audience.add(watcher)
            table.audience.sync(watcher)
        table.audience.presence()
        room.lobby.table_changed(table)
        log.info("table %d read back from the database (version %d)", table_id, table.version)
