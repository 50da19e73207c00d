"""Limits on entering the room over HTTP: wrong passwords per name and per address,
entries per address (docs/security.md).

Each limit allows ``count`` within ``seconds``, as a token bucket per key (a name, an
address): a burst of ``count`` at once, then one more each ``seconds / count``. A room of
one process counts in memory (``Tally``); the processes of a room on Redis count in one
bucket there (``shared.redis.RedisTally``), both behind ``Limiter``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

#: Keys kept per limit before those that are back to full are forgotten.
MAX_KEYS = 10_000


@dataclass(frozen=True, slots=True)
class Limit:
    """``count`` within ``seconds``; ``setting`` names it (room.Settings, docs/security.md)."""

    setting: str
    count: int
    seconds: float


class Limiter(Protocol):
    limit: Limit

    async def take(self, key: str) -> int | None:
        """Count one for ``key``; or, the limit used up, count nothing and say how many
        whole seconds until it allows one more."""
        ...

    async def give_back(self, key: str) -> None:
        """Give back what ``take`` took: it was not what the limit counts after all."""
        ...


class Tally:
    """How much of a limit each key has used, in this process."""

    def __init__(self, limit: Limit, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self._clock = clock
        self._rate = limit.count / limit.seconds
        #: key -> (tokens left, when they were counted)
        self._used: dict[str, tuple[float, float]] = {}

    def _tokens(self, key: str, now: float) -> float:
        tokens, stamp = self._used.get(key, (self.limit.count, now))
        return min(float(self.limit.count), tokens + (now - stamp) * self._rate)

    def retry_after(self, key: str) -> int | None:
        """Whole seconds until ``key`` may act again, or None when it may now."""
        tokens = self._tokens(key, self._clock())
        return None if tokens >= 1 else max(1, math.ceil((1 - tokens) / self._rate))

    def count(self, key: str) -> None:
        now = self._clock()
        self._used[key] = (max(0.0, self._tokens(key, now) - 1), now)
        if len(self._used) > MAX_KEYS:
            self._forget_full(now)

    def refund(self, key: str) -> None:
        """Give back what ``count`` took: it was not what the limit counts after all."""
        now = self._clock()
        self._used[key] = (min(float(self.limit.count), self._tokens(key, now) + 1), now)

    async def take(self, key: str) -> int | None:
        wait = self.retry_after(key)
        if wait is None:
            self.count(key)
        return wait

    async def give_back(self, key: str) -> None:
        self.refund(key)

    def _forget_full(self, now: float) -> None:
        full = [key for key in self._used if self._tokens(key, now) >= self.limit.count]
        for key in full:
            del self._used[key]


class TooMany(Exception):
    """A limit is used up: ``retry_after`` seconds until it allows one more."""

    def __init__(self, limit: Limit, retry_after: int) -> None:
        super().__init__(limit.setting)
        self.limit = limit
        self.retry_after = retry_after


async def take(*tallies: tuple[Limiter, str]) -> None:
    """Count one for each (limiter, key), or raise TooMany for the first used up and
    count none: what the others took is given back."""
    taken: list[tuple[Limiter, str]] = []
    for limiter, key in tallies:
        wait = await limiter.take(key)
        if wait is not None:
            for done, counted in taken:
                await done.give_back(counted)
            raise TooMany(limiter.limit, wait)
        taken.append((limiter, key))


@dataclass(frozen=True, slots=True)
class EntryLimits:
    """The room's limits on entering, each counted on its own."""

    failures_per_name: Limiter
    failures_per_address: Limiter
    entries_per_address: Limiter
