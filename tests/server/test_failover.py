"""Two real ``ludoteca serve`` processes on one PostgreSQL: a table's owner paused past its
lease is fenced off, and a killed owner's tables are taken over and played to the end;
ids from both never collide."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from typing import Any

import asyncpg

from .client import merge
from .live import Player, Server

#: Short leases, so that a takeover takes two seconds, not ten.
LEASES = ["--leases", "--lease-seconds", "1.5"]


class Seat:
    """A player's view of one table, kept from what the server sends."""

    def __init__(self, player: Player, table: int) -> None:
        self.player = player
        self.table = table
        self.view: dict[str, Any] | None = None
        self.v = 0
        self._moved_at = -1  # one move a version: the next waits for its answer

    def read(self, timeout: float = 20) -> dict[str, Any]:
        message = self.player.next(timeout)
        kind = message["t"]
        if kind == "sync" and message["table"]["id"] == self.table:
            self.view = merge(None, message["match"]) if message["match"] else None
            self.v = message["v"]
        elif kind == "match" and message["table"] == self.table:
            self.view = merge(self.view, message["view"])
            self.v = message["v"]
        elif kind in ("table", "chat"):
            self.v = max(self.v, message.get("v", 0))
        return message

    @property
    def over(self) -> bool:
        return self.view is not None and self.view["result"] is not None

    def move_if_mine(self) -> bool:
        view = self.view
        if view is None or not view["legal_moves"] or view["result"] is not None:
            return False
        if self._moved_at == self.v:
            return False
        self._moved_at = self.v
        self.player.send(t="move", table=self.table, v=self.v, move=view["legal_moves"][0])
        return True


def two_servers(url: str) -> tuple[Server, Server]:
    """Two processes of one room, started side by side."""
    a, b = Server(url, options=LEASES).launch(), Server(url, options=LEASES).launch()
    return a.ready(), b.ready()


def keltis_at(server: Server) -> tuple[Player, Player, int, list[Seat]]:
    """Anna and Bruno start a Keltis match at ``server``."""
    anna, bruno = Player(server, "Anna"), Player(server, "Bruno")
    anna.send(t="create", game="keltis")
    table = anna.expect("sync")["table"]["id"]
    bruno.send(t="join", table=table)
    bruno.expect("sync")
    anna.send(t="start", table=table)
    return anna, bruno, table, [Seat(anna, table), Seat(bruno, table)]


def kingdomino_with_a_bot(server: Server) -> tuple[Player, int]:
    """Anna opens a Kingdomino table at ``server`` and seats a bot; not started yet."""
    anna = Player(server, "Anna")
    anna.send(t="create", game="kingdomino")
    table = anna.expect("sync")["table"]["id"]
    anna.send(t="bot", table=table)
    anna.expect("table", where=lambda m: any(s and s["bot"] for s in m["table"]["seats"]))
    return anna, table


def play(seats: list[Seat], moves: int, seconds: float = 60) -> None:
    """Whoever's turn it is moves, ``moves`` times in all, and every seat reads what came
    meanwhile. (Reading one message a seat a round waited for ever once one seat was sent
    fewer messages than the other: a "my tables" goes only to whom a turn changed for.)"""
    played = 0
    deadline = time.monotonic() + seconds
    while played < moves:
        if time.monotonic() > deadline:
            raise TimeoutError(f"{played} of {moves} moves played in {seconds} s")
        for seat in seats:
            played += seat.move_if_mine()
        for seat in seats:
            with contextlib.suppress(TimeoutError):
                seat.read(0.1)


def until(condition: Callable[[], bool], seconds: float = 30) -> None:
    # A takeover takes about two seconds; a machine busy with Chromium and the other
    # workers' servers once took over ten (the suite runs three workers on two cores).
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "not in time"
        time.sleep(0.1)


def query(url: str, sql: str, *args: Any) -> list[Any]:
    """Rows straight from the database both processes share."""

    async def run() -> list[Any]:
        connection = await asyncpg.connect(url.replace("+asyncpg", ""))
        try:
            return list(await connection.fetch(sql, *args))
        finally:
            await connection.close()

    return asyncio.run(run())


