"""Leases: which process owns which live table, fenced by an epoch (docs/ownership.md).

A process writes for a table only while it holds the table's lease: ``owner`` is its
process id and ``epoch`` is the one it got when it claimed the table. ``expires_at``
(by the database's clock) says when another process may claim it. Every claim adds one
to the epoch, so a process that was paused past its lease and finds its epoch gone
knows another took the table over, and the commit that checks it (``fence``) writes
nothing. PostgreSQL only: a
SQLite database is one process's room, which owns every table without a lease.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from .schema import table_leases, tables

#: Tables whose lease may be claimed: those a restart would bring back.
LIVE = ("open", "running", "finished")

leases = table_leases.c


class LeaseLost(Exception):
    """A batch wrote for tables this process no longer holds: nothing of it was stored."""

    def __init__(self, table_ids: Iterable[int]) -> None:
        self.table_ids = frozenset(table_ids)
        shown = ", ".join(str(t) for t in sorted(self.table_ids))
        super().__init__(f"the leases of tables {shown} are no longer this process's")


class Leases:
    """This process's leases: what it holds (table id -> epoch) and the SQL that claims,
    renews, checks and gives them up."""

    def __init__(self, engine: AsyncEngine, owner: str, seconds: float) -> None:
        self.engine = engine
        self.owner = owner
        self.seconds = seconds
        #: table id -> the epoch this process claimed it with.
        self.held: dict[int, int] = {}
        #: Tables made here whose lease row the next commit writing for them inserts.
        self.fresh: set[int] = set()
        #: Renewals that ran, for /api/status.
        self.renewals = 0
        self._until = sa.func.now() + sa.literal_column(f"interval '{float(seconds)} seconds'")
        # Claimed if nobody holds the table, its lease expired, or it is ours already:
        # one statement, so two processes claiming at once cannot both win. A claim that
        # meets a commit's FOR SHARE lock waits for that commit, then decides on the row
        # as the commit left it (PostgreSQL re-checks the WHERE on the newest version).
        insert = postgresql.insert(table_leases)
        self._claim = (
            insert.values(table_id=sa.bindparam("t"), owner=owner, epoch=1, expires_at=self._until)
            .on_conflict_do_update(
                index_elements=[leases.table_id],
                set_={
                    "owner": insert.excluded.owner,
                    "epoch": leases.epoch + 1,
                    "expires_at": insert.excluded.expires_at,
                },
                where=(leases.expires_at <= sa.func.now()) | (leases.owner == owner),
            )
            .returning(leases.epoch)
        )

        # The fence runs in every commit: its SQL is written once and goes to the driver
        # as it is (built and compiled each time, it doubled a commit's CPU).
        fence = (
            sa.select(leases.table_id, leases.epoch)
            .where(
                leases.table_id == sa.any_(sa.bindparam("ids", type_=postgresql.ARRAY(sa.Integer))),
                leases.owner == sa.bindparam("owner"),
            )
            .order_by(leases.table_id)  # rows locked in one order: no deadlock with renew
            .with_for_update(read=True)
            .compile(dialect=engine.dialect)
        )
        self._fence = str(fence)

    async def claim(self, table_id: int) -> bool:
        """Take the table's lease if it is free, expired or ours, with the next epoch."""
        return bool(await self.claim_all([table_id]))

    async def claim_all(self, table_ids: Collection[int]) -> list[int]:
        """``claim`` for many tables in one transaction (a takeover of a stopping
        process's tables: a commit each made every table wait for the ones before it);
        those taken are returned. Each lease is decided by the same conditional claim,
        in id order, the order commits and renewals lock them in: no deadlock."""
        epochs: dict[int, int] = {}
        async with self.engine.begin() as connection:
            for table_id in sorted(table_ids):
                epoch = await connection.scalar(self._claim, {"t": table_id})
                if epoch is not None:
                    epochs[table_id] = int(epoch)
        # Held only once committed: a fence checks the epochs the database has.
        self.held.update(epochs)
        return list(epochs)

    def new(self, table_id: int) -> None:
        """A table made here (its id from the sequence, so nobody else knows it): its
        lease, epoch 1, is written by the commit that first writes the table, in the same
        transaction, so no other process ever sees the table without its lease."""
        self.held[table_id] = 1
        self.fresh.add(table_id)

    async def fence(self, connection: AsyncConnection, table_ids: Collection[int]) -> set[int]:
        """Inside a commit's transaction, before it writes: raise ``LeaseLost`` unless
        every table in ``table_ids`` is still leased to this process, with the epoch it
        holds. The lease rows stay share-locked until the transaction ends, so no claim
        can commit between this check and the writes. Returns the new tables whose
        leases it inserted (see ``new``).

        A lease that ran out while nobody claimed the table passes, as the renewal
        renews it: its epoch says nobody else has written since. Refused, a process
        slow to renew after a pause dropped its own table, told its players it was
        played elsewhere, and claimed it back (docs/ownership.md)."""
        fresh = self.fresh.intersection(table_ids)
        if fresh:
            await connection.execute(
                table_leases.insert().values(
                    table_id=sa.bindparam("t"), owner=self.owner, epoch=1, expires_at=self._until
                ),
                [{"t": t} for t in sorted(fresh)],
            )
        found = await connection.exec_driver_sql(self._fence, (list(table_ids), self.owner))
        standing = {int(row.table_id): int(row.epoch) for row in found}
        # A table not held at all (dropped meanwhile) is lost too: None is no epoch.
        lost = [t for t in table_ids if t not in self.held or standing.get(t) != self.held[t]]
        if lost:
            raise LeaseLost(lost)
        return fresh

    async def renew(self) -> frozenset[int]:
        """Push the expiry of every lease held on by a lease's length, in one statement;
        the tables whose lease another process has claimed meanwhile are returned (and
        no longer held). A lease that expired but nobody claimed is renewed: its epoch is
        unchanged, so nobody else has written for the table."""
        # A new table's lease row comes with its first commit: until then there is none
        # to renew, and its absence is no loss. Only tables whose row was written before
        # this renewal began are judged by it.
        judged = set(self.held) - self.fresh
        if not judged:
            return frozenset()
        mine = (
            sa.select(leases.table_id)
            .where(leases.table_id.in_(sorted(judged)), leases.owner == self.owner)
            .order_by(leases.table_id)
            .with_for_update()
            .scalar_subquery()
        )
        async with self.engine.begin() as connection:
            found = await connection.execute(
                table_leases.update()
                .where(leases.table_id.in_(mine))
                .values(expires_at=self._until)
                .returning(leases.table_id, leases.epoch)
            )
            standing = {row.table_id: row.epoch for row in found}
        self.renewals += 1
        lost = frozenset(t for t in judged if t in self.held and standing.get(t) != self.held[t])
        for table_id in lost:
            del self.held[table_id]
        return lost

    async def release(self, table_ids: Collection[int] | None = None) -> None:
        """Give leases up at once (all of them when this process stops), so that another
        process, or this one restarted, claims those tables without waiting out the
        lease. Only what is still ours at the epoch held is given up."""
        given = list(self.held if table_ids is None else table_ids)
        epochs = {t: self.held.pop(t) for t in given if t in self.held}
        if not epochs:
            return
        async with self.engine.begin() as connection:
            await connection.execute(
                table_leases.delete().where(
                    leases.table_id == sa.bindparam("t"),
                    leases.owner == self.owner,
                    leases.epoch == sa.bindparam("e"),
                ),
                [{"t": t, "e": e} for t, e in epochs.items()],
            )

    async def owner_of(self, table_id: int) -> str | None:
        """The process whose lease on the table stands, or None."""
        async with self.engine.connect() as connection:
            owner = await connection.scalar(
                sa.select(leases.owner).where(
                    leases.table_id == table_id, leases.expires_at > sa.func.now()
                )
            )
        return None if owner is None else str(owner)

    async def orphans(self, most: int) -> list[int]:
        """Live tables nobody holds (their owner died or gave them up), oldest first."""
        async with self.engine.connect() as connection:
            found = await connection.scalars(
                sa.select(tables.c.id)
                .select_from(tables.outerjoin(table_leases, leases.table_id == tables.c.id))
                .where(
                    tables.c.status.in_(LIVE),
                    leases.table_id.is_(None) | (leases.expires_at <= sa.func.now()),
                )
                .order_by(tables.c.id)
                .limit(most)
            )
            return list(found)

    async def orphaned(self, table_id: int) -> bool:
        """Whether the table is live and nobody holds it (its owner stopped or died)."""
        async with self.engine.connect() as connection:
            found = await connection.scalar(
                sa.select(tables.c.id)
                .select_from(tables.outerjoin(table_leases, leases.table_id == tables.c.id))
                .where(
                    tables.c.id == table_id,
                    tables.c.status.in_(LIVE),
                    leases.table_id.is_(None) | (leases.expires_at <= sa.func.now()),
                )
            )
        return found is not None

    async def elsewhere(self) -> dict[int, str]:
        """Live tables leased to other processes: table id -> owner."""
        async with self.engine.connect() as connection:
            found = await connection.execute(
                sa.select(leases.table_id, leases.owner)
                .join(tables, tables.c.id == leases.table_id)
                .where(
                    tables.c.status.in_(LIVE),
                    leases.owner != self.owner,
                    leases.expires_at > sa.func.now(),
                )
            )
            return {row.table_id: row.owner for row in found}
