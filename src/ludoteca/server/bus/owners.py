"""A stand-in for the leases of issue 21 until they land: the process that opened (or
brought back) a table owns it, recorded in Redis with an expiry it renews. It does not
fence: a process paused past the expiry may still write (the leases in PostgreSQL do
that); it only tells a gateway where a table lives.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Collection

import redis.asyncio as aioredis
from redis.exceptions import RedisError

#: Seconds a claim stands unless renewed (the room renews every beat).
CLAIM_SECONDS = 15


class RedisOwnerDirectory:
    def __init__(
        self, redis: aioredis.Redis, prefix: str, process: str, held: Callable[[int], bool]
    ) -> None:
        self.redis = redis
        self.prefix = prefix
        self.process = process
        self._held = held

    def _key(self, table_id: int) -> str:
        return f"{self.prefix}:owner:{table_id}"

    async def owner_of(self, table_id: int) -> str | None:
        try:
            owner = await self.redis.get(self._key(table_id))
        except (RedisError, OSError):
            return None
        if owner is None:
            return None
        return owner.decode() if isinstance(owner, bytes) else str(owner)

    def is_mine(self, table_id: int) -> bool:
        return self._held(table_id)

    async def claim(self, table_id: int) -> bool:
        """Whether this process owns the table now (it did, or nobody did)."""
        key = self._key(table_id)
        try:
            if await self.redis.set(key, self.process, ex=CLAIM_SECONDS, nx=True):
                return True
            return await self.owner_of(table_id) == self.process
        except (RedisError, OSError):
            return False

    async def renew(self, table_ids: Collection[int]) -> None:
        with contextlib.suppress(RedisError, OSError):  # else renewed at the next beat
            async with self.redis.pipeline(transaction=False) as pipe:
                for table_id in table_ids:
                    pipe.set(self._key(table_id), self.process, ex=CLAIM_SECONDS)
                await pipe.execute()

    async def release(self, table_id: int) -> None:
        with contextlib.suppress(RedisError, OSError):  # else it expires
            # Only our own claim: compare and delete in one step.
            await self.redis.eval(
                "if redis.call('get', KEYS[1]) == ARGV[1] then "
                "return redis.call('del', KEYS[1]) end return 0",
                1,
                self._key(table_id),
                self.process,
            )