def stored_moves(url: str, table: int) -> list[int]:
    """The move numbers stored for the table's match, in order."""
    rows = query(
        url,
        "SELECT n FROM moves WHERE match_id = (SELECT match_id FROM tables WHERE id = $1)"
        " ORDER BY n",
        table,
    )
    return [row["n"] for row in rows]


def test_an_owner_paused_past_its_lease_is_fenced_off(postgres_url):
    a, b = two_servers(postgres_url)
    try:
        anna, bruno, table, seats = keltis_at(a)
        play(seats, 6)
        until(lambda: b.status()["owned"] == 0 and a.status()["owned"] == 1)

        a.pause()  # past its lease: B takes the table over
        anna.send(t="chat", text="from a paused process", table=table)  # waits in A's socket
        until(lambda: b.status()["owned"] == 1)
        anna_b, bruno_b = Player(b, "Anna", anna.cookie), Player(b, "Bruno", bruno.cookie)
        again = [Seat(anna_b, table), Seat(bruno_b, table)]
        for seat in again:
            seat.player.send(t="watch", table=table)
            until(lambda seat=seat: seat.read()["t"] == "sync")
        play(again, 6)

        a.resume()  # A wakes up holding the table in memory, and writes for it: refused
        refused = anna.expect("error")
        if refused["code"] == "unavailable":
            # The pause fell inside a commit: PostgreSQL ended that session (so that B's
            # claim went through), and A, unable to tell whether its commit landed,
            # holds the table until it reads it back, which finds it B's.
            refused = anna.expect("error")
        assert refused["code"] == "elsewhere"
        assert refused["table"] == table
        until(lambda: a.status()["owned"] == 0)
        assert a.status()["leases_lost"] == 1
        anna.send(t="watch", table=table)  # asked of A again: refused, clearly
        assert anna.expect("error")["code"] == "elsewhere"
        play(again, 4)  # B plays on
        # One history: every move stored once, numbered with no gap; A's chat line is not.
        stored = stored_moves(postgres_url, table)
        assert stored == list(range(len(stored)))
        assert again[0].view is not None
        assert len(stored) >= len(again[0].view["log"]) > 12
        lines = query(postgres_url, "SELECT text FROM chat WHERE table_id = $1", table)
        assert "from a paused process" not in [row["text"] for row in lines]
    finally:
        a.resume()
        a.stop()
        b.stop()


def test_a_killed_owners_game_is_finished_on_the_other_process(postgres_url):
    a, b = two_servers(postgres_url)
    try:
        anna, table = kingdomino_with_a_bot(a)
        anna.send(t="start", table=table)
        # Meanwhile a table opens on B: ids come from the database, never twice.
        carla = Player(b, "Carla")
        carla.send(t="create", game="keltis")
        assert carla.expect("sync")["table"]["id"] != table
        seat = Seat(anna, table)
        play([seat], 5)
        a.kill()

        until(lambda: b.status()["owned"] == 2)
        seat = Seat(Player(b, "Anna", anna.cookie), table)
        seat.player.send(t="watch", table=table)
        try:
            while not seat.over:  # the bot plays its turns on B, and Anna hers
                seat.read()
                seat.move_if_mine()
        except TimeoutError as error:
            # Seen twice in the whole suite on a loaded machine (2026-11-28), never alone:
            # what Anna last saw and what B logged, to tell a lost turn from a test race.
            # One cause that fits is gone since: B, slow to renew its 1.5 s leases, had
            # its own commit refused, dropped the table and claimed it back, with Anna
            # told "elsewhere" and no longer watching (docs/ownership.md, the fence).
            b.stop()
            seen = "\n".join(json.dumps(m)[:300] for m in seat.player.received[-8:])
            raise AssertionError(
                f"B went quiet. Anna saw:\n{seen}\nB logged:\n{b.log[-4000:]}"
            ) from error
        stored = stored_moves(postgres_url, table)
        assert stored == list(range(len(seat.view["log"])))
        ended = query(postgres_url, "SELECT finished_at FROM matches")
        assert [row["finished_at"] is not None for row in ended] == [True]
    finally:
        a.stop()
        b.stop()
