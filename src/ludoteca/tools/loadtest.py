"""``ludoteca loadtest``: tables of WebSocket players playing random legal moves.

Each player enters as a guest, sits at a table and plays random moves from its own
view, full games back to back (the host asks for a rematch). Only loopback servers are
targets; every run is bounded in tables and time and stops by itself.

By default each player moves the moment its turn comes (a closed loop: the server is
as busy as it can be, and latency is mostly time spent queued behind other tables).
``rate`` paces the players instead, all tables together, to a number of moves a second,
as a room of people thinking between moves would: the latency is then what a player
waits at that load. Either way a move's latency runs from the moment it is sent.

A player whose socket closes (its process restarted) connects again with its session to
the next URL, asks for its table (``watch``) and plays on from the ``sync``; so does one
told its table is ``unavailable`` for a moment (asked again after ``retry_after``) or
played ``elsewhere`` (on to the next URL). A player moves once on a view of its table:
the same version shown again (a resync that crossed the move) waits for the move's
answer, unless the socket closed or the move was refused ``unavailable`` since. The
summary counts the reconnects, the resyncs, the **lost moves** (a move of the player's
the room acknowledged, missing from the table as a later sync shows it: the sync's
version is below the acknowledgement's; must be 0) and the longest a player waited for
its table to answer (a move sent, or its socket closed, until the answer or the sync).

Several URLs (the processes of one room) share the players out: table ``n``'s players
go to the URLs in turn from the ``n``-th, so the players of one table are on different
processes when there are as many URLs as players, and each URL has as many sockets as
another. The figures are given per URL (the moves its players sent, its process's CPU)
and in total.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import itertools
import random
import secrets
import socket
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import httpx
import msgspec
import websockets

MAX_TABLES = 2000
MAX_DURATION = 600.0
MAX_RATE = 100_000
#: How long a player whose socket closed goes on trying the room's URLs.
RECONNECT_SECONDS = 60.0


class LoadTestError(ValueError):
    """A load test that cannot be run as asked; the text says why."""


class _View(msgspec.Struct):
    legal_moves: list[str] = []
    result: Any = None
    log_from: int = 0
    log: list[Any] = []

    @property
    def moves(self) -> int:
        """How many moves the match has had, as this view shows it."""
        return self.log_from + len(self.log)


class _Table(msgspec.Struct):
    id: int
    status: str
    seats: list[dict[str, Any]]


class _Message(msgspec.Struct):
    t: str
    v: int = 0
    table: Any = None
    view: _View | None = None
    match: _View | None = None
    code: str = ""
    text: str = ""
    params: dict[str, Any] = {}


_decode = msgspec.json.Decoder(_Message).decode


@dataclass
class Clock:
    """The run's shared clock: it starts once every table is seated. In the warm-up the
    tables start one by one, at random moments, so that their games do not all end
    (and start again) together as they would in no real room; then it measures."""

    tables: int
    duration: float
    warmup: float = 0.0
    ready: int = 0
    begin: float = float("inf")
    deadline: float = float("inf")
    started: asyncio.Event = field(default_factory=asyncio.Event)

    def seated(self) -> None:
        self.ready += 1
        if self.ready == self.tables:
            self.begin = time.monotonic() + self.warmup
            self.deadline = self.begin + self.duration
            self.started.set()

    @property
    def measuring(self) -> bool:
        return self.begin <= time.monotonic() < self.deadline

    @property
    def over(self) -> bool:
        return time.monotonic() >= self.deadline


class Pacer:
    """Moves a second for all tables together: each move waits for its slot."""

    def __init__(self, rate: float | None) -> None:
        self.interval = 1.0 / rate if rate else 0.0
        self.next = 0.0

    async def wait(self) -> None:
        if not self.interval:
            return
        now = time.monotonic()
        slot = max(now, self.next)
        self.next = slot + self.interval
        if slot > now:
            await asyncio.sleep(slot - now)


@dataclass
class Figures:
    moves: int = 0
    games: int = 0
    errors: int = 0
    #: Moves the room asked to send again later (its rate limit): waited for, then sent.
    slowed: int = 0
    latencies: list[float] = field(default_factory=list)
    error_texts: list[str] = field(default_factory=list)
    #: Sockets opened again after one closed (or the table was played elsewhere).
    reconnects: int = 0
    #: Tables sent whole again (``sync``) after the first, asked for or not.
    resyncs: int = 0
    #: Moves acknowledged, then missing from a later sync.
    lost: int = 0
    #: The longest a player waited for its table's answer, in seconds.
    unanswered: float = 0.0
    #: Moves answered in each second of the measured run (0 is the first).
    each_second: list[int] = field(default_factory=list)

    def answered(self, second: int) -> None:
        self.moves += 1
        while len(self.each_second) <= second:
            self.each_second.append(0)
        self.each_second[second] += 1


def check_loopback(url: str) -> tuple[str, str]:
    """The WebSocket and HTTP base URLs, if ``url`` points at this machine."""
    parts = urlsplit(url)
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        raise LoadTestError(f"--url must be ws://HOST:PORT, not {url!r}")
    try:
        addresses = {info[4][0] for info in socket.getaddrinfo(parts.hostname, parts.port)}
    except OSError as error:
        raise LoadTestError(f"cannot resolve {parts.hostname!r}: {error}") from None
    if not all(ipaddress.ip_address(str(a).split("%")[0]).is_loopback for a in addresses):
        raise LoadTestError(f"the load test only targets loopback addresses, not {url!r}")
    base = f"{'https' if parts.scheme == 'wss' else 'http'}://{parts.netloc}"
    return f"{parts.scheme}://{parts.netloc}/ws", base


class Player:
    def __init__(
        self,
        figures: Figures,
        rng: random.Random,
        clock: Clock,
        pacer: Pacer,
        targets: list[Target],
        at: int,
        cookie: str,
    ) -> None:
        self.figures = figures
        self.pacer = pacer
        self.rng = rng
        self.clock = clock
        #: The room's URLs, and which of them this player's socket is on.
        self.targets = targets
        self.at = at
        self.cookie = cookie
        self.ws: Any = None
        self.table: int | None = None
        self.version = 0
        self.sent_at: float | None = None
        self.sent_version = 0
        #: The last message sent, to send again when the room says to slow down.
        self.sent = ""
        self.host = False
        self.measuring = False
        self.closing = False
        self.synced = False
        #: The match played, and its length after each of this player's moves the room
        #: acknowledged since the last sync of it: the next sync must have them all.
        self.match: int | None = None
        self.acked: list[int] = []
        #: A ``watch`` sent after a reconnect or an ``unavailable``: its sync is a resync.
        self.asked = False
        #: The match whose rematch this (host) player asked for.
        self.rematched: int | None = None
        #: Since when the player waits for its table (a move sent, its socket closed).
        self.waiting: float | None = None
        #: The table's version this player last moved on, over this socket: a second
        #: view of it (a resync that crossed the move) waits for the move's answer; a
        #: move sent twice on one view is refused (``stale``, or ``wrong_state`` if the
        #: first ended the game).
        self.moved_on: int | None = None

    async def connect(self) -> None:
        self.ws = await websockets.connect(
            self.targets[self.at].ws_url,
            additional_headers={"Cookie": f"ludoteca_session={self.cookie}"},
            max_size=2**22,
            ping_interval=None,
            compression=None,
        )

    async def close(self) -> None:
        self.closing = True
        if self.ws is not None:
            await self.ws.close()

    async def play(self, seated: asyncio.Event, players: int, created: asyncio.Future[int]) -> None:
        while True:
            with contextlib.suppress(websockets.ConnectionClosed):
                if await self._read(seated, players, created):
                    return
            if self.closing or self.clock.over:
                return
            await self._reconnect()

    async def _reconnect(self) -> None:
        """The socket closed (its process stopped, or the table is played elsewhere):
        the next URLs in turn, with the same session, until one takes it; then the
        table is asked for again."""
        with contextlib.suppress(websockets.WebSocketException, OSError):
            await self.ws.close()
        if self.waiting is None:
            self.waiting = time.perf_counter()
        deadline = time.monotonic() + RECONNECT_SECONDS
        while True:
            self.at = (self.at + 1) % len(self.targets)
            try:
                await self.connect()
                break
            except (OSError, TimeoutError, websockets.WebSocketException):
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.2)
        if self.measuring:
            self.figures.reconnects += 1
        # A move sent on the closed socket was stored or not: the sync says which.
        self.moved_on = None
        if self.table is not None:
            await self._ask()

    async def _ask(self) -> None:
        self.asked = True
        await self.ws.send(_json({"t": "watch", "table": self.table}))

    def _answered(self) -> None:
        if self.waiting is not None:
            if self.measuring:
                waited = time.perf_counter() - self.waiting
                self.figures.unanswered = max(self.figures.unanswered, waited)
            self.waiting = None

    def _synced(self, match: int | None, view: _View | None) -> None:
        """A sync: the first, one at the start of a match, or a resync (asked for, or
        of the match under way), whose match must hold every move acknowledged."""
        resync = self.synced and (self.asked or match == self.match)
        self.synced = True
        self.asked = False
        if match == self.match and view is not None and self.measuring:
            self.figures.lost += sum(n > view.moves for n in self.acked)
        if match != self.match or resync:
            self.match = match
            self.acked = []
        if resync:
            if self.measuring:
                self.figures.resyncs += 1
            self.sent_at = None  # its answer, whatever it was, is in the sync
            self._answered()

    async def _read(
        self, seated: asyncio.Event, players: int, created: asyncio.Future[int]
    ) -> bool:
        """Play from what comes on the socket: True once the run is over, False if the
        socket closed first."""
        ws = self.ws
        async for raw in ws:
            message = _decode(raw)
            kind = message.t
            if kind in ("sync", "match"):
                view = message.view if kind == "match" else message.match
                if kind == "sync":
                    info = message.table if isinstance(message.table, dict) else {}
                    self._synced(info.get("match"), view)
                    if self.table is None:
                        self.table = info.get("id")
                        if self.host and self.table is not None and not created.done():
                            created.set_result(self.table)
                self.version = message.v
                if view is None:
                    continue
                if self.sent_at is not None and message.v > self.sent_version:
                    if self.clock.measuring:
                        self.figures.latencies.append(time.perf_counter() - self.sent_at)
                        self.figures.answered(int(time.monotonic() - self.clock.begin))
                    self.acked.append(view.moves)
                    self.sent_at = None
                    self._answered()
                if view.result is not None:
                    # After a game's last move, or a resync showing one ended whose
                    # rematch was not asked for yet.
                    if self.host and self.rematched != self.match:
                        if self.clock.measuring and kind == "match":
                            self.figures.games += 1
                        if not self.clock.over:
                            self.rematched = self.match
                            self.sent = _json({"t": "rematch", "table": self.table})
                            await ws.send(self.sent)
                    continue
                if view.legal_moves and not self.clock.over and self.moved_on != self.version:
                    self.moved_on = self.version
                    move = self.rng.choice(view.legal_moves)
                    await self.pacer.wait()
                    self.sent_at = time.perf_counter()
                    self.waiting = self.waiting or self.sent_at
                    self.sent_version = self.version
                    self.sent = _json(
                        {"t": "move", "table": self.table, "v": self.version, "move": move}
                    )
                    await ws.send(self.sent)
            elif kind == "table":
                self.version = max(self.version, message.v)
                info = message.table
                if (
                    self.host
                    and info["status"] == "open"
                    and sum(seat["name"] is not None for seat in info["seats"]) >= players
                ):
                    seated.set()
            elif kind in ("chat", "presence"):
                self.version = max(self.version, message.v) if kind == "chat" else self.version
            elif kind == "error" and message.code == "slow_down" and self.sent:
                # The room's rate limit, kept to: the refused message changed nothing, so
                # it goes again when the room says (a move's latency counts from the first).
                self.figures.slowed += 1
                await asyncio.sleep(float(message.params.get("retry_after", 0.1)))
                await ws.send(self.sent)
            elif kind == "error" and message.code == "elsewhere" and message.table == self.table:
                return False  # played by a process this socket does not reach: the next
            elif kind == "error" and message.code == "unavailable" and message.table is not None:
                # Its process is handing it over, or cannot store now: nothing changed;
                # asked for again after the wait the room gives, and the sync says where
                # it stands (the move goes again from there if it is still to make).
                self.moved_on = None
                await asyncio.sleep(float(message.params.get("retry_after", 0.2)))
                await self._ask()
            elif kind == "error" and message.code == "stale" and message.table == self.table:
                pass  # the room sends the table as it is right after: a resync
            elif kind == "error" and self.measuring:
                self.figures.errors += 1
                if len(self.figures.error_texts) < 5:
                    self.figures.error_texts.append(f"{message.code}: {message.text}")
            if self.clock.over and self.sent_at is None:
                return True
        return False


def _json(value: dict[str, Any]) -> str:
    return msgspec.json.encode(value).decode()


async def _answers(client: httpx.AsyncClient, base: str) -> None:
    """Refuse at once, in one line, when no room answers at ``base``: otherwise every
    table would fail on its own, deep inside the run."""
    try:
        response = await client.get("/api/status", timeout=5)
    except httpx.TransportError as error:
        reason = str(error) or type(error).__name__
        raise LoadTestError(
            f"no room answers at {base} ({reason}): start one with 'ludoteca serve --port PORT'"
        ) from None
    if response.status_code != 200 or "commits" not in response.text:
        raise LoadTestError(f"{base} answers, but not as a ludoteca room (/api/status)")


async def _enter(client: httpx.AsyncClient, name: str) -> str:
    # A kept-alive HTTP connection the server closes just as it is reused fails without
    # an answer (a race of every HTTP/1.1 client, not the room's error): enter again,
    # under another name, since the first may have gone in.
    for again in ("", "r"):
        with contextlib.suppress(httpx.TransportError):
            return await _enter_as(client, name + again)
    return await _enter_as(client, name + "rr")


async def _enter_as(client: httpx.AsyncClient, name: str) -> str:
    response = await client.post("/api/guest", json={"name": name})
    if response.status_code != 200:
        raise LoadTestError(f"entering as {name!r} failed: {response.text}")
    return response.cookies["ludoteca_session"]


@dataclass
class Target:
    """One URL of the room: its players' figures, and its process's status before and
    after the measured seconds."""

    url: str
    ws_url: str
    base: str
    client: httpx.AsyncClient
    figures: Figures = field(default_factory=Figures)
    sockets: int = 0
    before: dict[str, Any] = field(default_factory=dict)
    after: dict[str, Any] = field(default_factory=dict)


async def _table(
    targets: list[Target],
    game: str,
    players: int,
    options: dict[str, Any],
    number: int,
    run_id: str,
    seed: int,
    clock: Clock,
    pacer: Pacer,
) -> None:
    people: list[Player] = []
    ready = False
    try:
        for i in range(players):
            at = (number + i) % len(targets)
            target = targets[at]
            cookie = await _enter(target.client, f"lt{run_id}-{number}-{i}")
            target.sockets += 1
            rng = random.Random(seed * 10_000 + number * 10 + i)
            person = Player(target.figures, rng, clock, pacer, targets, at, cookie)
            await person.connect()
            people.append(person)
        created: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        seated = asyncio.Event()
        people[0].host = True
        tasks = [asyncio.create_task(person.play(seated, players, created)) for person in people]
        await people[0].ws.send(_json({"t": "create", "game": game, "options": options}))
        table = await asyncio.wait_for(created, 60)
        for person in people[1:]:
            await person.ws.send(_json({"t": "join", "table": table}))
        await asyncio.wait_for(seated.wait(), 60)
        ready = True
        clock.seated()
        await clock.started.wait()
        for person in people:
            person.measuring = True  # errors count from the start, warm-up included
        await asyncio.sleep(random.Random(seed * 10_000 + number).uniform(0, clock.warmup))
        await people[0].ws.send(_json({"t": "start", "table": table}))
        # Replies to the last moves may still come in; then every socket is closed.
        await asyncio.sleep(max(0.0, clock.deadline - time.monotonic()) + 2.0)
        for person in people:
            await person.close()
        for outcome in await asyncio.gather(*tasks, return_exceptions=True):
            if isinstance(outcome, Exception) and not isinstance(
                outcome, websockets.ConnectionClosed
            ):
                raise outcome
    finally:
        if not ready:
            clock.seated()  # a table that failed to sit down must not hold the others
        for person in people:
            await person.close()


async def run(
    urls: str | list[str],
    game: str,
    players: int,
    tables: int,
    duration: float,
    options: dict[str, Any] | None = None,
    seed: int = 1,
    rate: float | None = None,
    warmup: float = 0.0,
) -> dict[str, Any]:
    urls = [urls] if isinstance(urls, str) else urls
    if not 1 <= tables <= MAX_TABLES:
        raise LoadTestError(f"--tables must be 1 to {MAX_TABLES}, not {tables}")
    if not 0 < duration <= MAX_DURATION:
        raise LoadTestError(f"--duration must be above 0 and at most {MAX_DURATION:g} s")
    if rate is not None and not 0 < rate <= MAX_RATE:
        raise LoadTestError(f"--rate must be above 0 and at most {MAX_RATE:,} moves a second")
    if not 0 <= warmup <= MAX_DURATION:
        raise LoadTestError(f"--warmup must be 0 to {MAX_DURATION:g} s")
    if not urls:
        raise LoadTestError("give the room's URL: --url ws://127.0.0.1:PORT (once per process)")
    places = [check_loopback(url) for url in urls]
    pacer = Pacer(rate)
    clock = Clock(tables, duration, warmup)
    run_id = secrets.token_hex(3)
    async with contextlib.AsyncExitStack() as stack:
        targets = [
            Target(
                url,
                ws_url,
                base,
                await stack.enter_async_context(
                    httpx.AsyncClient(
                        base_url=base, limits=httpx.Limits(max_connections=50), timeout=60
                    )
                ),
            )
            for url, (ws_url, base) in zip(urls, places, strict=True)
        ]
        for target in targets:
            await _answers(target.client, target.base)
        setup = [
            asyncio.create_task(
                _table(targets, game, players, options or {}, n, run_id, seed, clock, pacer)
            )
            for n in range(tables)
        ]
        # Every table is seated before the clock starts: the figure is play, not entry.
        await clock.started.wait()
        await asyncio.sleep(max(0.0, clock.begin - time.monotonic()))
        begin = time.perf_counter()
        began_at = time.time()
        for target in targets:
            target.before = await _status(target)
        await asyncio.sleep(max(0.0, clock.deadline - time.monotonic()))
        for target in targets:
            target.after = await _status(target)
        results = await asyncio.gather(*setup, return_exceptions=True)
        elapsed = min(time.perf_counter() - begin, duration)
    failures = [r for r in results if isinstance(r, BaseException)]
    total = Figures()
    for target in targets:
        for name in ("moves", "games", "errors", "slowed", "reconnects", "resyncs", "lost"):
            setattr(total, name, getattr(total, name) + getattr(target.figures, name))
        total.unanswered = max(total.unanswered, target.figures.unanswered)
        total.each_second = [
            a + b
            for a, b in itertools.zip_longest(
                total.each_second, target.figures.each_second, fillvalue=0
            )
        ]
        total.latencies += target.figures.latencies
        total.error_texts += target.figures.error_texts
    for failure in failures[:3]:
        total.error_texts.append(f"a table failed: {failure!r}")
    # Each process once, though two URLs may reach the same one (or one URL several
    # behind a port, of which a status shows one: the figure is then that one's).
    processes = {_process(t): t for t in targets}
    cpu = sum(_cpu(t) for t in processes.values())
    summary = _summary(total, elapsed, cpu, len(failures))
    summary.update(game=game, players=players, tables=tables, sockets=tables * players)
    summary["server_rss_mb"] = round(sum(t.after.get("rss_mb", 0.0) for t in processes.values()), 1)
    summary["server_commits"] = sum(t.after.get("commits", 0) for t in processes.values())
    summary["processes"] = len(processes)
    summary["rate"] = rate
    # When the measured seconds began (Unix time), and the moves answered in each: what
    # a rolling restart did to the pace, second by second.
    summary["began_at"] = round(began_at, 3)
    summary["moves_each_second"] = total.each_second
    summary["warmup"] = warmup
    if len(targets) > 1:
        summary["per_url"] = [
            {
                "url": t.url,
                "process": t.after.get("process"),
                "sockets": t.sockets,
                **_summary(t.figures, elapsed, _cpu(t), 0),
                "server_rss_mb": t.after.get("rss_mb"),
                "server_commits": t.after.get("commits"),
            }
            for t in targets
        ]
    return summary


async def _status(target: Target) -> dict[str, Any]:
    """The process's status; nothing while it does not answer (it is restarting)."""
    try:
        status: dict[str, Any] = (await target.client.get("/api/status")).json()
    except httpx.TransportError:
        return {}
    return status


