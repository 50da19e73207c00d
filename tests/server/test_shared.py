"""What the room's processes share in Redis, against the real local Redis (a key prefix
of each test's own): who is online, with expiry; guest names; the limits on entering and
the sockets per address. Two rooms in one test stand for two processes of one room."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Iterator

import pytest
from starlette.testclient import TestClient

from ludoteca.server.app import create_app
from ludoteca.server.room import Settings
from ludoteca.server.shared.presence import Here
from ludoteca.server.shared.redis import RedisPresence, connect

from .client import Person

#: A poll quick enough for a test to wait for it.
POLL = 0.1


def wait_for(what: Callable[[], bool], seconds: float = 5.0) -> None:
    deadline = time.monotonic() + seconds
    while not what():
        assert time.monotonic() < deadline, "not within the time"
        time.sleep(0.05)


def test_a_process_that_stops_reporting_drops_out_of_the_others_within_its_ttl(
    redis_url, redis_prefix
):
    async def scene() -> tuple[float, list[dict[int, str]]]:
        here = Here(online={7: "Anna"}, sockets={"10.0.0.9": 2})
        left: list[dict[int, str]] = []
        a = RedisPresence(connect(redis_url), "a", redis_prefix, ttl=1.0, poll=POLL)
        b = RedisPresence(connect(redis_url), "b", redis_prefix, ttl=1.0, poll=POLL)
        await a.start(lambda: here, lambda _joined, _left: None)
        await b.start(lambda: Here(), lambda _joined, gone: gone and left.append(dict(gone)))
        assert b.others() == {7: "Anna"}
        assert b.sockets_elsewhere("10.0.0.9") == 2
        assert a.others() == {}  # a process does not count itself as elsewhere
        # a dies: its heartbeat stops, nothing is cleaned up (kill -9, SIGSTOP, a cut).
        assert a._task is not None
        a._task.cancel()
        died = time.monotonic()
        while b.others():
            assert time.monotonic() - died < 3.0, "still online after the ttl"
            await asyncio.sleep(0.05)
        gone_after = time.monotonic() - died
        assert b.sockets_elsewhere("10.0.0.9") == 0
        await b.stop()
        await a.client.aclose()
        return gone_after, left

    gone_after, left = asyncio.run(scene())
    assert 0.5 < gone_after < 1.0 + 3 * POLL + 0.5  # the ttl, then one poll
    assert left == [{7: "Anna"}]


def test_a_process_stopping_in_order_takes_its_people_at_once(redis_url, redis_prefix):
    async def scene() -> float:
        a = RedisPresence(connect(redis_url), "a", redis_prefix, ttl=30.0, poll=POLL)
        b = RedisPresence(connect(redis_url), "b", redis_prefix, ttl=30.0, poll=POLL)
        await a.start(lambda: Here(online={7: "Anna"}), lambda _j, _l: None)
        await b.start(lambda: Here(), lambda _j, _l: None)
        assert b.others() == {7: "Anna"}
        stopped = time.monotonic()
        await a.stop()
        while b.others():
            await asyncio.sleep(0.02)
        await b.stop()
        return time.monotonic() - stopped

    assert asyncio.run(scene()) < 1.0  # one poll, not the 30 s ttl


@contextlib.contextmanager
def two_rooms(
    tmp_path, redis_url: str, redis_prefix: str, **settings: float
) -> Iterator[tuple[TestClient, TestClient]]:
    """Two processes of one room: each its own app, sharing one database (the user ids
    are the room's) and one Redis prefix."""
    apps = [
        create_app(
            Settings(
                db_url=f"sqlite+aiosqlite:///{tmp_path / 'room.db'}",
                redis_url=redis_url,
                redis_prefix=redis_prefix,
                process_id=name,
                bot_delay=0,
                messages_per_second=10_000,
                **settings,  # type: ignore[arg-type]
            )
        )
        for name in ("a", "b")
    ]
    with TestClient(apps[0]) as a, TestClient(apps[1]) as b:
        for client in (a, b):
            client.app.state.room.presence.poll = POLL
        try:
            yield a, b
        finally:
            Person.close_all()


def test_a_guest_name_taken_on_one_process_is_refused_on_another(tmp_path, redis_url, redis_prefix):
    with two_rooms(tmp_path, redis_url, redis_prefix, entries_per_minute=100) as (a, b):
        anna = Person.enter(a, "Anna")
        # Entered on a, not yet online anywhere: the claim holds the name on b.
        refused = b.post("/api/guest", json={"name": "anna"})
        assert refused.status_code == 409
        assert refused.json()["code"] == "name_online"
        # Online on a: b's copy of who is online holds it too (and says so in status).
        wait_for(lambda: b.get("/api/status").json()["online_everywhere"] == 1)
        assert b.post("/api/guest", json={"name": "ANNA"}).status_code == 409
        assert (
            b.post("/api/register", json={"name": "Anna", "password": "x" * 12}).json()["code"]
            == "name_taken"
        )
        # Gone from a: the name is free on b again.
        anna.close()
        wait_for(lambda: b.get("/api/status").json()["online_everywhere"] == 0)
        assert b.post("/api/guest", json={"name": "Anna"}).status_code == 200


def test_two_entries_of_one_name_at_two_processes_at_once_one_wins(
    tmp_path, redis_url, redis_prefix
):
    with two_rooms(tmp_path, redis_url, redis_prefix, entries_per_minute=100) as (a, b):
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(2) as pool:
            answers = list(pool.map(lambda c: c.post("/api/guest", json={"name": "Zoe"}), (a, b)))
        assert sorted(answer.status_code for answer in answers) == [200, 409]


def test_people_online_on_another_process_are_in_the_lobby_and_leave_it(
    tmp_path, redis_url, redis_prefix
):
    with two_rooms(tmp_path, redis_url, redis_prefix, entries_per_minute=100) as (a, b):
        bob = Person.enter(b, "Bob")
        anna = Person.enter(a, "Anna")
        bob.expect("lobby_update", where=lambda m: "Anna" in m["joined"])
        assert Person.enter(b, "Carl").lobby["online"] == ["Anna", "Bob", "Carl"]
        anna.close()
        bob.expect("lobby_update", where=lambda m: "Anna" in m["left"])


def test_entries_from_one_address_are_counted_across_processes(tmp_path, redis_url, redis_prefix):
    with two_rooms(tmp_path, redis_url, redis_prefix, entries_per_minute=3) as (a, b):
        assert a.post("/api/guest", json={"name": "E1"}).status_code == 200
        assert b.post("/api/guest", json={"name": "E2"}).status_code == 200
        assert a.post("/api/guest", json={"name": "E3"}).status_code == 200
        refused = b.post("/api/guest", json={"name": "E4"})
        assert refused.status_code == 429, refused.text
        assert refused.json()["params"]["limit"] == "entries_per_minute"
        assert int(refused.headers["Retry-After"]) >= 1


def test_wrong_passwords_are_counted_across_processes(tmp_path, redis_url, redis_prefix):
    with two_rooms(
        tmp_path, redis_url, redis_prefix, entries_per_minute=100, login_failures_per_name=2
    ) as (a, b):
        wrong = {"name": "Nobody", "password": "not-the-password"}
        assert a.post("/api/login", json=wrong).status_code == 401
        assert b.post("/api/login", json=wrong).status_code == 401
        refused = a.post("/api/login", json=wrong)
        assert refused.status_code == 429
        assert refused.json()["params"]["limit"] == "login_failures_per_name"


def test_sockets_from_one_address_are_counted_across_processes(tmp_path, redis_url, redis_prefix):
    with two_rooms(
        tmp_path, redis_url, redis_prefix, entries_per_minute=100, sockets_per_address=2
    ) as (a, b):
        Person.enter(a, "S1")
        Person.enter(b, "S2")
        wait_for(lambda: a.app.state.room.presence.sockets_elsewhere("testclient") == 1)
        entered = a.post("/api/guest", json={"name": "S3"})
        with a.websocket_connect("/ws", cookies=dict(entered.cookies)) as ws:
            closed = ws.receive()
        assert closed["code"] == 4429
        assert "sockets_per_address" in closed["reason"]


def test_without_redis_the_room_shares_nothing(room):
    status = room.get("/api/status").json()
    assert status["shared"] == "none"
    assert status["journal_lag_s"] == 0
    assert status["process"]


@pytest.fixture(autouse=True)
def _people_closed() -> Iterator[None]:
    yield
    Person.close_all()


def test_a_name_online_is_held_in_redis_and_let_go_when_its_person_leaves(
    tmp_path, redis_url, redis_prefix
):
    import redis

    held = redis.Redis.from_url(redis_url, decode_responses=True)
    with two_rooms(tmp_path, redis_url, redis_prefix, entries_per_minute=100) as (a, _b):
        olga = Person.enter(a, "Olga")
        user = olga.welcome["you"]["id"]
        key = next(iter(held.scan_iter(match=redis_prefix + "name:*")))
        # Held by her being online (not only by her entry), for a heartbeat's ttl.
        wait_for(lambda: held.get(key) == f"user:{user}")
        assert 0 < held.pttl(key) <= 15_000
        olga.close()
        wait_for(lambda: held.get(key) is None)
    held.close()


def test_a_name_claimed_since_its_person_left_is_not_let_go(redis_url, redis_prefix):
    async def scene() -> str | None:
        client = connect(redis_url)
        a = RedisPresence(client, "a", redis_prefix, ttl=30.0, poll=POLL)
        await a.start(lambda: Here(), lambda _j, _l: None)
        # Gone from a, but in between an entry elsewhere claimed the name.
        await client.set(f"{redis_prefix}name:olga", "b")
        a.gone("olga", 7)
        await asyncio.sleep(0.3)
        claim: str | None = await client.get(f"{redis_prefix}name:olga")
        await a.stop()
        return claim

    assert asyncio.run(scene()) == "b"
