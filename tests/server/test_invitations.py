"""Invitations: a host offers a seat by name; the invited accept or decline wherever they
are, or find the offer when they connect; an offer goes when it can no longer be taken.
On SQLite and on the local PostgreSQL (``db_url``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from ludoteca.server.app import create_app
from ludoteca.server.room import Settings

from .client import Person
from .test_history import register


@pytest.fixture
def settings_on(db_url: str) -> Settings:
    return Settings(
        db_url=db_url,
        bot_delay=0,
        messages_per_second=10_000,
        entries_per_minute=10_000,
        offers_per_host=2,
    )


@pytest.fixture
def room_on(settings_on: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings_on)) as client:
        yield client
        Person.close_all()


def test_an_invited_person_accepts_from_another_table_and_sits(room_on):
    anna, bruno = Person.enter(room_on, "Anna"), Person.enter(room_on, "Bruno")
    elsewhere = bruno.create("keltis")  # Bruno is at a table of his own
    table = anna.create("kingdomino")
    anna.say("/invite bruno 2", table)
    offer = bruno.expect("seat_offer")
    assert offer["table"] == table
    assert offer["from"] == "Anna"
    assert offer["seat"] == 2
    assert offer["game"] == "kingdomino"
    assert offer["rated"] is False
    bruno.send(t="accept", offer=offer["offer"])
    synced = bruno.expect("sync", where=lambda m: m["table"]["id"] == table)
    assert synced["table"]["seats"][2]["name"] == "Bruno"
    answered = anna.expect("offer_answered")
    assert answered == {
        "t": "offer_answered",
        "offer": offer["offer"],
        "table": table,
        "name": "Bruno",
        "accepted": True,
        "reason": None,
        "text": None,
    }
    assert elsewhere != table
    # Accepted once: a second answer finds no offer.
    bruno.send(t="decline", offer=offer["offer"], reason="busy")
    assert bruno.refused("no_offer")["params"] == {"offer": offer["offer"]}


def declined(host: Person, invited: Person, offer: dict, reason: str, words: str) -> None:
    """``invited`` declines the offer for ``reason``: the host is told, and the table's
    chat says it in words."""
    invited.send(t="decline", offer=offer["offer"], reason=reason)
    answered = host.expect("offer_answered")
    assert (answered["accepted"], answered["reason"]) == (False, reason)
    line = host.expect("chat", table=offer["table"])["line"]
    assert line["text"] == f"{invited.name} declined: {words}"
    assert line["code"] == f"declined_{reason}"


def test_a_decline_tells_the_host_why_in_words(room_on):
    anna, bruno = Person.enter(room_on, "Anna"), Person.enter(room_on, "Bruno")
    table = anna.create("krone")
    anna.send(t="invite", table=table, name="Bruno")
    offer = bruno.expect("seat_offer")
    assert offer["seat"] is None
    declined(anna, bruno, offer, "game", "not this game")
    # A reason outside the list is a clear refusal that changes nothing.
    anna.send(t="invite", table=table, name="Bruno")
    again = bruno.expect("seat_offer")["offer"]
    bruno.send(t="decline", offer=again, reason="rude")
    refusal = bruno.refused("bad_reason")
    assert refusal["text"] == "a reason is one of game, clock, busy, later, other, not 'rude'"
    bruno.send(t="decline", offer=again, reason="other", text="I play only on Sundays")
    assert anna.expect("offer_answered")["text"] == "I play only on Sundays"
    assert anna.expect("chat", table=table)["line"]["text"] == (
        "Bruno declined: another reason (I play only on Sundays)"
    )


def test_refusals_name_what_is_wrong_and_change_nothing(room_on):
    anna, bruno = Person.enter(room_on, "Anna"), Person.enter(room_on, "Bruno")
    carla = Person.enter(room_on, "Carla")
    table = anna.create("kingdomino")
    bruno.send(t="join", table=table)
    bruno.expect("sync")
    bruno.send(t="invite", table=table, name="Carla")
    assert bruno.refused("not_host")["text"] == "only the host (Anna) can invite"
    anna.send(t="invite", table=table, name="Nobody Here")
    refusal = anna.refused("no_player")
    assert "a guest can be invited only while online" in refusal["text"]
    anna.send(t="invite", table=table, name="Anna")
    anna.refused("invite_self")
    anna.send(t="invite", table=table, name="Bruno")
    anna.refused("seated")
    anna.send(t="invite", table=table, name="Carla", seat=1)
    assert anna.refused("seat_taken")["params"]["seat"] == 1
    anna.send(t="invite", table=table, name="Carla", seat=9)
    anna.refused("bad_seat")
    anna.send(t="invite", table=table, name="Carla")
    carla.expect("seat_offer")
    anna.send(t="invite", table=table, name="carla")
    anna.refused("invited")
    dora = Person.enter(room_on, "Dora")
    anna.send(t="invite", table=table, name="Dora")
    dora.expect("seat_offer")
    # At most offers_per_host (2 here) waiting for an answer.
    Person.enter(room_on, "Emil")
    anna.send(t="invite", table=table, name="Emil")
    assert anna.refused("too_many_offers")["params"] == {"most": 2, "limit": "offers_per_host"}
    # Someone else's offer is not yours to answer.
    bruno.send(t="accept", offer=1)
    bruno.refused("no_offer")


def test_offers_are_withdrawn_when_the_match_starts_or_the_seat_is_taken(room_on):
    anna, bruno = Person.enter(room_on, "Anna"), Person.enter(room_on, "Bruno")
    carla, dora = Person.enter(room_on, "Carla"), Person.enter(room_on, "Dora")
    table = anna.create("kingdomino")
    anna.send(t="invite", table=table, name="Carla", seat=1)
    offer = carla.expect("seat_offer")["offer"]
    anna.send(t="invite", table=table, name="Dora")
    later = dora.expect("seat_offer")["offer"]
    bruno.send(t="join", table=table, seat=1)
    bruno.expect("sync")
    assert carla.expect("offer_withdrawn") == {
        "t": "offer_withdrawn",
        "offer": offer,
        "why": "seat_taken",
    }
    carla.send(t="accept", offer=offer)
    carla.refused("no_offer")
    anna.send(t="start", table=table)
    assert dora.expect("offer_withdrawn") == {
        "t": "offer_withdrawn",
        "offer": later,
        "why": "started",
    }


def test_a_registered_player_away_finds_the_offer_on_connecting_even_after_a_restart(
    settings_on,
):
    with TestClient(create_app(settings_on)) as room:
        bruno = register(room, "Bruno")
        bruno.close()  # Bruno is away
        anna = Person.enter(room, "Anna")
        table = anna.create("keltis")
        anna.send(t="invite", table=table, name="BRUNO", seat=1)
        # Bruno's name is looked up in the database; the host is told once it is made.
        made = anna.expect("info", code="offered")
        assert made["params"] == {"name": "Bruno", "offer": made["params"]["offer"], "seat": 1}
        cookies = bruno.cookies
        Person.close_all()
    with TestClient(create_app(settings_on)) as room:
        bruno = Person(room, "Bruno", cookies)
        # The welcome and the lobby came first; the offer follows on connecting.
        offers = [m for m in bruno.received if m["t"] == "seat_offer"]
        offer = offers[0] if offers else bruno.expect("seat_offer")
        assert (offer["table"], offer["seat"], offer["from"]) == (table, 1, "Anna")
        bruno.send(t="accept", offer=offer["offer"])
        synced = bruno.expect("sync")
        assert synced["table"]["seats"][1]["name"] == "Bruno"
        Person.close_all()


def test_a_blocked_person_cannot_invite_the_blocker(room_on):
    anna = register(room_on, "Anna")
    bruno = Person.enter(room_on, "Bruno")
    answer = room_on.post(
        "/api/relations", json={"kind": "block", "name": "Bruno"}, cookies=anna.cookies
    )
    assert answer.status_code == 200, answer.text
    table = bruno.create("krone")
    bruno.send(t="invite", table=table, name="Anna")
    assert bruno.refused("not_invitable")["text"] == "you cannot invite Anna"
