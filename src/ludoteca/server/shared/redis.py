"""The room's shared state in Redis: who is online in each process, the names held for
entries, and the limits on entering, all with expiry, so that what a dead process held
goes by itself (docs/deploy.md).

Keys, under the room's prefix:

- ``processes``: a sorted set of the processes that have reported, scored by when.
- ``online:PROCESS``, ``sockets:PROCESS`` and ``persons:PROCESS``: hashes of who is
  online there (user id -> name), its sockets per address and per person, rewritten
  whole by their process on each change and each heartbeat, and expiring ``ttl``
  seconds after: a process that stops (killed, paused, cut off) drops out of every
  other's copy within ``ttl`` plus one poll.
- ``name:KEY``: a name held: claimed by an entry (SET NX, for ``NAME_HOLD``), then by
  its person online (``user:ID``, renewed with each heartbeat, expiring ``ttl`` after),
  deleted when they leave the room unless someone else holds it by then.
- ``tally:LIMIT:KEY``: a limit's token bucket (limits.py) as a hash, changed by a script
  on Redis's own clock, so that every process counts against one bucket.

Each process polls the others' hashes (``poll`` seconds) rather than subscribing to
changes: a poll also notices a process that died without a word, and costs three reads
a process a second, whatever the traffic.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from ..limits import Limit
from .presence import Changed, Here, Unavailable

log = logging.getLogger("ludoteca.server")

#: Seconds a process's report lives unless renewed; it is renewed every third of it.
TTL = 15.0
#: Seconds between reads of the other processes' reports.
POLL = 1.0
#: Seconds a name claimed by an entry stays held until its person connects.
NAME_HOLD = 120
#: Changes made at once are written together, at most this often.
COALESCE = 0.05


def connect(url: str) -> aioredis.Redis:
    return aioredis.Redis.from_url(url, decode_responses=True, socket_timeout=5)


class RedisPresence:
    def __init__(
        self,
        client: aioredis.Redis,
        process_id: str,
        prefix: str = "ludoteca:",
        ttl: float = TTL,
        poll: float = POLL,
    ) -> None:
        self.client = client
        self.process_id = process_id
        self.prefix = prefix
        self.ttl = ttl
        self.poll = poll
        self._others: dict[int, str] = {}
        self._sockets: dict[str, int] = {}
        self._per_person: dict[int, int] = {}
        self._gone: dict[str, int] = {}
        self._release: Any = client.register_script(_RELEASE)
        self._dirty = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._last_read = time.monotonic()
        self._failing = False
        #: Reports written and read, for /api/status.
        self.writes = 0
        self.reads = 0

    # -- what the room asks, from the copy ---------------------------------------------

    def others(self) -> Mapping[int, str]:
        return self._others

    def sockets_elsewhere(self, address: str) -> int:
        return self._sockets.get(address, 0)

    def sockets_of(self, user_id: int) -> int:
        return self._per_person.get(user_id, 0)

    def changed(self) -> None:
        self._dirty.set()

    def gone(self, key: str, user_id: int) -> None:
        self._gone[key] = user_id
        self._dirty.set()

    async def claim_name(self, key: str) -> bool:
        try:
            claimed = await self.client.set(
                f"{self.prefix}name:{key}", self.process_id, nx=True, ex=NAME_HOLD
            )
        except RedisError as error:
            raise Unavailable(str(error)) from None
        return bool(claimed)

    # -- the heartbeat and the poll ------------------------------------------------------

    async def start(self, here: Callable[[], Here], changed: Changed) -> None:
        try:
            await self._write(here())
            await self._read(changed)
        except RedisError as error:
            # The room starts anyway, alone until Redis answers: said once, loudly.
            log.error("Redis does not answer (%s): presence is shared once it does", error)
        self._task = asyncio.get_running_loop().create_task(self._run(here, changed))

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        # A process that stops in order takes its people with it at once, not in ``ttl``.
        with contextlib.suppress(RedisError, OSError):
            async with self.client.pipeline(transaction=True) as pipe:
                pipe.delete(*self._keys())
                pipe.zrem(f"{self.prefix}processes", self.process_id)
                await pipe.execute()
        await self.client.aclose()

    def _key(self, what: str, process: str | None = None) -> str:
        return f"{self.prefix}{what}:{process or self.process_id}"

    def _keys(self, process: str | None = None) -> list[str]:
        """A process's report: who is online there, its sockets per address, per person."""
        return [self._key(what, process) for what in ("online", "sockets", "persons")]

    async def _run(self, here: Callable[[], Here], changed: Changed) -> None:
        beat = self.ttl / 3
        written = read = time.monotonic()
        # Until stopped, and waiting under asyncio.timeout, not wait_for: on Python 3.11
        # wait_for loses a cancel that comes as the change it waits for does (CPython
        # gh-86296), and a process stopping as its people leave (each sets _dirty) was
        # seen to wait for this loop past a minute, holding its leases.
        while self._task is not None:
            wait = min(written + beat, read + self.poll) - time.monotonic()
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(max(0.0, wait)):
                    await self._dirty.wait()
                await asyncio.sleep(COALESCE)
            try:
                now = time.monotonic()
                if self._dirty.is_set() or now >= written + beat:
                    self._dirty.clear()
                    await self._write(here())
                    written = now
                if now >= read + self.poll:
                    await self._read(changed)
                    read = now
                if self._failing:
                    log.warning("Redis answers again: presence is shared again")
                    self._failing = False
            except (RedisError, OSError) as error:
                if not self._failing:
                    log.error("Redis does not answer (%s): presence retried", error)
                    self._failing = True
                self._forget_if_stale(changed)
                await asyncio.sleep(min(1.0, self.poll))
            except Exception:
                # A fault of ours must not stop the heartbeat: the others would drop
                # this process's people in ``ttl``.
                log.exception("sharing presence failed; it is tried again")
                await asyncio.sleep(min(1.0, self.poll))

    async def _write(self, here: Here) -> None:
        keys = self._keys()
        gone, self._gone = self._gone, {}
        ttl_ms = int(self.ttl * 1000)
        async with self.client.pipeline(transaction=True) as pipe:
            pipe.delete(*keys)
            hashes: tuple[Mapping[Any, object], ...] = (
                here.online,
                here.sockets,
                here.per_person,
            )
            for key, values in zip(keys, hashes, strict=True):
                if values:
                    pipe.hset(key, mapping={str(k): str(v) for k, v in values.items()})
                    pipe.pexpire(key, ttl_ms)
            for key, user in here.names.items():
                pipe.set(f"{self.prefix}name:{key}", f"user:{user}", px=ttl_ms)
            for key, user in gone.items():
                if key not in here.names:  # back online here since
                    name = f"{self.prefix}name:{key}"
                    await self._release(keys=[name], args=[f"user:{user}"], client=pipe)
            pipe.zadd(f"{self.prefix}processes", {self.process_id: time.time()})
            # Processes silent for ten lifetimes are dropped from the list for good.
            pipe.zremrangebyscore(f"{self.prefix}processes", "-inf", time.time() - 10 * self.ttl)
            await pipe.execute()
        self.writes += 1

    async def _read(self, changed: Changed) -> None:
        listed = await self.client.zrange(f"{self.prefix}processes", 0, -1)
        # decode_responses: each member is a str.
        processes = [str(process) for process in listed if process != self.process_id]
        async with self.client.pipeline(transaction=False) as pipe:
            for process in processes:
                for key in self._keys(process):
                    pipe.hgetall(key)
            answers: list[dict[str, str]] = await pipe.execute()
        others: dict[int, str] = {}
        sockets: Counter[str] = Counter()
        per_person: Counter[int] = Counter()
        for online, at, of in zip(answers[::3], answers[1::3], answers[2::3], strict=True):
            others.update((int(user), name) for user, name in online.items())
            sockets.update({address: int(count) for address, count in at.items()})
            per_person.update({int(user): int(count) for user, count in of.items()})
        self.reads += 1
        self._last_read = time.monotonic()
        self._sockets = dict(sockets)
        self._per_person = dict(per_person)
        self._replace(others, changed)

    def _replace(self, others: dict[int, str], changed: Changed) -> None:
        before = self._others
        self._others = others
        joined = {user: name for user, name in others.items() if user not in before}
        left = {user: name for user, name in before.items() if user not in others}
        if joined or left:
            changed(joined, left)

    def _forget_if_stale(self, changed: Changed) -> None:
        # Unread for a lifetime, the others' reports would have expired anyway.
        if time.monotonic() - self._last_read > self.ttl:
            self._sockets, self._per_person = {}, {}
            self._replace({}, changed)

    def status(self) -> dict[str, object]:
        return {
            "shared": "redis",
            "online_elsewhere": len(self._others),
            "presence_writes": self.writes,
            "presence_reads": self.reads,
            "redis_ok": not self._failing,
        }


