"""``ludoteca flood``: how a flood of costly requests slows the room for everyone else.

One player sits on a socket and pings the room, one ping at a time, for the whole run:
first in quiet, then while clients flood the room with requests that cost the server
work — wrong passwords for a registered name (each an argon2 hash), or steps through the
replay of a long finished match. The figures are that player's ping, p50 and max, in
quiet and under the flood. Only rooms on this machine are targets; a run is bounded in
requests and stops by itself. A benchmark, not a test: the figures depend on the machine.
"""

from __future__ import annotations

import asyncio
import json
import random
import secrets
import statistics
import time
from collections import Counter
from enum import StrEnum
from typing import Any

import httpx
import websockets

from .loadtest import LoadTestError, check_loopback


class Flood(StrEnum):
    """What floods the room."""

    LOGINS = "logins"  # wrong passwords
    REPLAYS = "replays"  # steps through a finished match's replay


MAX_REQUESTS = 10_000
#: A ping each this often: within the room's 40 messages a second a connection.
PING_EVERY = 0.04


async def _pings(
    ws_url: str, cookie: str, ready: asyncio.Event, stop: asyncio.Event
) -> list[float]:
    """Round trips of one ping after another, in milliseconds: ``ready`` once the socket
    is welcomed, then at least one ping and on until ``stop``."""
    times: list[float] = []
    headers = {"Cookie": f"ludoteca_session={cookie}"}
    async with websockets.connect(ws_url, additional_headers=headers) as ws:
        while json.loads(await ws.recv())["t"] != "lobby":  # the welcome comes first
            pass
        ready.set()
        while not times or not stop.is_set():
            start = time.perf_counter()
            await ws.send('{"t": "ping"}')
            while json.loads(await ws.recv())["t"] != "pong":
                pass
            times.append((time.perf_counter() - start) * 1000)
            await asyncio.sleep(PING_EVERY)
    return times


async def _pinger(ws_url: str, cookie: str) -> tuple[asyncio.Task[list[float]], asyncio.Event]:
    """A pinging player, once the room has welcomed it (a phase is timed from there: on a
    slow machine connecting alone can outlast a short phase), and the event that stops
    it. If it fails before its welcome, its error is raised here."""
    ready, stop = asyncio.Event(), asyncio.Event()
    pinging = asyncio.create_task(_pings(ws_url, cookie, ready, stop))
    waiting = asyncio.create_task(ready.wait())
    await asyncio.wait({pinging, waiting}, return_when=asyncio.FIRST_COMPLETED)
    if not ready.is_set():
        waiting.cancel()
        await pinging  # raises what stopped it
    return pinging, stop


def _figures(times: list[float]) -> dict[str, float]:
    return {
        "p50_ms": round(statistics.median(times), 2) if times else 0.0,
        "max_ms": round(max(times), 1) if times else 0.0,
        "pings": len(times),
    }


async def _guest(client: httpx.AsyncClient, name: str) -> str:
    answer = await client.post("/api/guest", json={"name": name})
    if answer.status_code != 200:
        raise LoadTestError(f"entering as {name!r} failed: {answer.text}")
    return answer.cookies["ludoteca_session"]


async def _wrong_logins(client: httpx.AsyncClient) -> Any:
    name = "Victim" + secrets.token_hex(3)
    made = await client.post("/api/register", json={"name": name, "password": "the right one"})
    if made.status_code != 200:
        raise LoadTestError(f"registering {name!r} failed: {made.text}")

    async def one(guesser: httpx.AsyncClient) -> int:
        wrong = {"name": name, "password": secrets.token_hex(8)}
        return (await guesser.post("/api/login", json=wrong)).status_code

    return one


async def _replay_steps(client: httpx.AsyncClient, match_id: int, seed: int) -> Any:
    summary = await client.get(f"/api/matches/{match_id}")
    if summary.status_code != 200:
        raise LoadTestError(f"no finished match {match_id} to replay: {summary.text}")
    steps = int(summary.json()["moves"])
    rng = random.Random(seed)

    async def one(stepper: httpx.AsyncClient) -> int:
        at = rng.randint(0, steps)
        return (await stepper.get(f"/api/matches/{match_id}/view?at={at}")).status_code

    return one


async def run(
    url: str,
    flood: Flood | str,
    clients: int = 4,
    requests: int = 36,
    quiet: float = 2.0,
    match_id: int | None = None,
    seed: int = 1,
) -> dict[str, Any]:
    if flood not in set(Flood):
        raise LoadTestError(f"a flood of {' or '.join(Flood)}, not {flood!r}")
    flood = Flood(flood)
    if not 1 <= requests <= MAX_REQUESTS or not 1 <= clients <= requests:
        raise LoadTestError(f"--requests is 1 to {MAX_REQUESTS}, --clients 1 to --requests")
    if flood is Flood.REPLAYS and match_id is None:
        raise LoadTestError("a flood of replays steps through a finished match: give --match N")
    ws_url, base = check_loopback(url.replace("http", "ws", 1))
    async with httpx.AsyncClient(base_url=base, timeout=600) as client:
        cookie = await _guest(client, "Pinger" + secrets.token_hex(3))
        if flood is Flood.LOGINS:
            one = await _wrong_logins(client)
        else:
            one = await _replay_steps(client, match_id or 0, seed)

    pinging, stop = await _pinger(ws_url, cookie)
    await asyncio.sleep(quiet)
    stop.set()
    calm = _figures(await pinging)

    answers: Counter[int] = Counter()
    pinging, stop = await _pinger(ws_url, cookie)
    await asyncio.sleep(0.5)
    share = [requests // clients + (i < requests % clients) for i in range(clients)]

    async def flooder(count: int) -> None:
        async with httpx.AsyncClient(base_url=base, timeout=600) as own:
            for _ in range(count):
                answers[await one(own)] += 1

    start = time.perf_counter()
    await asyncio.gather(*(flooder(count) for count in share))
    seconds = time.perf_counter() - start
    stop.set()
    return {
        "flood": str(flood),
        "clients": clients,
        "requests": requests,
        "seconds": round(seconds, 1),
        "answers": {str(status): n for status, n in sorted(answers.items())},
        "quiet": calm,
        "flooded": _figures(await pinging),
    }
