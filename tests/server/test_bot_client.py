"""A bot of anyone's in a real room (``ludoteca serve`` on a loopback port): bot accounts,
tokens, and ``ludoteca.client`` playing whole matches (docs/bots.md)."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

import ludoteca
from ludoteca.bots import patience
from ludoteca.client import Client, ClientError, Plan
from ludoteca.engine import deadline
from ludoteca.server import botaccounts
from ludoteca.server.app import create_app
from ludoteca.server.room import Settings
from ludoteca.server.storage import Store

from .client import choose, merge
from .live import Player, Server, running


@pytest.fixture
def room_db(sqlite_url) -> str:
    """SQLite: the tests of the bot API that matter most take ``db_url`` instead, and
    run on PostgreSQL too."""
    return sqlite_url


def make_bot(db_url: str, name: str = "Robo") -> str:
    _user, token = asyncio.run(botaccounts.create(db_url, name))
    return token


def play(client: Client, seconds: float = 240) -> None:
    # A bound for a hang, not a pace: a loaded machine (three workers beside Chromium)
    # takes minutes over a Krone match that takes seconds alone.
    async def run() -> None:
        await asyncio.wait_for(client.run(), seconds)

    asyncio.run(run())


@pytest.mark.parametrize("game", ludoteca.game_ids())
def test_a_client_bot_opens_a_table_and_plays_a_table_bot_to_the_end(room_db, game):
    token = make_bot(room_db)
    with running(room_db, rate=10_000) as server:
        # The table's bot is `simple`: two random players take thousands of moves
        # over a Krone match (neither reaches the King), minutes on a loaded machine.
        plan = Plan(open=game, players=2, table_bots="simple", matches=1)
        client = Client(server.ws, token, "random", plan, seed=1)
        play(client)
        assert len(client.finished) == 1, client.errors
        assert client.errors == []
        summary = httpx.get(f"{server.http}/api/matches/{client.finished[0]}").json()
    assert summary["names"][0] == "Robo"
    assert summary["bot_accounts"] == [True, False]
    assert summary["bots"] == [None, "simple"]
    assert summary["result"] is not None
    assert summary["moves"] > 0


def test_a_client_bots_decisions_have_the_rooms_deadline_unless_told_otherwise(room_db):
    token = make_bot(room_db)
    seen: list[tuple[float | None, bool]] = []
    with running(room_db, rate=10_000) as server:
        for think in (patience.THINKING_SECONDS, None):

            def choose(match, rng, think=think):
                seen.append((think, deadline.given()))
                return rng.choice(match.legal_moves())

            plan = Plan(open="keltis", players=2, table_bots="random", matches=1)
            client = Client(server.ws, token, choose, plan, seed=1, think=think)
            play(client)
            assert len(client.finished) == 1, client.errors
    assert {think for think, _ in seen} == {patience.THINKING_SECONDS, None}
    assert all(given is (think is not None) for think, given in seen)
    with pytest.raises(ValueError, match="above 0"):
        Client("ws://127.0.0.1:9/ws", token, "random", think=0)


@pytest.mark.parametrize("game", ludoteca.game_ids())
def test_a_client_bot_accepts_a_persons_invitation_and_plays_them_to_the_end(room_db, game):
    """A person opens a table of the game and invites the bot by name: it accepts, sits
    (marked a bot account at its chair) and plays the match out against her socket."""
    token = make_bot(room_db)
    with running(room_db, rate=10_000) as server:
        # Krone's greedy spends up to the room's deadline on a decision, hundreds of them
        # to the end of a match: the simple policy plays the same part in a few seconds.
        level = "simple" if game == "krone" else "greedy"
        client = Client(server.ws, token, level, Plan(accept=frozenset({game}), matches=1))
        anna = Player(server, "Anna")

        def host() -> None:
            while client.you is None:  # the bot is in the room
                time.sleep(0.05)
            anna.send(t="create", game=game)
            table = anna.expect("sync")["table"]["id"]
            anna.send(t="invite", table=table, name="Robo")
            answered, chair = None, None
            while answered is None or chair is None:  # in whichever order they come
                message = anna.next(20)
                if message["t"] == "offer_answered":
                    answered = message
                elif message["t"] == "table" and message["table"]["seats"][1]["name"] == "Robo":
                    chair = message["table"]["seats"][1]
            assert answered["accepted"] is True
            assert chair["bot_account"] is True  # she sees it is a bot
            anna.send(t="start", table=table)
            _person_plays(anna, table)

        async def both() -> None:
            bot = asyncio.create_task(client.run())
            await asyncio.to_thread(host)
            await asyncio.wait_for(bot, 120)

        asyncio.run(asyncio.wait_for(both(), 240))
        anna.close()
    assert len(client.finished) == 1, client.errors
    # A move made as the table moved on is answered with the state (the client plays on
    # from it): a race of two sockets, not a fault; any other refusal is one.
    assert [e for e in client.errors if e.code != "stale"] == []


def _person_plays(anna: Player, table: int) -> None:
    """Anna plays at ``table`` till the match ends: at random, Krone by the simple policy
    (``client.choose``; her first legal move each turn never took the King, and the bot
    alone took some 40 s of a loaded machine to reach it)."""
    rng, whole = random.Random(0), None
    while True:
        message = anna.next(30)
        kind = message["t"]
        info = message.get("changed") if kind == "match" else message.get("table")
        if kind in ("sync", "match", "table") and info and info["status"] == "finished":
            return
        if kind not in ("sync", "match"):
            continue
        view = message.get("match") if kind == "sync" else message.get("view")
        whole = merge(whole, view)
        if whole and whole["legal_moves"]:
            anna.send(t="move", table=table, v=message["v"], move=choose(whole, rng))


def test_a_bot_over_the_message_rate_is_told_the_limit_and_keeps_to_it(room_db):
    """A random bot against a random table bot outruns 5 messages a second: each refusal
    says which limit, its rate and how long to wait, and the client then keeps to it."""
    token = make_bot(room_db)
    with running(room_db, rate=5) as server:
        plan = Plan(open="kingdomino", players=2, table_bots="random", matches=1)
        client = Client(server.ws, token, "random", plan, seed=1)
        play(client, 120)
    assert len(client.finished) == 1, client.errors
    assert client.errors, "the bot never went over the rate: the test shows nothing"
    for error in client.errors:
        assert error.code == "slow_down", error
        assert error.params["limit"] == "messages"
        assert error.params["per_second"] == 5
        assert 0 < error.params["retry_after"] <= 1
    # Told once, it keeps to the rate: a handful of refusals, not one every other move.
    assert len(client.errors) <= 5


def test_a_bots_connection_never_receives_what_its_seat_may_not_know(room_db):
    """Every message the bot's socket received is recorded: each view in them is exactly
    the engine's view for the bot's seat at that point of the stored match, and no other
    message carries match data (the recording check of test_hidden, for a token's socket)."""
    token = make_bot(room_db)
    with running(room_db, rate=10_000) as server:
        plan = Plan(open="keltis", players=2, table_bots="random", matches=1)
        client = Client(server.ws, token, "random", plan, seed=3)
        client.transcript = []
        play(client)
    assert len(client.finished) == 1
    stored = asyncio.run(_stored(room_db, client.finished[0]))
    assert recorded_views_are_the_seats(map(json.loads, client.transcript), stored, 0) > 10


def recorded_views_are_the_seats(messages: Iterable[dict], stored: Any, seat: int | None) -> int:
    """The recording check: each view in ``messages`` is exactly the engine's view for
    ``seat`` (None: a spectator) at that point of the ``stored`` match, and no other
    message carries match data. How many views were checked."""
    game = ludoteca.game(stored.game)
    checked = 0
    for message in messages:
        view = message.get("match") if message["t"] == "sync" else message.get("view")
        if view is None:
            assert not MATCH_KEYS & set(_keys(message)), message
            continue
        assert view["seat"] == seat
        replay = game.new_match(stored.players, stored.options)
        for _by, move in stored.log[: view["log_from"] + len(view["log"])]:
            replay.play(move)
        expected = json.loads(json.dumps(replay.view(seat, view["log_from"])))
        if view["result"] is not None:
            assert expected["result"] is not None
            expected["result"] = view["result"]  # the table adds the standing
        assert expected == view
        checked += 1
    return checked


MATCH_KEYS = {"position", "log", "legal_moves"}


def _keys(value):
    if isinstance(value, dict):
        for key, inner in value.items():
            yield key
            yield from _keys(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _keys(inner)


async def _stored(db_url, match_id):
    store = Store(db_url)
    try:
        return await store.match(match_id)
    finally:
        await store.close()


def test_the_client_survives_a_restart_of_the_room_mid_match_and_finishes(room_db):
    """The room is killed (SIGKILL) mid-match and started again on the same database and
    port: the client connects again, watches its table again and plays it to the end."""
    token = make_bot(room_db)
    server = Server(room_db, rate=10_000).start()
    try:
        plan = Plan(open="krone", players=2, table_bots="simple", matches=1)
        client = Client(server.ws, token, "random", plan, seed=4)

        async def restarted() -> None:
            bot = asyncio.create_task(client.run())
            while not any(s.view.log_length > 30 for s in client.seats.values()):
                await asyncio.sleep(0.05)
            await asyncio.to_thread(server.kill)
            await asyncio.to_thread(server.start)
            await asyncio.wait_for(bot, 240)

        asyncio.run(restarted())
    finally:
        server.stop()
    assert client.connections >= 2
    assert len(client.finished) == 1, client.errors


def _refused_upgrade(server: Server, **headers: str) -> InvalidStatus:
    with pytest.raises(InvalidStatus) as refused:
        connect(server.ws, additional_headers=headers)
    return refused.value


def test_wrong_revoked_and_read_only_tokens_are_refused_clearly_and_change_nothing(db_url):
    play_token = make_bot(db_url)
    _id, read_token = asyncio.run(botaccounts.add_token(db_url, "Robo", ["read"]))
    revoked_id, revoked = asyncio.run(botaccounts.add_token(db_url, "Robo", ["bot:play"]))
    asyncio.run(botaccounts.revoke(db_url, "Robo", revoked_id))
    with running(db_url) as server:
        for wrong in ("ldt_not-a-token", revoked):
            refusal = _refused_upgrade(server, Authorization=f"Bearer {wrong}")
            assert refusal.response.status_code == 401
            body = json.loads(refusal.response.body)
            assert body["code"] == "bad_token"
            assert "revoked" in body["error"]
        with pytest.raises(ClientError, match="401"):
            asyncio.run(Client(server.ws, revoked, "random").run())
        # A token is a header's only: as the session cookie it is no session at all.
        with (
            connect(
                server.ws, additional_headers={"Cookie": f"ludoteca_session={play_token}"}
            ) as s,
            pytest.raises(ConnectionClosed, match="4401"),
        ):
            s.recv(5)
        assert httpx.get(f"{server.http}/api/me?token={play_token}").status_code == 401

        me = httpx.get(f"{server.http}/api/me", headers={"Authorization": f"Bearer {read_token}"})
        assert me.json() == {
            "id": 1,
            "name": "Robo",
            "guest": False,
            "bot": True,
            "scopes": ["read"],
        }
        with connect(server.ws, additional_headers={"Authorization": f"Bearer {read_token}"}) as s:
            welcome = json.loads(s.recv(5))
            assert welcome["you"]["bot"] is True
            s.send(json.dumps({"t": "create", "game": "keltis"}))
            refusal = _next(s, "error")
            assert refusal["code"] == "forbidden_scope"
            assert refusal["params"] == {"needed": "bot:play", "scopes": ["read"]}
            s.send(json.dumps({"t": "who"}))  # looking is allowed
            assert _next(s, "info")["code"] == "who"
        status = httpx.get(f"{server.http}/api/status").json()
        assert status["tables"] == 0, status


def _read_to_the_end(socket):
    while True:
        socket.recv(5)


def _next(socket, kind):
    while True:
        message = json.loads(socket.recv(5))
        if message["t"] == kind:
            return message


def test_an_account_turns_bot_and_manages_its_tokens_over_http(db_url):
    with running(db_url) as server:
        http = httpx.Client(base_url=server.http)
        assert http.post(
            "/api/register", json={"name": "Otto", "password": "long enough"}
        ).is_success
        # A person's token cannot play: only a bot account's may.
        refused = http.post("/api/tokens", json={"scopes": ["bot:play"]})
        assert refused.status_code == 400
        assert refused.json()["code"] == "bad_scope"
        assert http.post("/api/bot", json={}).json() == {"bot": True}
        made = http.post("/api/tokens", json={"scopes": ["bot:play"], "label": " laptop "}).json()
        assert made["token"].startswith("ldt_")
        assert made["scopes"] == ["bot:play"]
        listed = http.get("/api/tokens").json()["tokens"]
        assert [(t["id"], t["label"], t["last_used"]) for t in listed] == [
            (made["id"], "laptop", None)
        ]
        assert "token" not in listed[0]
        bad = http.post("/api/tokens", json={"scopes": ["admin"]})
        assert bad.status_code == 400
        assert "bot:play, read" in bad.json()["error"]
        for label in ("x" * 61, "tab\there"):
            long = http.post("/api/tokens", json={"scopes": ["read"], "label": label})
            assert (long.status_code, long.json()["code"]) == (400, "bad_label")
            assert long.json()["params"] == {"max": 60}
        assert [t["id"] for t in http.get("/api/tokens").json()["tokens"]] == [made["id"]]
        with connect(
            server.ws, additional_headers={"Authorization": f"Bearer {made['token']}"}
        ) as s:
            assert json.loads(s.recv(5))["you"]["name"] == "Otto"
            assert http.post(f"/api/tokens/{made['id']}/revoke", json={}).json() == {"ok": True}
            with pytest.raises(ConnectionClosed, match="4401"):
                _read_to_the_end(s)
        assert (
            _refused_upgrade(server, Authorization=f"Bearer {made['token']}").response.status_code
            == 401
        )
        assert http.get("/api/tokens").json()["tokens"] == []


def _cli(command: list[str], *arguments: str) -> str:
    done = subprocess.run([*command, *arguments], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _closed_by_revocation_within(socket, seconds: float) -> float:
    """Seconds until the room closes ``socket`` for its revoked token (4401)."""
    start = time.monotonic()
    with pytest.raises(ConnectionClosed, match="4401.*revoked"):
        _read_to_the_end(socket)
    took = time.monotonic() - start
    assert took < seconds, f"closed after {took:.1f} s"
    return took


def test_a_token_revoked_on_the_command_line_closes_its_open_sockets(db_url):
    """``ludoteca bot revoke`` is another process that tells the room nothing: the room
    finds the token gone at its next look (every 2 s) and closes the sockets opened with
    it; a socket of another token stays open."""
    token = make_bot(db_url)
    cli = [sys.executable, "-m", "ludoteca", "bot"]
    made = _cli(cli, "token", "Robo", "--scope", "read", "--label", "a reader", "--db", db_url)
    other = made.splitlines()[-1]
    first = asyncio.run(botaccounts.tokens(db_url, "Robo"))[0].id
    with (
        running(db_url) as server,
        connect(server.ws, additional_headers={"Authorization": f"Bearer {token}"}) as s,
        connect(server.ws, additional_headers={"Authorization": f"Bearer {other}"}) as kept,
    ):
        assert _next(s, "welcome")["you"]["name"] == "Robo"
        listed = _cli(cli, "tokens", "Robo", "--db", db_url).splitlines()
        # Both entered just now: the list says when, and the label given.
        assert re.fullmatch(
            rf" +{first}  bot:play +made [-\d :]+ UTC, used [-\d :]+ UTC", listed[0]
        )
        assert re.fullmatch(
            r" +\d+  read +made [-\d :]+ UTC, used [-\d :]+ UTC  a reader", listed[1]
        )
        _cli(cli, "revoke", "Robo", str(first), "--db", db_url)
        _closed_by_revocation_within(s, 6)
        kept.send(json.dumps({"t": "who"}))
        assert _next(kept, "info")["code"] == "who"


def test_a_token_revoked_over_http_on_one_process_closes_its_socket_on_another(room_db):
    """Two processes of a room on one database: the token is revoked through one, and
    the socket opened with it at the other is closed."""
    with running(room_db) as here, running(room_db) as there:
        http = httpx.Client(base_url=here.http)
        http.post("/api/register", json={"name": "Otto", "password": "long enough"})
        made = http.post("/api/tokens", json={"scopes": ["read"]}).json()
        with connect(
            there.ws, additional_headers={"Authorization": f"Bearer {made['token']}"}
        ) as s:
            assert _next(s, "welcome")["you"]["name"] == "Otto"
            assert http.post(f"/api/tokens/{made['id']}/revoke", json={}).json() == {"ok": True}
            _closed_by_revocation_within(s, 6)


def test_an_account_that_has_played_cannot_become_a_bot(room_db):
    with running(room_db, rate=10_000) as server:
        http = httpx.Client(base_url=server.http)
        http.post("/api/register", json={"name": "Pia", "password": "long enough"})
        cookie = http.cookies["ludoteca_session"]
        pia = Player(server, "Pia", cookie)
        pia.send(t="create", game="keltis")
        table = pia.expect("sync")["table"]["id"]
        pia.send(t="bot", table=table, level="random")
        pia.send(t="start", table=table)
        pia.expect("sync", lambda m: m["match"] is not None)
        pia.close()
        refused = http.post("/api/bot", json={})
        assert refused.status_code == 409
        assert refused.json()["code"] == "played_bot"
        assert http.get("/api/me").json()["bot"] is False


def test_rated_tables_seat_people_only_or_bots_only(room_db):
    token = make_bot(room_db)
    with running(room_db) as server:
        http = httpx.Client(base_url=server.http)
        http.post("/api/register", json={"name": "Rita", "password": "long enough"})
        rita = Player(server, "Rita", http.cookies["ludoteca_session"])
        rita.send(t="create", game="keltis", rated=True)
        table = rita.expect("sync")["table"]["id"]
        with connect(server.ws, additional_headers={"Authorization": f"Bearer {token}"}) as s:
            s.send(json.dumps({"t": "join", "table": table}))
            refusal = _next(s, "error")
        rita.close()
    assert refusal["code"] == "rated_mixed"
    assert "bots are rated among bots" in refusal["text"]


def test_the_bot_of_docs_bots_md_plays_with_ludoteca_bot_run(room_db, tmp_path):
    """docs/bots.md's complete bot, taken from the page, run by ``ludoteca bot run``."""
    page = (Path(__file__).parents[2] / "docs" / "bots.md").read_text()
    source = next(b for b in re.findall(r"```python\n(.*?)```", page, re.S) if "tidybot" in b)
    assert len(source.strip().splitlines()) < 30
    (tmp_path / "tidybot.py").write_text(source)
    (tmp_path / "tidybot.token").write_text(make_bot(room_db, "TidyBot") + "\n")
    with running(room_db, rate=10_000) as server:
        command = [sys.executable, "-m", "ludoteca", "bot", "run", "tidybot:choose"]
        command += ["--url", server.ws, "--token-file", str(tmp_path / "tidybot.token")]
        command += ["--open", "kingdomino", "--table-bots", "random", "--matches", "1"]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), *sys.path])}
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert "stopped after 1 match" in done.stdout
        (tmp_path / "wrong.token").write_text("ldt_wrong\n")
        not_one = subprocess.run(
            [*command[:8], "--token-file", str(tmp_path / "tidybot.py")],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        refused = subprocess.run(
            [*command[:8], "--token-file", str(tmp_path / "wrong.token")],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert not_one.returncode == 2
    assert "holds no token" in not_one.stderr
    assert refused.returncode == 2
    assert "401" in refused.stderr
    assert "revoked" in refused.stderr


def _bot_run(server: Server, token_file: Path, table_bots: str) -> subprocess.Popen[str]:
    """``ludoteca bot run`` opening Krone tables against a table bot of ``table_bots``, on
    and on; once its first match runs. Against `random` a match is long (thousands of
    moves: neither reaches the King), against `simple` a few hundred moves."""
    command = [sys.executable, "-m", "ludoteca", "bot", "run", "random", "--url", server.ws]
    command += ["--token-file", str(token_file), "--open", "krone", "--table-bots", table_bots]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while server.status()["running"] == 0:
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the bot's match never started"
        time.sleep(0.05)
    return process


def test_ludoteca_bot_run_on_sigint_finishes_its_match_opens_no_other_and_exits_0(
    room_db, tmp_path
):
    (tmp_path / "robo.token").write_text(make_bot(room_db) + "\n")
    with running(room_db, rate=10_000) as server:
        process = _bot_run(server, tmp_path / "robo.token", "simple")
        asked = time.time()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=240)
        assert process.returncode == 0, err
        assert "stopped after 1 match" in out, (out, err)
        status = server.status()
        recent = httpx.get(f"{server.http}/api/players/Robo").json()["recent"]
        assert len(recent) == 1  # no second match was opened
        summary = httpx.get(f"{server.http}/api/matches/{recent[0]['id']}").json()
    assert status["running"] == 0
    assert summary["result"] is not None
    assert not summary["result"].get("aborted")
    assert summary["finished_at"] > asked  # played out after the signal, not before


def test_a_client_stopped_just_after_asking_to_start_plays_that_match_out(room_db):
    """Stopped between sending ``start`` and hearing the table run, the client still
    plays the match it started (it once walked away from it, leaving the room's bot to
    finish for it), and starts no other."""
    token = make_bot(room_db)
    with running(room_db, rate=10_000) as server:
        plan = Plan(open="keltis", players=2, table_bots="random")
        client = Client(server.ws, token, "random", plan, seed=1)
        send = client._send

        def send_then_stop(**message: Any) -> None:
            send(**message)
            if message["t"] == "start":
                client.stop()

        client._send = send_then_stop  # type: ignore[method-assign]
        play(client)
        assert client.errors == []
        assert len(client.finished) == 1
        summary = httpx.get(f"{server.http}/api/matches/{client.finished[0]}").json()
        status = server.status()
    assert summary["result"] is not None
    assert not summary["result"].get("aborted")
    assert summary["names"][0] == "Robo"
    assert status["running"] == 0


def test_a_client_stopped_with_no_match_running_ends_at_once(room_db):
    """Nothing running and the room silent: ``stop`` ends ``run`` without waiting for
    the room's next message."""
    token = make_bot(room_db)
    with running(room_db) as server:
        client = Client(server.ws, token, "random", Plan(accept=frozenset({"keltis"})))

        async def stopped() -> None:
            bot = asyncio.create_task(client.run())
            while client.you is None:
                await asyncio.sleep(0.05)
            # What the room sends on an arrival (the lobby, its next flush) has come; it
            # has nothing more to say to this bot.
            await asyncio.sleep(1)
            client.stop()
            await asyncio.wait_for(bot, 5)

        asyncio.run(stopped())
    assert client.finished == []


def test_ludoteca_bot_run_stops_at_once_on_a_second_signal(room_db, tmp_path):
    """SIGTERM asks as Ctrl-C does; a Ctrl-C after it quits now, the match left running."""
    (tmp_path / "robo.token").write_text(make_bot(room_db) + "\n")
    with running(room_db, rate=10_000) as server:
        # A long match, still running when the room is asked below.
        process = _bot_run(server, tmp_path / "robo.token", "random")
        process.send_signal(signal.SIGTERM)
        process.send_signal(signal.SIGINT)
        _out, err = process.communicate(timeout=20)
        status = server.status()
    assert process.returncode == 130, err
    assert "stopped at once after 0 matches, leaving 1 table unfinished" in err
    assert status["running"] == 1


def test_a_client_bot_accepts_an_invitation_and_plays_the_host_to_the_end(db_url):
    """A person invites the bot by name: it accepts a game it plays (and declines one it
    does not, saying why), sits, and plays the match out against the host's socket."""
    token = make_bot(db_url)
    with running(db_url, rate=10_000) as server:
        client = Client(server.ws, token, "greedy", Plan(accept=frozenset({"keltis"}), matches=1))
        anna = Player(server, "Anna")

        def host() -> dict:
            while client.you is None:  # the bot is in the room
                time.sleep(0.05)
            anna.send(t="create", game="cronberg")
            other = anna.expect("sync")["table"]["id"]
            anna.send(t="invite", table=other, name="Robo")
            declined = anna.expect("offer_answered")
            anna.send(t="leave", table=other)
            anna.send(t="create", game="keltis")
            table = anna.expect("sync", lambda m: m["table"]["game"] == "keltis")["table"]["id"]
            anna.send(t="invite", table=table, name="Robo")
            accepted = anna.expect("offer_answered")
            anna.send(t="start", table=table)
            _person_plays(anna, table)
            return {"declined": declined, "accepted": accepted}

        async def both() -> dict:
            bot = asyncio.create_task(client.run())
            answers = await asyncio.to_thread(host)
            await asyncio.wait_for(bot, 200)
            return answers

        answers = asyncio.run(asyncio.wait_for(both(), 240))
        anna.close()
    assert answers["declined"]["accepted"] is False
    assert answers["declined"]["reason"] == "game"
    assert answers["accepted"]["accepted"] is True
    assert len(client.finished) == 1, client.errors


def test_bot_against_bot_is_rated_in_a_pool_of_its_own_and_capped_a_day(sqlite_url):
    """Two bot accounts play a rated table: their ratings are on the bots' leaderboard
    only; a second match that day is over the cap of one, refused with its params."""
    first, second = make_bot(sqlite_url, "Ada"), make_bot(sqlite_url, "Bix")
    settings = Settings(db_url=sqlite_url, bot_delay=0, bot_matches_per_day=1)
    with TestClient(create_app(settings)) as room:
        bots = [
            room.websocket_connect("/ws", headers={"Authorization": f"Bearer {token}"})
            for token in (first, second)
        ]
        ada, bix = (context.__enter__() for context in bots)
        ada.send_json({"t": "create", "game": "kingdomino", "rated": True})
        table = _until(ada, "sync")["table"]["id"]
        bix.send_json({"t": "join", "table": table})
        _until(bix, "sync")
        ada.send_json({"t": "start", "table": table})
        started = [_until(ada, "sync"), _until(bix, "sync")]
        views = {seat: sync["match"] for seat, sync in enumerate(started)}
        sockets = {0: ada, 1: bix}
        version = started[0]["v"]
        while True:
            mover = next((s for s, v in views.items() if v["legal_moves"]), None)
            if mover is None:
                break
            sockets[mover].send_json(
                {"t": "move", "table": table, "v": version, "move": views[mover]["legal_moves"][0]}
            )
            for seat, socket in sockets.items():
                update = _until(socket, "match")
                version = update["v"]
                views[seat] = update["view"]
        ada.send_json({"t": "start", "table": table})
        refusal = _until(ada, "error")
        people = room.get("/api/ratings/kingdomino").json()["players"]
        pool = room.get("/api/ratings/kingdomino?pool=bots").json()["players"]
        for context in bots:
            context.__exit__(None, None, None)
    assert people == []
    assert sorted(p["name"] for p in pool) == ["Ada", "Bix"]
    assert refusal["code"] == "bot_daily_cap"
    assert refusal["params"]["limit"] == "bot_matches_per_day"
    assert refusal["params"]["per_day"] == 1
    assert 0 < refusal["params"]["retry_after"] <= 24 * 3600


def _until(socket, kind):
    while True:
        message = socket.receive_json()
        if message["t"] == kind:
            return message
