"""`ludoteca loadtest` against a real server: it plays, measures, and stays on loopback."""

import asyncio
import json
import os
import random
import subprocess
import sys

import pytest

from ludoteca.tools import flood
from ludoteca.tools.loadtest import (
    Clock,
    Figures,
    LoadTestError,
    Pacer,
    Player,
    _View,
    check_loopback,
)

from .live import running


def load_test(port: int, *extra: str) -> dict:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "ludoteca",
            "loadtest",
            "--url",
            f"ws://127.0.0.1:{port}",
            "--game",
            "kingdomino",
            "--players",
            "2",
            "--tables",
            "3",
            "--duration",
            "3",
            "--json",
            *extra,
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        # the ludoteca under test, not whichever one the interpreter has installed
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_short_load_test_plays_whole_games_and_reports_its_figures(sqlite_url):
    # Three tables' random players move far faster than a person: lift the rate limit.
    with running(sqlite_url, rate=10_000) as server:
        figures = load_test(server.port)
    for key in ("moves_per_second", "p50_ms", "p95_ms", "p99_ms", "errors", "tables", "sockets"):
        assert key in figures
    assert figures["errors"] == 0, figures["error_samples"]
    assert figures["tables"] == 3
    assert figures["sockets"] == 6
    assert figures["moves"] > 0
    assert figures["p50_ms"] <= figures["p95_ms"] <= figures["p99_ms"]
    assert figures["server_rss_mb"] > 0
    # the server's CPU over the measured seconds, shared out over the moves made in them
    assert figures["server_cpu_s"] > 0
    assert figures["server_cpu_us_per_move"] == pytest.approx(
        1e6 * figures["server_cpu_s"] / figures["moves"], rel=0.05
    )
    assert figures["rate"] is None
    assert sum(figures["moves_each_second"]) == figures["moves"]
    assert len(figures["moves_each_second"]) <= 4  # 3 s measured, the last may straddle
    # Nothing closed, nothing asked again, nothing lost.
    assert (figures["reconnects"], figures["resyncs"], figures["lost_moves"]) == (0, 0, 0)


def test_a_paced_load_test_keeps_to_its_rate(sqlite_url):
    with running(sqlite_url, rate=10_000) as server:
        figures = load_test(server.port, "--rate", "40", "--warmup", "1")
    assert figures["errors"] == 0, figures["error_samples"]
    assert figures["rate"] == 40
    assert figures["warmup"] == 1
    assert figures["seconds"] == pytest.approx(3, abs=0.2)  # measured after the warm-up
    # Three tables could play hundreds of moves in 3 s; paced, about 40 a second.
    assert 20 <= figures["moves"] <= 40 * figures["seconds"] + 5


@pytest.mark.parametrize(
    "url", ["ws://10.0.0.1:8000", "ws://192.168.1.2:80", "http://127.0.0.1:8000", "ws://"]
)
def test_the_load_test_targets_only_this_machine(url):
    with pytest.raises(LoadTestError):
        check_loopback(url)


def test_loopback_addresses_are_accepted():
    assert check_loopback("ws://127.0.0.1:8765") == (
        "ws://127.0.0.1:8765/ws",
        "http://127.0.0.1:8765",
    )
    assert check_loopback("ws://localhost:9")[1] == "http://localhost:9"


def test_a_closed_loop_keeps_to_the_rooms_rate_limit_without_errors(sqlite_url):
    # The room's own limit (1 message a second a connection here): random players of
    # Kingdomino move faster than that, are told to slow down, and wait as told.
    with running(sqlite_url, rate=1) as server:
        figures = load_test(server.port, "--tables", "10")
    assert figures["errors"] == 0, figures["error_samples"]
    assert figures["slowed"] > 0
    assert figures["moves"] > 0


def _flood(port: int, *extra: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "ludoteca", "flood", *extra, "--url", f"http://127.0.0.1:{port}",
         "--quiet", "0.3", "--json"],
        capture_output=True, text=True, timeout=120, check=False,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_flood_of_wrong_passwords_measures_a_players_ping_in_quiet_and_under_it(sqlite_url):
    with running(sqlite_url) as server:
        figures = _flood(server.port, "logins", "--clients", "2", "--requests", "4")
    assert figures["flood"] == "logins"
    assert sum(figures["answers"].values()) == 4
    assert set(figures["answers"]) <= {"401", "429", "503"}  # wrong, each refused
    for phase in ("quiet", "flooded"):
        assert figures[phase]["pings"] > 0
        assert 0 < figures[phase]["p50_ms"] <= figures[phase]["max_ms"]


def test_each_phase_counts_from_the_pingers_welcome_and_holds_a_ping(sqlite_url):
    # No quiet at all: the phase still begins once the pinger is in the room, and a
    # phase ends only after one ping (timed from the start, a slow machine's connecting
    # alone outlasted a short phase and left it with none).
    with running(sqlite_url) as server:
        figures = asyncio.run(flood.run(f"http://127.0.0.1:{server.port}", "logins", 1, 1, 0.0))
    for phase in ("quiet", "flooded"):
        assert figures[phase]["pings"] >= 1


