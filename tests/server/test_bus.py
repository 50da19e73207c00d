"""The room as two processes sharing PostgreSQL and Redis (server/bus, room/relay.py).

Each "process" is an app of its own in this test process, with its own event loop, its
own process id and the same database and Redis (a key prefix of the test's own): a
player's socket on one plays at a table the other owns, through the bus alone.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import secrets
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from starlette.testclient import TestClient

import ludoteca
from ludoteca.server import botaccounts
from ludoteca.server.app import create_app
from ludoteca.server.bus import Deliver
from ludoteca.server.room import Settings

from .client import Person, Seat
from .test_abuse import _messages, _state
from .test_hidden import MATCH_KEYS, _views_in


def _redis_answers(url: str) -> bool:
    import redis

    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=2).ping())
    except (redis.RedisError, OSError):
        return False


def _settings(postgres_url: str, redis_url: str, prefix: str, process: str, **more) -> Settings:
    return Settings(
        db_url=postgres_url,
        bot_delay=0,
        messages_per_second=10_000,
        entries_per_minute=10_000,
        redis_url=redis_url,
        leases=True,
        redis_prefix=prefix,
        process_id=process,
        **more,
    )


class Rooms:
    """Two processes of one room: ``a`` and ``b``, test clients of each."""

    def __init__(self, postgres_url: str, redis_url: str, **more) -> None:
        prefix = f"test-{secrets.token_hex(4)}:"
        self._a: TestClient | None = TestClient(
            create_app(_settings(postgres_url, redis_url, prefix, "A", **more))
        )
        self._b = TestClient(create_app(_settings(postgres_url, redis_url, prefix, "B", **more)))
        self.a = self._a.__enter__()
        self.b = self._b.__enter__()

    def stop_a(self) -> None:
        if self._a is not None:
            self._a.__exit__(None, None, None)
            self._a = None

    def close(self) -> None:
        Person.close_all()
        self._b.__exit__(None, None, None)
        self.stop_a()


@pytest.fixture
def rooms(postgres_url, redis_url) -> Iterator[Rooms]:
    both = Rooms(postgres_url, redis_url)
    yield both
    both.close()


def _join_from_b(bruno: Person, table: int) -> None:
    bruno.send(t="join", table=table)
    bruno.expect("sync", where=lambda m: m["table"]["id"] == table)


def _table_in_lobby(person: Person, table: int) -> dict:
    """The table as ``person``'s lobby shows it (from the snapshot, or an update)."""
    for info in person.lobby["tables"]:
        if info["id"] == table:
            return info
    update = person.expect("lobby_update", where=lambda m: table in [t["id"] for t in m["tables"]])
    return next(t for t in update["tables"] if t["id"] == table)


def _started_across(rooms: Rooms) -> tuple[Person, Person, int, list[Seat]]:
    """A Kingdomino match under way at a table A owns: Anna on A, Bruno on B."""
    anna = Person.enter(rooms.a, "Anna")
    table = anna.create("kingdomino")
    bruno = Person.enter(rooms.b, "Bruno")
    _join_from_b(bruno, table)
    anna.say("/start", table)
    seats = [Seat(anna, table), Seat(bruno, table)]
    for seat in seats:
        seat.take(seat.person.expect("sync", where=lambda m: m["match"] is not None))
    return anna, bruno, table, seats


def _one_move(seats: list[Seat], rng: random.Random) -> None:
    """Whoever is to move plays a random legal move; every seat takes the update."""
    mover = next(s for s in seats if s.my_turn)
    mover.play(rng.choice(mover.view["legal_moves"]))
    for seat in seats:
        seat.take(seat.person.expect("match"))


def _play_to_the_end(seats: list[Seat], rng: random.Random) -> None:
    while seats[0].view["result"] is None:
        _one_move(seats, rng)


