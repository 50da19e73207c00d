"""One fenced owner per table: two stores (two process ids) on one real PostgreSQL."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator

import pytest
import sqlalchemy as sa

from ludoteca.server.journal import Journal
from ludoteca.server.room.ids import BLOCK, Ids
from ludoteca.server.storage import Store
from ludoteca.server.storage.leases import LeaseLost
from ludoteca.server.storage.rows import MatchRow, MoveRow, TableRow
from ludoteca.server.storage.schema import moves, table_leases
from ludoteca.server.storage.store import STALL_FLOOR
from ludoteca.server.table import Refusal


@contextlib.asynccontextmanager
async def two_stores(url: str, lease_a: float = 10) -> AsyncIterator[tuple[Store, Store]]:
    """Two processes' stores, A and B, on one database."""
    a, b = Store(url, "A", lease_seconds=lease_a), Store(url, "B", lease_seconds=10)
    await a.migrate()
    try:
        yield a, b
    finally:
        await a.close()
        await b.close()


def table(table_id: int) -> TableRow:
    return TableRow(table_id, "keltis", {}, [None, None], None, "running", 1, 1, 0.0)


def move(n: int, by: int = 0, table_id: int = 1) -> MoveRow:
    return MoveRow(table_id, table_id, n, by, f"m{n}", 0.0, n + 2)


async def expire(store: Store, table_id: int) -> None:
    """The lease runs out now, by the database's clock (as if its owner had died)."""
    async with store.engine.begin() as connection:
        await connection.execute(
            table_leases.update()
            .where(table_leases.c.table_id == table_id)
            .values(expires_at=sa.func.now() - sa.text("interval '1 second'"))
        )


async def stored_log(store: Store) -> list[tuple[int, int]]:
    async with store.engine.connect() as connection:
        found = await connection.execute(
            sa.select(moves.c.match_id, moves.c.n, moves.c.by).order_by(moves.c.match_id, moves.c.n)
        )
        return [(row.n, row.by) for row in found if row.match_id == 1]


def test_a_table_taken_over_refuses_its_former_owners_writes(postgres_url):
    asyncio.run(_taken_over(postgres_url))


async def _taken_over(url: str) -> None:
    async with two_stores(url) as (a, b):
        assert a.leases is not None
        assert b.leases is not None
        a.leases.new(1)
        await a.commit([table(1), MatchRow(1, 1, "keltis", 2, {}, [{}, {}], 0.0), move(0)])
        assert a.leases.held == {1: 1}
        a.leases.new(2)  # a table opened, not yet stored: its lease row is not lost
        assert await a.leases.renew() == set()
        assert a.leases.held == {1: 1, 2: 1}
        assert await b.leases.claim(1) is False  # A's lease stands
        assert await b.leases.owner_of(1) == "A"

        await expire(a, 1)
        # Expired by the database's clock, but nobody claimed it: still A's to write
        # (its epoch stands), and now anyone may claim it.
        await a.commit([move(1)])
        assert await a.leases.owner_of(1) is None
        assert await b.leases.claim(1) is True
        assert b.leases.held == {1: 2}  # the next epoch: the fencing token
        assert await a.leases.owner_of(1) == "B"

        # A, as if waking from a pause, writes for the table: refused, nothing stored.
        with pytest.raises(LeaseLost) as lost:
            await a.commit([move(2), table(1)])
        assert lost.value.table_ids == {1}
        assert await a.leases.renew() == {1}  # and its renewal finds the table gone
        assert a.leases.held == {2: 1}
        await b.commit([move(2, by=1), move(3, by=1)])
        assert await b.leases.renew() == set()
        assert await stored_log(a) == [(0, 0), (1, 0), (2, 1), (3, 1)]


async def table_one_of_a(a: Store, b: Store) -> None:
    """Table 1 opened and stored by A, which holds its lease (epoch 1)."""
    assert a.leases is not None
    assert b.leases is not None
    a.leases.new(1)
    await a.commit([table(1)])


def test_a_claim_waits_for_a_commit_that_checked_the_lease(postgres_url):
    """The lease row is share-locked from the fence to the commit: a claim in between
    waits, then finds the lease as the commit left it."""
    asyncio.run(_claim_waits(postgres_url))