def test_a_flood_targets_only_this_machine_and_replays_need_a_match():
    for extra, said in (
        (["logins", "--url", "http://10.0.0.1:80"], "only targets loopback"),
        (["replays", "--url", "http://127.0.0.1:9"], "give --match N"),
        (["storms", "--url", "http://127.0.0.1:9"], "a flood of logins or replays"),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "ludoteca", "flood", *extra],
            capture_output=True, text=True, timeout=60, check=False,
            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
        )  # fmt: skip
        assert done.returncode == 2
        assert said in done.stderr, done.stderr


def test_players_are_shared_out_over_several_urls_and_reported_per_url(sqlite_url):
    # Two URLs of one process: the players of each table go one to each, the figures
    # come per URL, and the process's CPU is counted once in the total.
    with running(sqlite_url, rate=10_000) as server:
        url = f"ws://127.0.0.1:{server.port}"
        figures = load_test(server.port, "--url", url, "--tables", "4")
    assert figures["errors"] == 0, figures["error_samples"]
    assert figures["processes"] == 1
    first, second = figures["per_url"]
    assert first["sockets"] == second["sockets"] == 4  # one of each table's two
    assert first["moves"] > 0
    assert second["moves"] > 0
    assert first["moves"] + second["moves"] == figures["moves"]
    assert first["process"] == second["process"]
    assert figures["server_cpu_s"] == pytest.approx(first["server_cpu_s"], abs=0.05)


def test_a_load_test_refuses_any_url_off_this_machine_among_several():
    done = subprocess.run(
        [sys.executable, "-m", "ludoteca", "loadtest", "--url", "ws://127.0.0.1:9",
         "--url", "ws://10.0.0.1:8000", "--game", "kingdomino"],
        capture_output=True, text=True, timeout=60, check=False,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )  # fmt: skip
    assert done.returncode == 2
    assert "only targets loopback addresses" in done.stderr, done.stderr


def _player() -> Player:
    player = Player(Figures(), random.Random(1), Clock(1, 1.0), Pacer(None), [], 0, "cookie")
    player.measuring = True
    player.synced = True
    return player


def test_a_resync_missing_a_move_the_room_acknowledged_counts_it_lost():
    player = _player()
    player.match = 5
    player.acked = [10, 12]  # the match's length after each of its moves, as acknowledged
    player._synced(5, _View(log_from=0, log=[{}] * 11))
    assert player.figures.lost == 1  # its move 12 is missing
    assert player.figures.resyncs == 1
    player.acked = [13]
    player._synced(5, _View(log_from=0, log=[{}] * 13))
    assert player.figures.lost == 1


def test_the_sync_that_starts_a_new_match_is_no_resync_and_no_loss():
    player = _player()
    player.match = 5
    player.acked = [40]
    player._synced(6, _View())
    assert (player.figures.lost, player.figures.resyncs, player.match) == (0, 0, 6)
    player.asked = True  # a watch sent again after a reconnect: its sync is a resync
    player._synced(6, _View())
    assert player.figures.resyncs == 1


class _Socket:
    """What the room sends, in order, and what the player sends back."""

    def __init__(self, *messages: dict) -> None:
        self.messages = [json.dumps(m) for m in messages]
        self.sent: list[dict] = []

    def __aiter__(self):
        return self._each()

    async def _each(self):
        for message in self.messages:
            yield message

    async def send(self, text: str) -> None:
        self.sent.append(json.loads(text))


def _sync(v: int) -> dict:
    table = {"id": 3, "match": 5}
    return {"t": "sync", "v": v, "table": table, "match": {"legal_moves": ["a", "b"]}}


def test_a_player_moves_once_on_a_view_however_often_it_is_sent_until_its_move_is_refused():
    # A resync that crossed the move (the gateway's after a takeover, and the answer to
    # the player's own watch) shows the same view twice: a second move on it would be
    # refused, `wrong_state` if the first ended the game.
    player = _player()
    player.table = 3
    unavailable = {"t": "error", "code": "unavailable", "table": 3, "params": {"retry_after": 0}}
    player.ws = _Socket(_sync(7), _sync(7), unavailable, _sync(7), _sync(8))

    async def read() -> bool:
        return await player._read(asyncio.Event(), 2, asyncio.get_running_loop().create_future())

    assert not asyncio.run(read())  # the socket ended
    sent = [(m["t"], m.get("v")) for m in player.ws.sent]
    # Refused `unavailable` (nothing changed), it asks again and moves from the sync.
    assert sent == [("move", 7), ("watch", None), ("move", 7), ("move", 8)]
    assert player.figures.errors == 0