def test_a_player_on_b_plays_a_whole_game_at_a_table_a_owns_and_sees_only_their_seat(rooms):
    anna = Person.enter(rooms.a, "Anna")
    table = anna.create("keltis")
    bruno, viewer = Person.enter(rooms.b, "Bruno"), Person.enter(rooms.b, "Viewer")
    # B's lobby shows A's table, from A's news.
    assert _table_in_lobby(bruno, table)["game"] == "keltis"
    _join_from_b(bruno, table)
    viewer.send(t="watch", table=table)
    viewer.expect("sync")
    anna.say("/start", table)
    seats = [Seat(anna, table), Seat(bruno, table), Seat(viewer, table)]
    for seat in seats:
        seat.take(seat.person.expect("sync", where=lambda m: m["match"] is not None))
    assert [s.you for s in seats] == [0, 1, None]
    _play_to_the_end(seats, random.Random(4))
    # Every event reached B's sockets in order (Seat.take checks each version grows and
    # merge checks the log has no gap): both ends saw one history, the stored one.
    stored = rooms.a.app.state.room.tables[table].live
    for seat in seats:
        assert len(seat.view["log"]) == len(stored.log)
    assert seats[1].view["result"] == seats[0].view["result"]
    assert table not in rooms.b.app.state.room.tables  # B only passed it on
    status = rooms.b.get("/api/status").json()
    assert status["following_elsewhere"] == 2
    assert rooms.a.get("/api/status").json()["remote_sockets"] == 2
    # Hidden stays hidden across the bus: each view any socket got is exactly the
    # engine's view for that socket's seat (test_hidden.py's check).
    replay = ludoteca.game("keltis").new_match(2, stored.options)
    wanted: dict[int, list] = {}
    for seat in seats:
        for message in seat.person.received:
            views = list(_views_in(message))
            if not views:
                text = json.dumps(message)
                assert not any(f'"{key}"' in text for key in MATCH_KEYS), message
            for view in views:
                length = view["log_from"] + len(view["log"])
                wanted.setdefault(length, []).append((seat.you, view["log_from"], view))
    checked = 0
    for length in range(len(stored.log) + 1):
        for audience, since, received in wanted.get(length, []):
            expected = replay.view(audience, since)
            if received["result"] is not None:
                expected["result"] = received["result"]
            assert received == expected
            checked += 1
        if length < len(stored.log):
            replay.play(stored.log[length].move)
    assert checked > 3 * 20


def test_two_moves_at_once_from_two_processes_one_is_played(rooms):
    anna = Person.enter(rooms.a, "Anna")
    table = anna.create("kingdomino")
    bruno = Person.enter(rooms.b, "Bruno")
    _join_from_b(bruno, table)
    anna.say("/start", table)
    first = Seat(anna, table)
    first.take(anna.expect("sync", where=lambda m: m["match"] is not None))
    # Whoever is to move has a second tab on the other process: the same person, at the
    # same seat, on both.
    mover, elsewhere = (anna, rooms.b) if first.my_turn else (bruno, rooms.a)
    _wait_for(lambda: table in rooms.b.app.state.room.relay.others)
    twin = Person(elsewhere, mover.name, mover.cookies)
    # The tab is told of its seat wherever the table is played (a reconnecting tab
    # reopens its tables from this).
    assert table in twin.welcome["seated"]
    twin.send(t="watch", table=table)
    on_a, on_b = first, Seat(twin, table)
    if mover is bruno:
        on_a = Seat(bruno, table)
        on_a.take(bruno.expect("sync", where=lambda m: m["match"] is not None))
    on_b.take(twin.expect("sync", where=lambda m: m["match"] is not None))
    assert on_a.you == on_b.you
    assert on_a.my_turn
    assert on_a.version == on_b.version
    legal = on_a.view["legal_moves"]
    on_b.play(legal[-1])
    on_a.play(legal[0])
    # One move is played (one version on), seen alike on both tabs; the other is refused
    # as stale, and its socket is sent the table as it now is.
    got_a, got_b = _drain(mover), _drain(twin)
    played = [m for m in got_a + got_b if m["t"] == "match"]
    assert [m["v"] for m in played] == [on_a.version + 1] * 2
    assert played[0]["view"]["log"] == played[1]["view"]["log"]
    assert [e["by"] for e in played[0]["view"]["log"] if e["by"] != "chance"] == [on_a.you]
    refused = [m for m in got_a + got_b if m["t"] == "error"]
    assert [m["code"] for m in refused] == ["stale"]
    refused_at = got_a if refused[0] in got_a else got_b
    after = refused_at[refused_at.index(refused[0]) + 1 :]
    assert any(m["t"] == "sync" and m["v"] == on_a.version + 1 for m in after)
    stored = rooms.a.app.state.room.tables[table].live.log
    assert [e.actor for e in stored if e.actor == on_a.you] == [on_a.you]


