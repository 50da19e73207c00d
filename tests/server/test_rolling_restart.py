"""A rolling restart of a real two-process room (PostgreSQL + Redis, leases) under the
load test's players: each process stopped cleanly and started again in turn while four
tables play. The players reconnect to the other process and resync; no move the room
acknowledged is lost, none is stored twice or with a gap, and nothing else goes wrong."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from .live import Player, Server
from .test_failover import Seat, kingdomino_with_a_bot, query, until


def _room(postgres_url: str, redis_url: str, prefix: str) -> tuple[Server, Server]:
    options = ["--redis", redis_url, "--redis-prefix", prefix, "--lease-seconds", "3"]
    # One after the other: two first starts on one new database both write its keys.
    a = Server(postgres_url, rate=10_000, entries_per_minute=10_000, options=options)
    b = Server(postgres_url, rate=10_000, entries_per_minute=10_000, options=options)
    return a.launch().ready(), b.launch().ready()


def _restart(server: Server) -> None:
    server.stop()  # SIGTERM: what is pending is stored, the leases are given up
    server.start()


def test_a_rolling_restart_loses_no_acknowledged_move(postgres_url, redis_url, redis_prefix):
    a, b = _room(postgres_url, redis_url, redis_prefix)
    load = None
    try:
        load = subprocess.Popen(
            [sys.executable, "-m", "ludoteca", "loadtest", "--url", f"ws://127.0.0.1:{a.port}",
             "--url", f"ws://127.0.0.1:{b.port}", "--game", "kingdomino", "--players", "2",
             "--tables", "4", "--duration", "30", "--rate", "20", "--json"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
        )  # fmt: skip
        # Each process owns the tables its first players opened, and they play.
        until(lambda: a.status()["owned"] == 2 and b.status()["owned"] == 2, 60)
        until(lambda: a.status()["commits"] > 10 and b.status()["commits"] > 10, 30)

        _restart(a)  # its tables go to B, its players to B
        until(lambda: b.status()["owned"] == 4, 20)
        moved = b.status()["commits"]
        until(lambda: b.status()["commits"] > moved + 10, 20)  # and are played there
        _restart(b)  # every table to A
        until(lambda: a.status()["owned"] == 4, 20)
        moved = a.status()["commits"]
        until(lambda: a.status()["commits"] > moved + 10, 20)
        assert load.poll() is None, "the load test ended before the restarts were done"

        out, err = load.communicate(timeout=120)
        assert load.returncode == 0, err
        figures = json.loads(out)
    finally:
        if load is not None and load.poll() is None:
            load.kill()
        a.stop()
        b.stop()
    assert figures["lost_moves"] == 0
    assert figures["errors"] == 0, figures["error_samples"]
    assert figures["reconnects"] >= 4  # each table's player on each process, at least
    assert figures["resyncs"] >= figures["reconnects"]
    assert figures["moves"] > 0
    assert 0 < figures["longest_unanswered_s"] < 20
    # What is stored: each match's moves numbered 0…n, none twice, none missing.
    rows = query(postgres_url, "SELECT match_id, n FROM moves ORDER BY match_id, n")
    numbers: dict[int, list[int]] = {}
    for row in rows:
        numbers.setdefault(row["match_id"], []).append(row["n"])
    assert numbers
    for found in numbers.values():
        assert found == list(range(len(found)))


def test_a_finished_table_given_up_by_a_stopping_process_stays_for_its_rematch(
    postgres_url, redis_url, redis_prefix
):
    # A restart closes a finished table (nobody watches it then); a takeover must not:
    # its players are still in the room, and their watch found no table (`no_table`).
    a, b = _room(postgres_url, redis_url, redis_prefix)
    try:
        anna, table = kingdomino_with_a_bot(a)
        bruno = Player(b, "Bruno")  # watches from the other process
        bruno.send(t="watch", table=table)
        bruno.expect("sync")
        anna.send(t="start", table=table)
        seat = Seat(anna, table)
        while not seat.over:
            seat.read()
            seat.move_if_mine()
        a.stop()  # SIGTERM: its leases are given up, and B takes the table

        until(lambda: b.status()["owned"] == 1)
        again = Player(b, "Anna", anna.cookie)
        again.send(t="watch", table=table)
        assert again.expect("sync")["table"]["status"] == "finished"
        again.send(t="rematch", table=table)
        again.expect("sync", where=lambda m: m["table"]["status"] == "running")
    finally:
        a.stop()
        b.stop()
