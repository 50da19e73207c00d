"""A bot of anyone's in a real room (``ludoteca serve`` on a loopback port): bot accounts,
tokens, and ``ludoteca.client`` playing whole matches (docs/bots.md)."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

import ludoteca
from ludoteca.client import Client, ClientError, Plan
from ludoteca.server import botaccounts

from .live import Player, Server, running


@pytest.fixture
def room_db(sqlite_url) -> str:
    return sqlite_url


def make_bot(db_url: str, name: str = "Robo") -> str:
    _user, token = asyncio.run(botaccounts.create(db_url, name))
    return token


def play(client: Client, seconds: float = 60) -> None:
    async def run() -> None:
        await asyncio.wait_for(client.run(), seconds)

    asyncio.run(run())


@pytest.mark.parametrize("game", ludoteca.game_ids())
def test_a_client_bot_opens_a_table_and_plays_a_table_bot_to_the_end(room_db, game):
    token = make_bot(room_db)
    with running(room_db, rate=10_000) as server:
        plan = Plan(open=game, players=2, table_bots="random", matches=1)
        client = Client(server.ws, token, "random", plan, seed=1)
        play(client)
        assert len(client.finished) == 1, client.errors
        assert client.errors == []
        summary = httpx.get(f"{server.http}/api/matches/{client.finished[0]}").json()
    assert summary["names"][0] == "Robo"
    assert summary["bot_accounts"] == [True, False]
    assert summary["bots"] == [None, "random"]
    assert summary["result"] is not None and summary["moves"] > 0


def test_a_client_bot_plays_a_person_over_their_socket(room_db):
    token = make_bot(room_db)
    with running(room_db) as server:
        plan = Plan(open="keltis", players=2, matches=1)
        client = Client(server.ws, token, "greedy", plan, seed=2)
        anna = Player(server, "Anna")

        async def both() -> None:
            bot = asyncio.create_task(client.run())
            await asyncio.to_thread(_person_joins_and_plays, anna)
            await asyncio.wait_for(bot, 30)

        asyncio.run(asyncio.wait_for(both(), 90))
        anna.close()
    assert len(client.finished) == 1, client.errors


def _person_joins_and_plays(anna: Player) -> None:
    """Anna joins the bot's table from the lobby and plays her legal moves till the end."""
    table = anna.expect(
        "lobby_update", lambda m: any(t["status"] == "open" for t in m["tables"])
    )["tables"][0]
    assert table["seats"][0]["bot_account"] is True  # the person sees it is a bot
    anna.send(t="join", table=table["id"])
    while True:
        message = anna.next(30)
        if message["t"] in ("sync", "match"):
            view = message.get("match") or message.get("view")
            version = message["v"]
            changed = message.get("table") or message.get("changed")
            if changed is not None and changed["status"] == "finished":
                return
            if view is not None and view["legal_moves"]:
                anna.send(t="move", table=table["id"], v=version, move=view["legal_moves"][0])
        elif message["t"] == "table" and message["table"]["status"] == "finished":
            return


def test_a_bot_over_the_message_rate_is_told_the_limit_and_keeps_to_it(room_db):
    """A random bot against a random table bot outruns 40 messages a second: each refusal
    says which limit, its rate and how long to wait, and the client then keeps to it."""
    token = make_bot(room_db)
    with running(room_db, rate=40) as server:
        plan = Plan(open="keltis", players=2, table_bots="random", matches=1)
        client = Client(server.ws, token, "random", plan, seed=1)
        play(client, 120)
    assert len(client.finished) == 1, client.errors
    assert client.errors, "the bot never went over the rate: the test shows nothing"
    for error in client.errors:
        assert error.code == "slow_down", error
        assert error.params["limit"] == "messages" and error.params["per_second"] == 40
        assert 0 < error.params["retry_after"] <= 1
    # Told once, it keeps to the rate: a handful of refusals, not one every other move.
    assert len(client.errors) <= 5
