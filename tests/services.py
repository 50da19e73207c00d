"""The servers the suite tests against on this machine: PostgreSQL and Redis (see
/work/shared/notes/services.md). Each answers or not; the suite says which, once, as it
starts (tests/conftest.py), and under CI a missing one fails the run."""

from __future__ import annotations

import asyncio
import os

POSTGRES = os.environ.get("LUDOTECA_TEST_POSTGRES", "postgresql+asyncpg://postgres@127.0.0.1/test")
REDIS = os.environ.get("LUDOTECA_TEST_REDIS", "redis://127.0.0.1:6379/0")


def postgres_missing() -> str | None:
    """Why the local PostgreSQL cannot be used, or None when it answers."""
    import asyncpg

    async def touch() -> None:
        connection = await asyncpg.connect(POSTGRES.replace("+asyncpg", ""), timeout=3)
        await connection.close()

    try:
        asyncio.run(touch())
    except (OSError, asyncpg.PostgresError, TimeoutError) as error:
        return f"PostgreSQL at {POSTGRES} does not answer ({error or type(error).__name__})"
    return None


def redis_missing() -> str | None:
    """Why the local Redis cannot be used, or None when it answers."""
    import redis

    try:
        client = redis.Redis.from_url(REDIS, socket_timeout=3)
        try:
            client.ping()
        finally:
            client.close()
    except (redis.RedisError, OSError) as error:
        return f"Redis at {REDIS} does not answer ({error})"
    return None
