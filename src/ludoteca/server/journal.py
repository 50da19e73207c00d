"""The journal: the one writer of the room. Stored first, announced after.

Everything that changes the room is handed to the journal as rows to write and a
callback that announces it. The journal writes whatever has gathered in one
transaction and only then runs the callbacks, in the order they came: nobody hears of a
move before it is on disk, and moves that arrive together share one commit.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence

from .storage.leases import LeaseLost
from .storage.rows import Write, table_of
from .storage.store import Store

log = logging.getLogger("ludoteca.server")

Announce = Callable[[], None]
#: How often the store may tidy what the commits wrote (see Store.checkpoint).
CHECKPOINT_SECONDS = 1.0


class Journal:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._pending: list[tuple[Sequence[Write], Announce | None]] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._checkpoints: asyncio.Task[None] | None = None
        self._idle = asyncio.Event()
        self._idle.set()
        self.commits = 0
        self.rows = 0
        #: Called with the tables whose writes could not be stored (the database is
        #: away, or refused them): they are ahead of it in memory.
        self.on_failure: Callable[[frozenset[int], BaseException], None] | None = None
        #: Called with the tables another process took over, found by a commit's fence.
        self.on_lease_lost: Callable[[frozenset[int]], None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="journal")
        self._checkpoints = asyncio.create_task(self._checkpoint(), name="checkpoints")

    async def stop(self) -> None:
        """Write what is pending, then stop."""
        await self.flushed()
        for task in (self._task, self._checkpoints):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self._task = self._checkpoints = None

    async def _checkpoint(self) -> None:
        """Now and then, beside the commits, the store tidies what they wrote (SQLite's
        WAL into the database) so that no commit has to."""
        done = self.commits
        while True:
            await asyncio.sleep(CHECKPOINT_SECONDS)
            if self.commits == done:
                continue
            done = self.commits
            try:
                await self.store.checkpoint()
            except Exception:
                log.exception("a checkpoint failed; the next one tries again")

    def write(self, rows: Sequence[Write], announce: Announce | None = None) -> None:
        self._pending.append((rows, announce))
        self._idle.clear()
        self._wake.set()

    async def flushed(self) -> None:
        """Wait until everything handed in so far is stored and announced."""
        await self._idle.wait()

    async def _run(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            batch, self._pending = self._pending, []
            batch = await self._store(batch)
            for _, announce in batch:
                if announce is not None:
                    try:
                        announce()
                    except Exception:
                        log.exception("announcing a stored event failed")
            if not self._pending:
                self._idle.set()

    async def _store(
        self, batch: list[tuple[Sequence[Write], Announce | None]]
    ) -> list[tuple[Sequence[Write], Announce | None]]:
        """Store a batch; what was stored is returned, to be announced. The writes for
        tables another process took over are left out, unannounced, and the rest is
        committed again: one lost table does not hold up the others."""
        while True:
            rows = [row for writes, _ in batch for row in writes]
            if not rows:
                return batch
            try:
                await self.store.commit(rows)
            except LeaseLost as lost:
                log.warning("%s: their writes are not stored", lost)
                if self.on_lease_lost is not None:
                    self.on_lease_lost(lost.table_ids)
                batch = [
                    entry
                    for entry in batch
                    if not any(table_of(row) in lost.table_ids for row in entry[0])
                ]
            except Exception as error:
                log.exception("a batch of %d rows could not be stored", len(rows))
                failed = frozenset(t for t in map(table_of, rows) if t is not None)
                # What those tables wrote since follows on from what is not stored: it
                # must not be stored either (a move n+1 without its move n).
                self._pending = [
                    entry
                    for entry in self._pending
                    if not any(table_of(row) in failed for row in entry[0])
                ]
                if self.on_failure is not None:
                    self.on_failure(failed, error)
                return []
            else:
                self.commits += 1
                self.rows += len(rows)
                return batch
