"""The room's social parts across two processes sharing PostgreSQL and Redis: invitations,
"my tables", private tables after a takeover, and the sockets one person may hold
(test_bus.py's two rooms: each an app of its own, one database, one Redis prefix)."""

from __future__ import annotations

import random

from ludoteca.server.bus import Mine, TableNews

from . import test_bus
from .client import Person, Seat
from .test_bus import Rooms, _one_move, _wait_for
from .test_invitations import declined

rooms = test_bus.rooms


def _id(person: Person) -> int:
    return int(person.welcome["you"]["id"])


def test_ten_sockets_of_one_person_over_two_processes_and_the_eleventh_is_refused(rooms):
    anna = Person.enter(rooms.a, "Anna")
    tabs = [anna]
    tabs += [Person(rooms.a, "Anna", anna.cookies) for _ in range(4)]
    tabs += [Person(rooms.b, "Anna", anna.cookies) for _ in range(5)]
    for client in (rooms.a, rooms.b):
        presence = client.app.state.room.presence
        _wait_for(lambda presence=presence: presence.sockets_of(_id(anna)) == 5)
    # Five here and five there: the eleventh is refused on either process.
    for client in (rooms.a, rooms.b):
        with client.websocket_connect("/ws", cookies=anna.cookies) as ws:
            closed = ws.receive()
        assert closed["code"] == 4429, closed
        assert "at most 10 for one person (sockets_per_person)" in closed["reason"]
    # One tab closes on B: A counts nine within a poll, and lets the tenth in.
    tabs.pop().close()
    _wait_for(lambda: rooms.a.app.state.room.presence.sockets_of(_id(anna)) == 4)
    tabs.append(Person(rooms.a, "Anna", anna.cookies))
    assert tabs[-1].welcome["you"]["id"] == _id(anna)


def _invited_across(rooms, game: str, seat: int | None) -> tuple[Person, Person, int, dict]:
    """Anna on A invites Bruno, who is connected to B only, to her table (A owns it)."""
    anna, bruno = Person.enter(rooms.a, "Anna"), Person.enter(rooms.b, "Bruno")
    table = anna.create(game)
    # A guest is invited while online: A sees him online at B within a poll.
    _wait_for(lambda: _id(bruno) in rooms.a.app.state.room.presence.others())
    anna.say(f"/invite bruno {'' if seat is None else seat}".strip(), table)
    offer = bruno.expect("seat_offer")
    assert (offer["table"], offer["from"], offer["seat"]) == (table, "Anna", seat)
    assert table in rooms.a.app.state.room.tables
    assert table not in rooms.b.app.state.room.tables
    return anna, bruno, table, offer


def test_an_invitee_at_b_gets_the_offer_of_a_table_a_owns_and_accepts_it_from_b(rooms):
    anna, bruno, table, offer = _invited_across(rooms, "kingdomino", 2)
    # The answer names the offer only: B finds its table in PostgreSQL and sends it there.
    bruno.send(t="accept", offer=offer["offer"])
    synced = bruno.expect("sync", where=lambda m: m["table"]["id"] == table)
    assert synced["table"]["seats"][2]["name"] == "Bruno"
    answered = anna.expect("offer_answered")
    assert (answered["offer"], answered["name"], answered["accepted"]) == (
        offer["offer"],
        "Bruno",
        True,
    )
    assert rooms.a.app.state.room.tables[table].seats[2].name == "Bruno"
    # B follows the table for him now: what is said at A's table reaches him.
    assert bruno.expect("chat", table=table)["line"]["code"] == "accepted"
    anna.say("welcome", table)
    assert bruno.expect("chat", table=table)["line"]["text"] == "welcome"
    # Answered once: a second answer finds no offer, as on one process.
    bruno.send(t="decline", offer=offer["offer"], reason="busy")
    assert bruno.refused("no_offer")["params"] == {"offer": offer["offer"]}
    bruno.send(t="accept", offer=2**40)
    assert bruno.refused("no_offer")["params"] == {"offer": 2**40}