#: A name is let go only by whom it holds it: an entry may have claimed it since.
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""

#: A token bucket (limits.Tally's) on Redis's clock: take one, or say how long to wait;
#: or give one back. A full bucket is no key: it expires once it would have refilled.
_BUCKET = """
local now_parts = redis.call('TIME')
local now = tonumber(now_parts[1]) + tonumber(now_parts[2]) / 1000000
local count = tonumber(ARGV[1])
local seconds = tonumber(ARGV[2])
local rate = count / seconds
local held = redis.call('HMGET', KEYS[1], 'tokens', 'stamp')
local tokens = count
if held[1] then
  tokens = math.min(count, tonumber(held[1]) + (now - tonumber(held[2])) * rate)
end
if ARGV[3] == 'take' then
  if tokens < 1 then
    return math.max(1, math.ceil((1 - tokens) / rate))
  end
  tokens = tokens - 1
else
  tokens = math.min(count, tokens + 1)
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'stamp', tostring(now))
redis.call('EXPIRE', KEYS[1], math.ceil(seconds))
return 0
"""


class RedisTally:
    """A limit counted across every process of the room (limits.Limiter)."""

    def __init__(self, client: aioredis.Redis, limit: Limit, prefix: str = "ludoteca:") -> None:
        self.limit = limit
        self._key = f"{prefix}tally:{limit.setting}:"
        self._script: Any = client.register_script(_BUCKET)

    async def _bucket(self, key: str, how: str) -> int:
        args = [self.limit.count, self.limit.seconds, how]
        try:
            return int(await self._script(keys=[self._key + key], args=args))
        except RedisError as error:
            raise Unavailable(str(error)) from None

    async def take(self, key: str) -> int | None:
        return await self._bucket(key, "take") or None

    async def give_back(self, key: str) -> None:
        await self._bucket(key, "refund")