async def _claim_waits(url: str) -> None:
    async with two_stores(url, lease_a=2) as (a, b):
        await table_one_of_a(a, b)
        async with a.engine.begin() as connection:
            await a.leases.fence(connection, {1})
            await asyncio.sleep(2.2)  # A's lease runs out while its commit is under way
            claim = asyncio.create_task(b.leases.claim(1))
            await asyncio.sleep(0.5)
            assert not claim.done()  # the claim waits for A's commit
            await connection.execute(
                moves.insert().values(match_id=1, n=0, by=0, text="m0", at=0.0, v=1)
            )
        assert await claim is True  # then takes the lease, after A's write
        assert b.leases.held == {1: 2}
        assert await stored_log(a) == [(0, 0)]
        with pytest.raises(LeaseLost):
            await a.commit([move(1)])


def test_a_process_frozen_inside_a_commit_holds_a_claim_up_only_for_a_while(postgres_url):
    """A commit that checked the lease and then stopped (its process frozen) would keep
    the claim of another process waiting for as long as it stays frozen: PostgreSQL ends
    its session after ``STALL_FLOOR`` seconds idle, the claim goes through, and the frozen
    commit stores nothing."""
    asyncio.run(_frozen_in_a_commit(postgres_url))


async def _frozen_in_a_commit(url: str) -> None:
    async with two_stores(url, lease_a=2) as (a, b):
        await table_one_of_a(a, b)
        async with a.engine.connect() as connection:
            await connection.begin()
            await a.leases.fence(connection, {1})
            started = time.monotonic()
            claimed = await asyncio.wait_for(
                _claim_once_expired(b, 1), timeout=STALL_FLOOR + 10
            )  # A sends nothing meanwhile: it is frozen
            assert claimed is True
            # Not before A's lease ran out and its session sat idle for the floor.
            assert time.monotonic() - started >= STALL_FLOOR - 0.5
            with pytest.raises(sa.exc.DBAPIError):
                await connection.execute(
                    moves.insert().values(match_id=1, n=0, by=0, text="m0", at=0.0, v=1)
                )
        assert b.leases.held == {1: 2}
        assert await stored_log(b) == []


async def _claim_once_expired(store: Store, table_id: int) -> bool:
    """Claim the table as soon as its lease has run out (a claim of a lease standing
    fails at once: tried again every tenth of a second)."""
    assert store.leases is not None
    while not await store.leases.orphaned(table_id):
        await asyncio.sleep(0.1)
    return await store.leases.claim(table_id)


def test_a_lease_run_out_but_unclaimed_keeps_its_table_in_the_journal(postgres_url):
    """A process slow to renew (a pause, a loaded machine) stores and announces what its
    tables wrote meanwhile, if nobody claimed them: its epoch stands. (Refused, it
    dropped its own table, told its players it was played elsewhere, and claimed it
    back.)"""
    asyncio.run(_slow_to_renew(postgres_url))


async def _slow_to_renew(url: str) -> None:
    async with two_stores(url) as (a, _):
        assert a.leases is not None
        a.leases.new(1)
        await a.commit([table(1), MatchRow(1, 1, "keltis", 2, {}, [{}, {}], 0.0)])
        await expire(a, 1)
        journal = Journal(a)
        lost: list[frozenset[int]] = []
        announced: list[int] = []
        journal.on_lease_lost = lost.append
        journal.start()
        journal.write([move(0)], lambda: announced.append(0))
        await journal.stop()
        assert (lost, announced) == ([], [0])
        assert await stored_log(a) == [(0, 0)]
        assert await a.leases.renew() == set()  # and renewed, at the epoch it holds
        assert a.leases.held == {1: 1}
        assert await a.leases.owner_of(1) == "A"


def test_two_processes_claiming_one_orphan_one_wins(postgres_url):
    asyncio.run(_one_wins(postgres_url))


async def _one_wins(url: str) -> None:
    async with two_stores(url) as (a, b):
        assert a.leases is not None
        assert b.leases is not None
        a.leases.new(1)
        await a.commit([table(1)])
        await expire(a, 1)
        for _ in range(5):
            won = await asyncio.gather(a.leases.claim(1), b.leases.claim(1))
            # Whoever claims first holds a standing lease the other cannot take.
            assert sorted(won) == [False, True]
            await expire(a, 1)


