"""PostgreSQL away for a few seconds, as real ``ludoteca serve`` processes see it: a proxy
between them and the machine's PostgreSQL is cut (every connection dropped, new ones
refused) and mended. Moves meanwhile are refused ``unavailable`` with a time to wait,
nothing is stored half or announced unstored, and play resumes by itself (room/outage.py)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from typing import Any

from ludoteca.server.journal import Journal
from ludoteca.server.storage.rows import Write

from .live import Player, Server
from .proxy import Proxy
from .test_failover import LEASES, Seat, keltis_at, stored_moves, until
from .test_leases import move

#: Longer than a lease (1.5 s): leases run out while the database is away.
AWAY = 4.0


def _through(url: str, proxy: Proxy) -> str:
    """The database URL by way of the proxy."""
    return url.replace("@127.0.0.1/", f"@127.0.0.1:{proxy.port}/")


def _started(server: Server) -> tuple[Player, Player, int, list[Seat]]:
    """A Keltis match at ``server``: Anna and Bruno have played six moves."""
    anna, bruno, table, seats = keltis_at(server)
    for seat in seats:
        until(lambda seat=seat: bool(seat.read()) and seat.view is not None)
    _play(seats, 6)
    return anna, bruno, table, seats


def _play(seats: list[Seat], moves: int) -> None:
    """Whoever is to move moves, and every seat reads until it has seen the answer."""
    for _ in range(moves):
        assert any(seat.move_if_mine() for seat in seats), "nobody could move"
        last = max(seat._moved_at for seat in seats)
        for seat in seats:
            while seat.v <= last:
                seat.read()


def _log(seat: Seat) -> list[Any]:
    assert seat.view is not None
    return list(seat.view["log"])


def _refused_while_away(seats: list[Seat], proxy: Proxy) -> None:
    """The database goes away; the player to move tries for ``AWAY`` seconds: the first
    move (taken, then not stored) and every one after are refused ``unavailable``, and
    every seat hears the first refusal; no update comes."""
    mover = next(seat for seat in seats if seat.view and seat.view["legal_moves"])
    proxy.cut()
    move = mover.view["legal_moves"][0]
    deadline = time.monotonic() + AWAY
    tries = 0
    while time.monotonic() < deadline:
        mover.player.send(t="move", table=mover.table, v=mover.v, move=move)
        tries += 1
        refused = _next_error(mover)
        assert refused["code"] == "unavailable"
        assert refused["table"] == mover.table
        assert refused["params"]["retry_after"] >= 1
        time.sleep(0.5)
    assert tries >= 4
    for seat in seats:
        if seat is not mover:
            told = _next_error(seat)
            assert (told["code"], told["table"]) == ("unavailable", seat.table)
        seat._moved_at = -1  # the refused move may be sent again


def _next_error(seat: Seat) -> dict[str, Any]:
    """The next error the seat gets; no move is announced before it."""
    while True:
        message = seat.read()
        assert message["t"] not in ("match", "sync"), message
        if message["t"] == "error":
            return message


def test_moves_are_refused_while_the_database_is_away_and_play_resumes_by_itself(postgres_url):
    proxy = Proxy(("127.0.0.1", 5432))
    server = Server(_through(postgres_url, proxy), options=LEASES).start()
    try:
        _anna, _bruno, table, seats = _started(server)
        before = stored_moves(postgres_url, table)
        assert before == list(range(len(_log(seats[0]))))

        _refused_while_away(seats, proxy)
        assert not server.status()["db_ok"]
        proxy.mend()
        # Read back from the database, each seat is sent the table as stored, unasked.
        for seat in seats:
            until(lambda seat=seat: seat.read()["t"] == "sync")
            assert len(_log(seat)) == len(_log(seats[0]))
        assert stored_moves(postgres_url, table) == before
        assert len(_log(seats[0])) == len(before)
        until(lambda: server.status()["db_ok"])

        _play(seats, 6)  # play goes on, on the lease claimed again
        stored = stored_moves(postgres_url, table)
        assert stored == list(range(len(_log(seats[0])))) == list(range(len(_log(seats[1]))))
        assert len(stored) > len(before)
        assert server.status()["owned"] == 1
        assert server.status()["leases_lost"] == 0
    finally:
        server.stop()
        proxy.close()


def test_an_owner_cut_off_from_the_database_loses_its_table_to_the_other_and_writes_nothing(
    postgres_url,
):
    proxy = Proxy(("127.0.0.1", 5432))
    a = Server(_through(postgres_url, proxy), options=LEASES).start()
    b = Server(postgres_url, options=LEASES).start()
    try:
        anna, bruno, table, seats = _started(a)
        until(lambda: a.status()["owned"] == 1 and b.status()["owned"] == 0)
        before = stored_moves(postgres_url, table)

        _refused_while_away(seats, proxy)
        until(lambda: b.status()["owned"] == 1)  # A's lease ran out: B took the table
        again = [Seat(Player(b, s.player.name, s.player.cookie), table) for s in seats]
        for seat in again:
            seat.player.send(t="watch", table=table)
            until(lambda seat=seat: seat.read()["t"] == "sync")
            assert len(_log(seat)) == len(before)  # the move A could not store is not there
        _play(again, 4)

        proxy.mend()  # A reaches the database again, holding the table in memory
        for player in (anna, bruno):
            gone = player.expect("error", where=lambda m: m["code"] != "unavailable")
            assert (gone["code"], gone["table"]) == ("elsewhere", table)
        until(lambda: a.status()["owned"] == 0 and a.status()["db_ok"])
        assert a.status()["leases_lost"] == 1
        _play(again, 4)  # B plays on
        # One history: every move stored once, numbered with no gap, as B's players saw it.
        stored = stored_moves(postgres_url, table)
        assert stored == list(range(len(_log(again[0])))) == list(range(len(_log(again[1]))))
        assert len(stored) > len(before)
    finally:
        a.stop()
        b.stop()
        proxy.close()


class AwayOnce:
    """A store whose first commit fails once the test says (the database went away
    while it was in flight); the others are kept."""

    def __init__(self) -> None:
        self.committing = asyncio.Event()
        self.fail = asyncio.Event()
        self.stored: list[list[Write]] = []

    async def commit(self, rows: Sequence[Write]) -> None:
        if not self.committing.is_set():
            self.committing.set()
            await self.fail.wait()
            raise ConnectionResetError("the database went away")
        self.stored.append(list(rows))

    async def checkpoint(self) -> None:
        pass


def test_what_a_table_wrote_after_a_batch_that_failed_is_not_stored_either():
    async def run() -> None:
        store = AwayOnce()
        journal = Journal(store)  # type: ignore[arg-type]
        failed: list[frozenset[int]] = []
        announced: list[str] = []
        journal.on_failure = lambda tables, _error: failed.append(tables)
        journal.start()
        journal.write([move(0, table_id=1)], lambda: announced.append("1: move 0"))
        await store.committing.wait()
        # Written while that batch is in flight: table 1's next move follows on from
        # one that will not be stored; table 2's stands on its own.
        journal.write([move(1, table_id=1)], lambda: announced.append("1: move 1"))
        journal.write([move(0, table_id=2)], lambda: announced.append("2: move 0"))
        store.fail.set()
        await journal.stop()
        assert failed == [{1}]
        assert store.stored == [[move(0, table_id=2)]]
        assert announced == ["2: move 0"]

    asyncio.run(run())