def test_a_decline_from_b_tells_the_host_on_a_in_words(rooms):
    anna, bruno, table, offer = _invited_across(rooms, "krone", None)
    declined(anna, bruno, offer, "clock", "not this time control")
    assert not rooms.a.app.state.room.tables[table].invitations.open


def test_an_offer_of_a_table_a_owns_reaches_b_again_on_connecting_and_its_withdrawal_too(rooms):
    _anna, bruno, table, offer = _invited_across(rooms, "kingdomino", 1)
    # Bruno's page reloads, at B: the offer that stands at A's table is sent again.
    bruno = bruno.reconnect()
    again = bruno.expect("seat_offer")
    assert again["offer"] == offer["offer"]
    # Carla takes the seat at A: the offer is withdrawn, and Bruno at B hears it.
    carla = Person.enter(rooms.a, "Carla")
    carla.send(t="join", table=table, seat=1)
    carla.expect("sync")
    withdrawn = bruno.expect("offer_withdrawn")
    assert withdrawn == {"t": "offer_withdrawn", "offer": offer["offer"], "why": "seat_taken"}


def _letters_from_a(rooms, kind: type) -> list:
    """The letters of this kind B gets from A from now on (B reads them as ever)."""
    relay = rooms.b.app.state.room.relay
    got: list = []
    receive = relay._receive

    def noting(letter):
        if isinstance(letter, kind) and letter.sender == "A":
            got.append(letter)
        receive(letter)

    relay._receive = noting
    return got


def _lobby_ids(person: Person) -> list[int]:
    """Every table id ``person`` was shown in a lobby, up to a ping's answer."""
    person.send(t="ping")
    person.expect("pong")
    shown = [person.lobby, *(m for m in person.received if m["t"] in ("lobby", "lobby_update"))]
    return [t["id"] for message in shown for t in message["tables"]]


def test_a_private_table_is_watched_on_after_a_takeover_and_never_listed(postgres_url, redis_url):
    rooms = Rooms(postgres_url, redis_url, lease_seconds=2.0, renew_seconds=0.3)
    try:
        anna = Person.enter(rooms.a, "Anna")
        anna.send(t="create", game="kingdomino", private=True)
        sync = anna.expect("sync")
        table, key = sync["table"]["id"], sync["key"]
        bruno, viewer, lobby = (Person.enter(rooms.b, n) for n in ("Bruno", "Viewer", "Lobby"))
        bruno.send(t="join", table=table, key=key)
        bruno.expect("sync", where=lambda m: m["table"]["id"] == table)
        viewer.send(t="watch", table=table, key=key)
        viewer.expect("sync", where=lambda m: m["table"]["id"] == table)
        anna.say("/start", table)
        seats = [Seat(anna, table), Seat(bruno, table), Seat(viewer, table)]
        for seat in seats:
            seat.take(seat.person.expect("sync", where=lambda m: m["match"] is not None))
        _one_move(seats, random.Random(8))
        # A tab of Bruno's opening at B is told of his seat there, private as it is.
        assert table in Person(rooms.b, "Bruno", bruno.cookies).welcome["seated"]
        # A's beat, which tells every process all of A's tables, has passed at least once.
        beats = _letters_from_a(rooms, TableNews)
        _wait_for(lambda: any(news.full for news in beats))
        # A stops: B takes the table over from PostgreSQL and resyncs its sockets there,
        # the player (one of the table's own) and the spectator (who came with the key).
        anna.close()
        rooms.stop_a()
        for seat in seats[1:]:
            synced = seat.person.expect("sync", where=lambda m: m["match"] is not None)
            assert synced["v"] == seats[1].version
            seat.take(synced)
        assert table in rooms.b.app.state.room.tables
        assert rooms.b.app.state.room.tables[table].privacy.key == key
        # Play goes on at B, and the spectator sees it.
        anna = Person(rooms.b, "Anna", anna.cookies)
        anna.send(t="watch", table=table)
        seats[0] = Seat(anna, table)
        seats[0].take(anna.expect("sync", where=lambda m: m["match"] is not None))
        _one_move(seats, random.Random(9))
        # Nobody's lobby ever showed it, before or after the takeover; a newcomer's neither.
        newcomer = Person.enter(rooms.b, "Newcomer")
        for person in (lobby, newcomer):
            assert table not in _lobby_ids(person)
        assert table not in rooms.b.app.state.room.relay.others
    finally:
        rooms.close()


