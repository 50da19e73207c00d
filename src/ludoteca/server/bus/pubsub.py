"""The bus over Redis pub/sub: a channel for each process's letters and one for news.

Letters are published in order by one writer task, batched in a pipeline per turn of the
loop. The reader holds its own subscription; when Redis goes away it subscribes again
until Redis is back, then says so (``reconnected``): whatever was published meanwhile is
lost, and the room resyncs (docs/deploy.md says why that is the bargain taken).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Callable

import redis.asyncio as aioredis
from redis.exceptions import RedisError

log = logging.getLogger("ludoteca.server")

#: Seconds between attempts to reach Redis again.
RETRY_SECONDS = 0.25


class RedisBus:
    shared = True

    def __init__(self, url: str, process: str, prefix: str = "ludoteca:") -> None:
        self.process = process
        self.prefix = prefix
        self.redis = aioredis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=None)
        self._outbox: deque[tuple[str, bytes]] = deque()
        self._queued = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []
        self._receive: Callable[[bytes], None] = lambda letter: None
        self._reconnected: Callable[[], None] = lambda: None
        self._subscribed = asyncio.Event()
        self._busy = False  # publishing a batch
        #: Letters published and dropped (Redis away), for /api/status.
        self.published = 0
        self.dropped = 0

    def channel(self, process: str) -> str:
        return f"{self.prefix}bus:{process}"

    @property
    def news_channel(self) -> str:
        return f"{self.prefix}bus-news"

    async def start(
        self, receive: Callable[[bytes], None], reconnected: Callable[[], None]
    ) -> None:
        self._receive, self._reconnected = receive, reconnected
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._read()), loop.create_task(self._write())]
        # A room takes sockets only once it hears its letters (or Redis is found away).
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._subscribed.wait(), 5)

    def send(self, process: str, letter: bytes) -> None:
        self._outbox.append((self.channel(process), letter))
        self._queued.set()

    def broadcast(self, news: bytes) -> None:
        self._outbox.append((self.news_channel, news))
        self._queued.set()

    async def stop(self) -> None:
        # What was sent last (a leaving process's farewells) goes out first.
        for _ in range(20):
            if not self._outbox and not self._busy:
                break
            await asyncio.sleep(0.05)
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.redis.aclose()

    async def _write(self) -> None:
        outbox, queued = self._outbox, self._queued
        while True:
            await queued.wait()
            queued.clear()
            batch = list(outbox)
            outbox.clear()
            self._busy = True
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for channel, data in batch:
                        pipe.publish(channel, data)
                    await pipe.execute()
                self.published += len(batch)
            except (RedisError, OSError) as error:
                # Lost, as a letter may be: the receivers see the gap and resync.
                self.dropped += len(batch)
                log.warning("the bus dropped %d letters: %s", len(batch), error)
                await asyncio.sleep(RETRY_SECONDS)
            finally:
                self._busy = False

    async def _read(self) -> None:
        first = True
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.channel(self.process), self.news_channel)
                self._subscribed.set()
                if not first:
                    log.warning("the bus is back")
                    self._reconnected()
                first = False
                receive = self._receive
                async for message in pubsub.listen():
                    if message["type"] == "message":
                        receive(message["data"])
            except (RedisError, OSError) as error:
                if first:
                    self._subscribed.set()  # away at the start: the room opens anyway
                first = False
                log.warning("the bus is away (%s): trying again", error)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]
            await asyncio.sleep(RETRY_SECONDS)
