"""A table's events as ndjson over HTTP (``GET /api/bot/stream``), against a real
``ludoteca serve``: its first line is the socket's state of the seat, and it carries
nothing the seat may not know (docs/bots.md)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
from websockets.sync.client import connect

from ludoteca.client import Client, Plan
from ludoteca.server import botaccounts

from .live import Player, Server, running
from .test_bot_client import (
    _next,
    _person_plays,
    _stored,
    make_bot,
    recorded_views_are_the_seats,
)

STREAM = "/api/bot/stream"


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _finished(message: dict) -> bool:
    info = message.get("changed") if message["t"] == "match" else message.get("table")
    return isinstance(info, dict) and info.get("status") == "finished"


def _read_stream(server: Server, token: str, table: int, opened: threading.Event) -> list[dict]:
    """The stream's lines until the match has finished."""
    lines = []
    with httpx.stream(
        "GET", server.http + STREAM, params={"table": table}, headers=_bearer(token), timeout=60
    ) as answer:
        assert answer.status_code == 200, answer.read()
        assert answer.headers["content-type"].startswith("application/x-ndjson")
        for line in answer.iter_lines():
            lines.append(json.loads(line))
            opened.set()
            if _finished(lines[-1]):
                return lines
    raise AssertionError(f"the stream ended before the match: {lines[-1:]}")


@contextlib.contextmanager
def _robo_hosts_keltis(db_url: str) -> Iterator[tuple[Server, Any, int, str]]:
    """A room, and Robo's socket (a bot's token) at the Keltis table it opened: (the
    room, the socket, the table, the token)."""
    token = make_bot(db_url)
    with (
        running(db_url) as server,
        connect(server.ws, additional_headers=_bearer(token)) as robo,
    ):
        robo.send(json.dumps({"t": "create", "game": "keltis"}))
        yield server, robo, _next(robo, "sync")["table"]["id"], token


def test_the_first_line_is_the_seats_state_as_a_sockets_resync_gives_it(sqlite_url):
    with _robo_hosts_keltis(sqlite_url) as (server, robo, table, token):
        anna = Player(server, "Anna")
        anna.send(t="join", table=table)
        anna.expect("sync")
        robo.send(json.dumps({"t": "start", "table": table}))
        started = _next(robo, "sync")  # a start sends each seat its table whole
        assert started["match"]["seat"] == 0
        with httpx.stream(
            "GET", server.http + STREAM, params={"table": table}, headers=_bearer(token)
        ) as answer:
            first = json.loads(next(answer.iter_lines()))
            robo.send(json.dumps({"t": "resync", "table": table, "v": -1, "log": 0}))
            resynced = _next(robo, "sync")
        anna.close()
    assert first["t"] == "sync"
    assert first["you"] == 0
    # The seat's own hand, not the other's: the stream is the seat's.
    players = first["match"]["position"]["players"]
    assert players[0]["hand"]
    assert "hand" not in players[1]
    assert first == resynced


def test_a_stream_never_carries_what_its_seat_or_a_spectator_may_not_know(sqlite_url):
    """A client bot plays Keltis against Anna's socket; the bot's own stream and a
    spectator's (another account's read token) are recorded whole: each view in them is
    exactly the engine's view for that seat at that point of the stored match."""
    token = make_bot(sqlite_url)
    with running(sqlite_url, rate=10_000) as server:
        http = httpx.Client(base_url=server.http)
        http.post("/api/register", json={"name": "Otto", "password": "long enough"})
        spectator = http.post("/api/tokens", json={"scopes": ["read"]}).json()["token"]
        client = Client(server.ws, token, "random", Plan(open="keltis", matches=1), seed=5)
        anna = Player(server, "Anna")

        def person(streams: ThreadPoolExecutor) -> list[Any]:
            table = anna.expect(
                "lobby_update", lambda m: any(t["status"] == "open" for t in m["tables"])
            )["tables"][0]["id"]
            opened = [threading.Event(), threading.Event()]
            read = [
                streams.submit(_read_stream, server, t, table, o)
                for t, o in zip((token, spectator), opened, strict=True)
            ]
            for event in opened:
                assert event.wait(20)
            anna.send(t="join", table=table)
            _person_plays(anna, table)
            return [r.result(60) for r in read]

        async def both() -> list[Any]:
            bot = asyncio.create_task(client.run())
            with ThreadPoolExecutor(2) as streams:
                lines = await asyncio.to_thread(person, streams)
            await asyncio.wait_for(bot, 120)
            return lines

        mine, watched = asyncio.run(asyncio.wait_for(both(), 240))
        anna.close()
    stored = asyncio.run(_stored(sqlite_url, client.finished[0]))
    assert mine[0]["t"] == watched[0]["t"] == "sync"
    assert recorded_views_are_the_seats(mine, stored, 0) > 10
    assert recorded_views_are_the_seats(watched, stored, None) > 10


def test_a_stream_is_refused_without_a_good_token_or_table_and_ends_when_revoked(sqlite_url):
    with _robo_hosts_keltis(sqlite_url) as (server, _robo, table, token):
        url = server.http + STREAM
        no_token = httpx.get(url, params={"table": table})
        wrong = httpx.get(url, params={"table": table}, headers=_bearer("ldt_wrong"))
        no_table = httpx.get(url, headers=_bearer(token))
        gone = httpx.get(url, params={"table": 999}, headers=_bearer(token))
        _id, reader = asyncio.run(botaccounts.add_token(sqlite_url, "Robo", ["read"]))
        with httpx.stream("GET", url, params={"table": table}, headers=_bearer(reader)) as s:
            lines = s.iter_lines()
            assert json.loads(next(lines))["t"] == "sync"
            asyncio.run(botaccounts.revoke(sqlite_url, "Robo", _id))
            rest = list(lines)  # ends: the room closes it at its next look
        assert all(json.loads(line)["t"] != "sync" for line in rest)
    assert (no_token.status_code, no_token.json()["code"]) == (401, "bad_token")
    assert (wrong.status_code, wrong.json()["code"]) == (401, "bad_token")
    assert (no_table.status_code, no_table.json()["code"]) == (400, "bad_request")
    assert "table=ID" in no_table.json()["error"]
    assert (gone.status_code, gone.json()["code"]) == (404, "no_table")