def _wait_for(condition, seconds: float = 5.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.02)


def _drain(person: Person, quiet: float = 0.6) -> list[dict]:
    """What ``person`` is sent until nothing comes for ``quiet`` seconds (a ping answers
    last, so the wait ends on the server's word, not a timer)."""
    person.send(t="ping")
    got = []
    while True:
        message = person.next()
        if message["t"] == "pong":
            break
        got.append(message)
    time.sleep(quiet)
    person.send(t="ping")
    while (message := person.next())["t"] != "pong":
        got.append(message)
    return got


# -- Redis restarted mid-game ----------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class OwnRedis:
    """A redis-server of the test's own, to stop and start again."""

    def __init__(self) -> None:
        self.port = _free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.skip("no redis-server here")
        self.process = subprocess.Popen(
            [binary, "--port", str(self.port), "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
        )
        for _ in range(100):
            if _redis_answers(self.url):
                return
            time.sleep(0.05)
        raise AssertionError("redis-server did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(10)
            self.process = None


@pytest.fixture
def own_redis() -> Iterator[OwnRedis]:
    server = OwnRedis()
    server.start()
    yield server
    server.stop()


def test_play_resumes_by_itself_after_redis_restarts_mid_game(postgres_url, own_redis):
    rooms = Rooms(postgres_url, own_redis.url)
    try:
        anna, bruno, table, seats = _started_across(rooms)
        rng = random.Random(5)
        played = 0
        while played < 3 or not seats[0].my_turn:
            played += 1
            _one_move(seats, rng)
        # Redis goes away; Anna (on the owner) plays on her turns meanwhile, which Bruno
        # (on B) cannot hear.
        own_redis.stop()
        before = seats[1].version
        while seats[0].my_turn:
            seats[0].play(rng.choice(seats[0].view["legal_moves"]))
            seats[0].take(anna.expect("match"))
        own_redis.start()
        # Nobody asks: B notices the bus is back and Bruno is sent the table as it is.
        synced = bruno.expect("sync", where=lambda m: m["v"] == seats[0].version)
        seats[1].take(synced)
        assert seats[1].version > before
        assert rooms.b.app.state.room.relay.resyncs >= 1
        _play_to_the_end(seats, rng)
        stored = rooms.a.app.state.room.tables[table].live
        assert [len(s.view["log"]) for s in seats] == [len(stored.log)] * 2
    finally:
        rooms.close()


def test_when_the_owner_stops_its_table_goes_on_at_the_other_process(postgres_url, redis_url):
    rooms = Rooms(postgres_url, redis_url, lease_seconds=2.0, renew_seconds=0.3)
    try:
        anna, bruno, table, seats = _started_across(rooms)
        rng = random.Random(6)
        for _ in range(4):
            _one_move(seats, rng)
        # A is stopped (a deploy): B takes the table over from what is stored, and Bruno,
        # whose socket B holds, is sent it from there without asking.
        anna.close()
        rooms.stop_a()
        synced = bruno.expect("sync", where=lambda m: m["match"] is not None)
        assert synced["v"] == seats[1].version
        seats[1].take(synced)
        assert table in rooms.b.app.state.room.tables
        # Anna comes back through B and finishes the game there.
        anna = Person(rooms.b, "Anna", anna.cookies)
        anna.send(t="watch", table=table)
        seats[0] = Seat(anna, table)
        seats[0].take(anna.expect("sync", where=lambda m: m["match"] is not None))
        _play_to_the_end(seats, rng)
        stored = rooms.b.app.state.room.tables[table].live
        assert [len(s.view["log"]) for s in seats] == [len(stored.log)] * 2
    finally:
        rooms.close()


_fuzzed = itertools.count()


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(message=_messages)
def test_the_protocol_survives_anything_sent_through_another_process(rooms, message):
    """test_abuse.py's fuzz test, each message sent from B for a table A owns."""
    n = next(_fuzzed)
    anna = Person.enter(rooms.a, f"Fuzz{n}")
    table = anna.create("keltis")
    bruno = Person.enter(rooms.b, f"Other{n}")
    _join_from_b(bruno, table)
    before = _state(rooms.a, table)
    raw = message if isinstance(message, str) else json.dumps(message)
    bruno.ws.send_text(raw)
    relay = rooms.b.app.state.room.relay
    for _ in range(200):
        time.sleep(0.01)
        if not relay.forwarding:
            break
    bruno.send(t="ping")
    answers = []
    while not answers or answers[-1]["t"] != "pong":
        answers.append(bruno.next())
    assert all(a.get("code") not in ("server_error", "unavailable") for a in answers), answers
    if any(a["t"] == "error" for a in answers):
        assert _state(rooms.a, table) == before
    elif _state(rooms.a, table) != before:
        assert any(a["t"] in ("table", "sync", "lobby") for a in answers), answers
    anna.close()
    bruno.close()


def test_a_lost_last_event_is_noticed_by_the_beat_and_resynced(rooms):
    anna, bruno, table, seats = _started_across(rooms)
    # The next letter for B that carries an event is lost on the way, as pub/sub may
    # lose one; nothing comes after it, so only the owner's beat can tell.
    relay = rooms.b.app.state.room.relay
    lost: list[Deliver] = []
    receive = relay._receive

    def losing(letter):
        if isinstance(letter, Deliver) and not lost:
            lost.append(letter)
            return
        receive(letter)

    relay._receive = losing
    mover = next(s for s in seats if s.my_turn)
    mover.play(mover.view["legal_moves"][0])
    if mover is seats[0]:
        seats[0].take(anna.expect("match"))
    # Within a beat or two Bruno is sent the table as it is, without asking.
    synced = bruno.expect("sync", where=lambda m: m["v"] > seats[1].version)
    assert lost
    assert synced["v"] == rooms.a.app.state.room.tables[table].announced
    assert relay.resyncs >= 1


def test_a_read_token_cannot_play_at_a_table_another_process_owns(rooms, postgres_url):
    """The owner refuses what the socket's token may not do, as the gateway would: the
    scopes travel with the command (a Remote without them would let a read token sit)."""
    anna = Person.enter(rooms.a, "Anna")
    table = anna.create("kingdomino")
    _wait_for(lambda: table in rooms.b.app.state.room.relay.others)
    asyncio.run(botaccounts.create(postgres_url, "Reader"))
    _id, token = asyncio.run(botaccounts.add_token(postgres_url, "Reader", ["read"]))
    headers = {"Authorization": f"Bearer {token}"}
    with rooms.b.websocket_connect("/ws", headers=headers) as reader:
        assert reader.receive_json()["t"] == "welcome"
        reader.send_json({"t": "join", "table": table, "rid": "sit"})
        # The refusal, or (were the scopes lost on the way) the table it sat down at.
        answer = reader.receive_json()
        while answer["t"] not in ("error", "sync"):
            answer = reader.receive_json()
    assert answer["t"] == "error", answer
    assert answer["code"] == "forbidden_scope", answer
    assert answer["params"]["scopes"] == ["read"]
    owned = rooms.a.app.state.room.tables[table]
    assert [chair is None for chair in owned.seats][1:] == [True] * (len(owned.seats) - 1)