def _listed(message: dict) -> dict[int, dict]:
    return {entry["id"]: entry for entry in message["tables"]}


def _my_tables(person: Person, since: int, where) -> dict:
    """The first "my tables" after ``received[since]`` for which ``where`` holds: got
    already (while waiting for another message, as it travels apart from the table's), or
    still to come."""
    for message in person.received[since:]:
        if message["t"] == "my_tables" and where(message):
            return message
    return person.expect("my_tables", where=where)


def test_my_tables_at_b_lists_a_table_a_owns_and_whose_turn_it_is_there(rooms):
    news_from_a = _letters_from_a(rooms, Mine)
    anna = Person.enter(rooms.a, "Anna")
    table = anna.create("kingdomino")
    bruno = Person.enter(rooms.b, "Bruno")
    own = bruno.create("keltis")  # a table of his at B, beside A's
    bruno.send(t="join", table=table)
    bruno.expect("sync", where=lambda m: m["table"]["id"] == table)
    anna.say("/start", table)
    seats = [Seat(anna, table), Seat(bruno, table)]
    for seat in seats:
        seat.take(seat.person.expect("sync", where=lambda m: m["match"] is not None))
    # Bruno's list at B: both his tables, and whether it is his move at A's.
    listed = _listed(
        _my_tables(bruno, 0, lambda m: _listed(m).get(table, {}).get("status") == "running")
    )
    assert set(listed) == {table, own}
    assert listed[table]["game"] == "kingdomino"
    assert listed[table]["your_turn"] == seats[1].my_turn
    # Moves at A: his list at B follows whose turn it is, there and back.
    rng = random.Random(10)
    flips = 0
    while flips < 3:
        his_turn, since = seats[1].my_turn, len(bruno.received)
        _one_move(seats, rng)
        if seats[1].my_turn != his_turn:
            flips += 1
            told = _my_tables(
                bruno, since, lambda m: _listed(m)[table]["your_turn"] == seats[1].my_turn
            )
            assert set(_listed(told)) == {table, own}
    # Told as each change was made, not only by A's beat every two seconds.
    assert any(not news.full and table in news.tables for news in news_from_a)
    # A tab he opens at B is sent the whole list at once.
    tab = Person(rooms.b, "Bruno", bruno.cookies)
    first = next(m for m in tab.received if m["t"] == "my_tables")
    assert set(_listed(first)) == {table, own}
    assert _listed(first)[table]["your_turn"] == seats[1].my_turn


def test_a_match_ending_at_a_renews_its_players_finish_rates_at_b(rooms):
    """B keeps the finish rate of Carla, who is connected there; her match at a table A
    owns ends with her concession, and B reads her rate again on A's word, so a table B
    owns with a minimum holds her to it (before, B kept the rate read when she came)."""
    anna = Person.enter(rooms.a, "Anna")
    table = anna.create("krone")
    carla = Person.enter(rooms.b, "Carla")
    carla.send(t="join", table=table)
    carla.expect("sync", where=lambda m: m["table"]["id"] == table)
    b = rooms.b.app.state.room
    assert b.reputation.percent(_id(carla)) is None  # no match of hers has ended
    anna.say("/start", table)
    carla.expect("sync", where=lambda m: m["match"] is not None)
    carla.say("/resign", table)  # the last but one gives up: a concession, finished
    anna.expect("table", where=lambda m: m["table"]["status"] == "finished")
    _wait_for(lambda: b.reputation.percent(_id(carla)) == 100)
    assert b.reputation.percent(_id(anna)) == 100  # A's player, online at A, too
