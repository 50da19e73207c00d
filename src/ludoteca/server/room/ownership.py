"""Which tables this process plays, when the room runs on several (docs/ownership.md).

On PostgreSQL every live table has one owner, holding a lease with an epoch. Here, on
a timer: the leases held are renewed in one statement, a table whose lease another
process took is dropped from memory at once, tables whose owner died (their lease ran
out) are claimed and brought back as a restart would, and the tables other processes
own are noted, so that a command for one of them is refused with ``elsewhere`` rather
than ``no_table``. Without leases (SQLite) this process owns every table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING

from .. import protocol as p
from ..storage.leases import Leases
from ..storage.rows import LiveTable
from ..table import TableStatus

if TYPE_CHECKING:
    from .room import Room

log = logging.getLogger("ludoteca.server")


class Ownership:
    def __init__(self, room: Room, leases: Leases | None) -> None:
        self.room = room
        self.leases = leases
        self.process_id = room.settings.process_id
        #: Live tables other processes own, as last seen: table id -> owner.
        self.elsewhere: dict[int, str] = {}
        #: Tables taken over by another process while this one held them.
        self.lost = 0
        self._task: asyncio.Task[None] | None = None
        #: One claim of orphans at a time: two would each bring a table back.
        self._claiming = asyncio.Lock()
        self._nudged: asyncio.Task[None] | None = None

    async def open(self) -> None:
        """Bring back the live tables this process can have: all of them without leases;
        with leases, those nobody else holds (a live other process keeps its own)."""
        room = self.room
        if self.leases is None:
            for live in await room.store.live_tables():
                await room.bring_back(live)
            return
        async with self._claiming:
            await self._claim_orphans(self.leases, None, taken_over=False)
        self.elsewhere = await self.leases.elsewhere()
        self._task = asyncio.get_running_loop().create_task(self._keep(), name="ownership")

    async def close(self) -> None:
        """Stop, and give up every lease so that another process takes the tables at once
        (the journal has stored everything by then)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self.leases is not None:
            await self.leases.release()

    def new_table(self, table_id: int) -> None:
        if self.leases is not None:
            self.leases.new(table_id)

    def table_left(self, table_id: int) -> None:
        """The table left this process (closed or finished): its lease is given up once
        what it wrote last is stored, which the journal's order guarantees."""
        if self.leases is not None:
            leases = self.leases
            loop = asyncio.get_running_loop()
            self.room.journal.write(
                [], lambda: _logged(loop.create_task(leases.release([table_id])))
            )

    async def owner_of(self, table_id: int) -> str | None:
        """The process that plays the table, or None if nobody does."""
        if table_id in self.room.tables:
            return self.process_id
        if self.leases is None:
            return None
        return await self.leases.owner_of(table_id)

    async def orphaned(self, table_id: int) -> bool:
        """Whether the table is live and held by nobody: if so, it is claimed now."""
        if self.leases is None or not await self.leases.orphaned(table_id):
            return False
        self.claim_now()
        return True

    async def _keep(self) -> None:
        seconds = self.room.settings.renew_seconds
        failing = False
        while True:
            await asyncio.sleep(seconds)
            try:
                await self.tick()
            except Exception as error:
                # Once with its traceback; while the database stays away, a line a try
                # (a traceback each time filled the log with the same one).
                if failing:
                    log.warning("keeping the leases failed again: %r", error)
                else:
                    log.exception("keeping the leases failed; it runs again in %s s", seconds)
                failing = True
            else:
                failing = False

    async def tick(self) -> None:
        """Renew what is held, drop what was lost, claim some orphans, see who has the rest."""
        if self.leases is None:
            return
        self.drop(await self.leases.renew())
        await self.claim_orphans(self.room.settings.claims_per_tick)
        self.elsewhere = await self.leases.elsewhere()

    def claim_now(self) -> None:
        """Tables were given up (their process stops) or are asked for and held by
        nobody: claim every orphan now rather than ``claims_per_tick`` at each renewal,
        a third of a lease apart, so that their players wait a moment."""
        if self.leases is None or self._nudged is not None:
            return
        task = asyncio.get_running_loop().create_task(self.claim_orphans(None))
        self._nudged = task
        task.add_done_callback(self._claimed)

    def _claimed(self, task: asyncio.Task[None]) -> None:
        self._nudged = None
        if not task.cancelled() and task.exception() is not None:
            log.warning("claiming tables given up failed: the next renewal tries again")

    async def claim_orphans(self, most: int | None) -> None:
        """Claim live tables whose lease ran out (or that have none) and bring each back
        from the stored log, as a restart does. The conditional claim decides: of two
        processes trying at once, one wins, and the other skips the table."""
        if self.leases is None:
            return
        async with self._claiming:
            await self._claim_orphans(self.leases, most)

    async def _claim_orphans(
        self, leases: Leases, most: int | None, taken_over: bool = True
    ) -> None:
        room = self.room
        orphans = [t for t in await leases.orphans(most or 1_000_000) if t not in room.tables]
        if not orphans:
            return
        claimed = await leases.claim_all(orphans)
        # Read after the claims committed: every write of the former owners is in it.
        # All in one read, then each brought back: a table's own read and replay did
        # not wait for the claims of the tables before it.
        left = list(claimed)
        try:
            found = {live.row.id: live for live in await room.store.live_tables(claimed)}
            while left:
                await self._brought_back(leases, left[0], found.get(left[0]), taken_over)
                left.pop(0)
        except BaseException:
            # Claimed but not brought back: given up again, or they would be held (and
            # renewed) by a process that does not play them.
            await leases.release(left)
            raise

    async def _brought_back(
        self, leases: Leases, table_id: int, found: LiveTable | None, taken_over: bool
    ) -> None:
        room = self.room
        if found is not None:
            await room.bring_back(found, taken_over)
        if table_id in room.tables:
            log.info("took over table %d (epoch %d)", table_id, leases.held[table_id])
            self.elsewhere.pop(table_id, None)
            table = room.tables[table_id]
            room.lobby.table_changed(table)
            if table.status == TableStatus.OPEN:
                # As after a restart: its people have a while to come back to it here.
                room.close_if_abandoned_soon([table_id])
        else:
            self.table_left(table_id)

    def drop(self, table_ids: Iterable[int]) -> None:
        """Another process owns these tables now: they leave this one at once, and
        whoever watched one here is told that it is played elsewhere."""
        room = self.room
        for table_id in table_ids:
            if self.leases is not None:
                self.leases.held.pop(table_id, None)
            self.elsewhere.setdefault(table_id, "")
            table = room.tables.pop(table_id, None)
            if table is None:
                continue
            self.lost += 1
            log.warning("table %d is owned by another process now: dropped here", table_id)
            table.seating.hand_over()
            if room.relay is not None:
                # Its watchers follow it to its new owner, here and on other processes.
                room.relay.moved(table)
            error = p.Error(
                code="elsewhere",
                text=elsewhere_text(table_id),
                table=table_id,
                params={"table": table_id},
            )
            for connections in room.people.connections.values():
                for connection in connections:
                    if table_id in connection.tables:
                        connection.tables.discard(table_id)
                        connection.send(error)
            room.lobby.table_changed(table)


def elsewhere_text(table_id: int) -> str:
    return f"table {table_id} is played on another process of the room: reconnect to resync with it"


def _logged(task: asyncio.Task[None]) -> None:
    task.add_done_callback(_log_failure)


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("giving up a lease failed: it runs out by itself", exc_info=task.exception())
