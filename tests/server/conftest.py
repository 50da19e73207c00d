"""Fixtures for the room: the real app on SQLite (and PostgreSQL where it runs here)."""

from __future__ import annotations

import asyncio
import os
import secrets
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from ludoteca.server.app import create_app
from ludoteca.server.room import Settings

from ..services import POSTGRES, REDIS, redis_missing
from .client import Person


def _on_postgres(statement: str) -> None:
    import asyncpg

    async def run() -> None:
        connection = await asyncpg.connect(POSTGRES.replace("+asyncpg", ""), timeout=3)
        try:
            await connection.execute(statement)
        finally:
            await connection.close()

    asyncio.run(run())


def postgres_database() -> str | None:
    """A fresh database on the local PostgreSQL, or None when none runs here."""
    import asyncpg

    name = f"ludoteca_{secrets.token_hex(4)}"
    try:
        _on_postgres(f'CREATE DATABASE "{name}"')
    except (OSError, asyncpg.PostgresError):
        return None
    return POSTGRES.rsplit("/", 1)[0] + "/" + name


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path) -> Iterator[str]:
    """Each test that takes this runs on SQLite and on the local PostgreSQL."""
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'room.db'}"
        return
    url = postgres_database()
    if url is None:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is not reachable at " + POSTGRES)
        pytest.skip("no PostgreSQL here")
    yield url
    _on_postgres(f'DROP DATABASE IF EXISTS "{url.rsplit("/", 1)[1]}" WITH (FORCE)')


@pytest.fixture
def redis_url() -> str:
    """The local Redis: a test that takes this gives its keys a prefix of its own
    (``redis_prefix``), and never flushes what others keep there."""
    why = redis_missing()
    if why is not None:
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip(why)
    return REDIS


@pytest.fixture
def redis_prefix(redis_url) -> Iterator[str]:
    """A key prefix of this test's own on the local Redis; its keys are deleted after."""
    import redis

    prefix = f"ludoteca-test-{secrets.token_hex(4)}:"
    yield prefix
    client = redis.Redis.from_url(redis_url)
    keys = list(client.scan_iter(match=prefix + "*"))
    if keys:
        client.delete(*keys)
    client.close()


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh database of this test's own on the local PostgreSQL, dropped after."""
    url = postgres_database()
    if url is None:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is not reachable at " + POSTGRES)
        pytest.skip("no PostgreSQL here")
    yield url
    _on_postgres(f'DROP DATABASE IF EXISTS "{url.rsplit("/", 1)[1]}" WITH (FORCE)')


@pytest.fixture
def sqlite_url(tmp_path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'room.db'}"


@pytest.fixture
def settings(sqlite_url) -> Settings:
    """The app on SQLite, bots moving at once, test clients as quick as they like and
    entering as often as they like (tests of the limits set their own)."""
    return Settings(
        db_url=sqlite_url, bot_delay=0, messages_per_second=10_000, entries_per_minute=10_000
    )


@pytest.fixture
def room(settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as client:
        yield client
        Person.close_all()


@pytest.fixture
def enter(room):
    """enter("Anna") -> a Person at the room, connected."""
    people: list[Person] = []

    def make(name: str) -> Person:
        person = Person.enter(room, name)
        people.append(person)
        return person

    yield make
    Person.close_all()
