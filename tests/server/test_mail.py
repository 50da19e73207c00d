"""Mail against a real SMTP server (aiosmtpd) on a loopback port: an address confirmed by
its link, one turn mail a turn to a player away from a turn-based table, and an
unsubscribe link that works without logging in."""

from __future__ import annotations

import asyncio
import email
import random
import re
import time
from collections.abc import Iterator
from email.message import Message
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from starlette.testclient import TestClient

from ludoteca.server.app import create_app
from ludoteca.server.room import Settings
from ludoteca.server.room.mailer import Mailer
from ludoteca.server.storage import Store

from .client import Person, Seat
from .live import free_port
from .test_history import register


class Inbox:
    """What the SMTP server received."""

    def __init__(self) -> None:
        self.mails: list[Message] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.mails.append(email.message_from_bytes(envelope.content))
        return "250 OK"

    def wait(self, count: int, seconds: float = 10.0) -> list[Message]:
        deadline = time.monotonic() + seconds
        while len(self.mails) < count and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(self.mails) >= count, f"{len(self.mails)} mails, not {count}"
        return self.mails


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    handler = Inbox()
    port = free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield handler, port
    finally:
        controller.stop()


def body(mail: Message) -> str:
    payload = mail.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return payload.decode()


def link(mail: Message, path: str) -> str:
    found = re.search(rf"http://testserver({re.escape(path)}\?token=\S+)", body(mail))
    assert found, body(mail)
    return found.group(1)


def test_confirmed_turn_mails_come_once_a_turn_and_stop_when_unsubscribed(sqlite_url, inbox):
    handler, port = inbox
    settings = Settings(
        db_url=sqlite_url,
        bot_delay=0,
        messages_per_second=10_000,
        smtp_url=f"smtp://127.0.0.1:{port}",
        mail_from="room@ludoteca.test",
        site_url="http://testserver",
    )
    with TestClient(create_app(settings)) as room:
        try:
            turn_mails(room, handler)
        finally:
            # A failure leaves no socket open for the client's shutdown to wait on.
            Person.close_all()


def turn_mails(room: TestClient, handler: Inbox) -> None:
    anna = register(room, "Anna")
    bruno = Person.enter(room, "Bruno")
    answer = room.post("/api/mail", json={"address": "not an address"}, cookies=anna.cookies)
    assert answer.json()["code"] == "bad_address"
    answer = room.post("/api/mail", json={"address": "anna@example.org"}, cookies=anna.cookies)
    assert answer.json() == {"address": "anna@example.org", "confirmed": False, "turns": True}
    answer = room.post("/api/mail", json={"address": "x@example.org"}, cookies=bruno.cookies)
    assert answer.status_code == 403  # a guest keeps no address

    # The confirmation mail arrives; its link confirms; a forged one does not.
    (confirmation,) = handler.wait(1)
    assert confirmation["To"] == "anna@example.org"
    assert confirmation["From"] == "room@ludoteca.test"
    room.cookies.clear()
    assert room.get("/mail/confirm?token=forged").status_code == 400
    assert "confirmed" in room.get(link(confirmation, "/mail/confirm")).text
    mine = room.get("/api/mail", cookies=anna.cookies).json()
    assert (mine["confirmed"], mine["enabled"]) == (True, True)

    # A turn-based table: Anna is mailed only when her turn comes while she is away.
    anna.send(t="create", game="keltis", clock={"kind": "turn", "per_move": 86400})
    table = anna.expect("sync")["table"]["id"]
    bruno.send(t="join", table=table)
    bruno.expect("sync")
    anna.send(t="start", table=table)
    seats = {"Anna": Seat(anna, table), "Bruno": Seat(bruno, table)}
    for seat in seats.values():
        seat.take(seat.person.expect("sync", where=lambda m: m["match"] is not None))
    rng = random.Random(4)
    a, b = seats["Anna"], seats["Bruno"]

    def anna_plays_then_leaves() -> None:
        while a.view["to_move"] == a.you:
            a.play(rng.choice(a.view["legal_moves"]))
            for seat in (a, b):
                seat.take(seat.person.expect("match"))
        a.person.close()

    def bruno_plays_until_annas_turn() -> None:
        while b.view["to_move"] != a.you:
            b.play(rng.choice(b.view["legal_moves"]))
            b.take(b.person.expect("match"))

    def anna_comes_back() -> None:
        nonlocal a
        back = Person(room, "Anna", anna.cookies)
        back.send(t="watch", table=table)
        a = Seat(back, table)
        a.take(back.expect("sync"))

    anna_plays_then_leaves()
    assert len(handler.mails) == 1  # her turns while connected mailed nothing
    bruno_plays_until_annas_turn()
    turn = handler.wait(2)[1]
    assert turn["To"] == "anna@example.org"
    assert f"your turn at table {table}" in turn["Subject"]
    assert f"http://testserver/tables/{table}" in body(turn)
    # More happens in the same turn: no second mail.
    bruno.say("your move, Anna", table)
    bruno.expect("chat")
    time.sleep(0.5)
    assert len(handler.mails) == 2

    anna_comes_back()
    anna_plays_then_leaves()
    bruno_plays_until_annas_turn()
    third = handler.wait(3)[2]

    # The unsubscribe link works without logging in; no mail after it.
    room.cookies.clear()
    assert "no more turn mails" in room.get(link(third, "/mail/unsubscribe")).text
    assert room.get("/mail/unsubscribe?token=forged").status_code == 400
    anna_comes_back()
    anna_plays_then_leaves()
    bruno_plays_until_annas_turn()
    time.sleep(1.0)
    assert len(handler.mails) == 3
    assert room.get("/api/mail", cookies=anna.cookies).json()["turns"] is False


def test_one_turn_is_mailed_once_across_processes_and_restarts(db_url, inbox):
    """Two notices of one turn, in two processes of the room (two mailers on one
    database), send one mail; a mailer started afresh (a restart) does not send it
    again; the next turn is mailed."""
    handler, port = inbox
    settings = Settings(
        db_url=db_url, smtp_url=f"smtp://127.0.0.1:{port}", site_url="http://testserver"
    )

    async def notices(turns: list[tuple[int, int]], processes: int) -> None:
        stores = [Store(db_url) for _ in range(processes)]
        await stores[0].migrate()
        tasks: list[asyncio.Task[None]] = []
        mailers = [
            Mailer(settings, store, lambda work: tasks.append(asyncio.create_task(work)))
            for store in stores
        ]
        try:
            for mailer in mailers:
                mailer.keyed("key")
                mailer.addresses[7] = "anna@example.org"
            for turn in turns:
                for mailer in mailers:
                    mailer.turn(7, "Anna", 3, turn, "Keltis")
                    mailer.turn(7, "Anna", 3, turn, "Keltis")
            while tasks:
                await tasks.pop()
        finally:
            for store in stores:
                await store.close()

    asyncio.run(notices([(1, 5)], processes=2))
    assert len(handler.wait(1)) == 1
    asyncio.run(notices([(1, 5)], processes=1))
    time.sleep(0.5)
    assert len(handler.mails) == 1  # the restarted room knows the turn was mailed
    asyncio.run(notices([(1, 5), (1, 9)], processes=2))
    assert [m["Subject"] for m in handler.wait(2)] == [
        "ludoteca: your turn at table 3 (Keltis)"
    ] * 2
    time.sleep(0.5)
    assert len(handler.mails) == 2