def _process(target: Target) -> str:
    return str(target.after.get("process") or target.base)


def _cpu(target: Target) -> float:
    """The process's CPU over the clock's run, which is when the moves counted were made."""
    return float(target.after.get("cpu_s", 0.0)) - float(target.before.get("cpu_s", 0.0))


def _summary(
    figures: Figures, elapsed: float, server_cpu: float, failed_tables: int
) -> dict[str, Any]:
    latencies = sorted(figures.latencies)

    def percentile(q: float) -> float:
        if not latencies:
            return 0.0
        return round(1000 * latencies[min(len(latencies) - 1, int(q * len(latencies)))], 1)

    return {
        "seconds": round(elapsed, 1),
        "moves": figures.moves,
        "games": figures.games,
        "moves_per_second": round(figures.moves / elapsed, 1) if elapsed else 0.0,
        "p50_ms": percentile(0.50),
        "p95_ms": percentile(0.95),
        "p99_ms": percentile(0.99),
        "errors": figures.errors + failed_tables,
        "slowed": figures.slowed,
        "reconnects": figures.reconnects,
        "resyncs": figures.resyncs,
        "lost_moves": figures.lost,
        "longest_unanswered_s": round(figures.unanswered, 2),
        "error_samples": figures.error_texts,
        "server_cpu_s": round(server_cpu, 2),
        "server_cpu_us_per_move": round(1e6 * server_cpu / figures.moves) if figures.moves else 0,
    }