def test_ids_from_two_processes_never_collide(postgres_url):
    async def taken() -> list[int]:
        async with two_stores(postgres_url) as (a, b):
            blocks = await asyncio.gather(
                *(s.new_ids(kind, 50) for s in (a, b, a, b) for kind in ("table", "match"))
            )
            return [i for block in blocks[::2] for i in block]

    every = asyncio.run(taken())
    assert len(every) == len(set(every)) == 200


def test_the_journal_leaves_out_a_lost_table_and_stores_the_others(postgres_url):
    asyncio.run(_journal_goes_on(postgres_url))


async def _journal_goes_on(url: str) -> None:
    async with two_stores(url) as (a, b):
        assert a.leases is not None
        assert b.leases is not None
        for table_id in (1, 2):
            a.leases.new(table_id)
        await a.commit([table(1), table(2)])
        await expire(a, 1)
        assert await b.leases.claim(1)
        journal = Journal(a)
        lost: list[frozenset[int]] = []
        announced: list[int] = []
        journal.on_lease_lost = lost.append
        journal.start()
        # One batch: a move at the table B took over, and one at A's other table.
        journal.write([move(0, table_id=1)], lambda: announced.append(1))
        journal.write([move(0, table_id=2)], lambda: announced.append(2))
        await journal.stop()
        assert lost == [{1}]
        assert announced == [2]
        assert journal.commits == 1
        async with a.engine.connect() as connection:
            stored = await connection.execute(sa.select(moves.c.match_id))
            assert [row.match_id for row in stored] == [2]


async def soon(ids: Ids) -> int:
    """The next match id, once the block has been topped up."""
    for _ in range(100):
        with contextlib.suppress(Refusal):
            return ids.take("match")
        await asyncio.sleep(0.05)
    raise AssertionError("no id in 5 s")


def test_ids_are_taken_ahead_and_a_dry_block_is_refused_then_topped_up(postgres_url):
    async def run() -> None:
        store = Store(postgres_url)
        await store.migrate()
        try:
            ids = Ids(store)
            with pytest.raises(Refusal) as raised:
                ids.take("match")  # nothing taken ahead yet: refused, and topped up
            assert raised.value.code == "unavailable"
            first = await soon(ids)
            taken = [first] + [ids.take("match") for _ in range(BLOCK - 1)]
            assert len(set(taken)) == BLOCK
            # The next block, from the sequence again: no id given twice.
            assert await soon(ids) not in taken
        finally:
            await store.close()

    asyncio.run(run())


def test_processes_started_side_by_side_read_one_server_key(db_url):
    """Two stores asking for a key not yet made at once: one is stored, both read it (two
    processes of `serve --workers` once failed to start, on a duplicate key)."""

    async def run() -> None:
        stores = [Store(db_url) for _ in range(4)]
        await stores[0].migrate()
        try:
            keys = await asyncio.gather(*(store.server_key("mail") for store in stores))
            assert len(set(keys)) == 1
            assert keys[0] == await stores[1].server_key("mail")  # and kept
        finally:
            for store in stores:
                await store.close()

    asyncio.run(run())


def test_a_takeover_claims_many_leases_at_once_each_as_fenced_as_one(postgres_url):
    asyncio.run(_claim_all(postgres_url))


async def _claim_all(url: str) -> None:
    async with two_stores(url) as (a, b):
        assert a.leases is not None
        assert b.leases is not None
        for table_id in (1, 2, 3):
            a.leases.new(table_id)
        await a.commit([table(1), table(2), table(3)])
        await expire(a, 1)
        await expire(a, 3)
        # A's lease of table 2 stands; 4 has no lease row yet: claimed at epoch 1.
        assert sorted(await b.leases.claim_all([3, 2, 1, 4])) == [1, 3, 4]
        assert b.leases.held == {1: 2, 3: 2, 4: 1}
        assert await a.leases.renew() == {1, 3}  # A finds them gone, and keeps 2
        assert a.leases.held == {2: 1}
        with pytest.raises(LeaseLost):
            await a.commit([move(1)])
