"""Finish rates (docs/ratings.md, "Finish rate"): read from the stored ends of matches,
shown beside names (the lobby, a table's seats, a player's page), and a table's minimum
that keeps those below it from sitting down."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from ludoteca.server.reputation import FinishRate
from ludoteca.server.storage import Store
from ludoteca.server.storage.rows import PlayerEnded

from .client import Person, Seat
from .test_history import get, register


def rates(room: Any, *people: Person) -> dict[str, tuple[int, int]]:
    """Each person's (matches finished, matches ended), as the database counts them."""
    ids = {person.name: person.received[0]["you"]["id"] for person in people}
    found = room.portal.call(room.app.state.room.store.finish_rates, list(ids.values()))
    return {
        name: (found[user].finished, found[user].ended) if user in found else (0, 0)
        for name, user in ids.items()
    }


def start(host: Person, others: list[Person], game: str) -> tuple[int, list[Seat]]:
    host.send(t="create", game=game)
    table = host.expect("sync", where=lambda m: m["table"]["status"] == "open")["table"]["id"]
    for person in others:
        person.send(t="join", table=table)
        person.expect("sync")
    host.say("/start", table)
    seats = [Seat(person, table) for person in [host, *others]]
    for seat in seats:
        seat.take(seat.person.expect("sync", where=lambda m: m["match"] is not None))
    return table, seats


def play_to_the_end(room: Any, table: int, seats: list[Seat], rng: random.Random) -> None:
    """The people play at random, bots in between: each seat follows every message of
    the table (``follow``) up to the table's version before anyone moves."""
    live = room.app.state.room.tables[table]
    while True:
        for seat in seats:
            while seat.version < live.announced:
                seat.follow()
        if seats[0].view["result"] is not None:
            return
        mover = next((s for s in seats if s.my_turn), None)
        if mover is not None:
            mover.play(rng.choice(mover.view["legal_moves"]))
            mover.take(mover.person.expect("match"))


def test_who_left_a_match_before_its_end_abandoned_it_and_a_concession_finishes_it(room):
    anna, bruno, carla = (
        register(room, "Anna"),
        Person.enter(room, "Bruno"),
        Person.enter(room, "Carla"),
    )
    assert rates(room, anna, bruno, carla) == dict.fromkeys(("Anna", "Bruno", "Carla"), (0, 0))
    # Bruno resigns and the others play on (a bot in his seat): he abandoned the match.
    table, seats = start(anna, [bruno, carla], "keltis")
    bruno.say("/resign", table)
    bruno.expect("chat", where=lambda m: m["line"].get("code") == "resigns_bot")
    play_to_the_end(room, table, [seats[0], seats[2]], random.Random(1))
    assert rates(room, anna, bruno, carla) == {
        "Anna": (1, 1),
        "Bruno": (0, 1),
        "Carla": (1, 1),
    }
    # Carla gives up a two-player match: that ends it, a concession, not an abandonment.
    table, seats = start(anna, [carla], "krone")
    carla.say("/resign", table)
    anna.expect("table", where=lambda m: m["table"]["status"] == "finished")
    # A match called off counts for nobody.
    table, seats = start(carla, [bruno], "kingdomino")
    for person in (carla, bruno):
        person.say("/abort", table)
    bruno.expect("table", where=lambda m: m["table"]["status"] == "finished")
    assert rates(room, anna, bruno, carla) == {
        "Anna": (2, 2),
        "Bruno": (0, 1),
        "Carla": (2, 2),
    }
    page = get(room, "/api/players/Anna").json()
    assert page["finish"] == {"finished": 2, "ended": 2, "percent": 100}


def test_a_host_asks_a_minimum_finish_rate_and_those_below_are_told_theirs(room):
    anna, bruno, carla = (Person.enter(room, name) for name in ("Anna", "Bruno", "Carla"))
    table, seats = start(anna, [bruno, carla], "keltis")
    bruno.say("/resign", table)
    bruno.expect("chat", where=lambda m: m["line"].get("code") == "resigns_bot")
    play_to_the_end(room, table, [seats[0], seats[2]], random.Random(2))
    # The rates are read again once the end is stored: the seats show them.
    live = room.app.state.room
    users = {p.name: p.received[0]["you"]["id"] for p in (anna, bruno, carla)}
    while live.reputation.percent(users["Bruno"]) is None:
        anna.say("/who", table)
        anna.expect("info")
    dora = Person.enter(room, "Dora")  # no match ended yet: no rate held against her
    table = anna.create("kingdomino")
    # Only the host, only a percent from 1 to 100; nothing changes on a refusal.
    carla.send(t="watch", table=table)
    carla.expect("sync")
    carla.send(t="minimum", table=table, finish=80)
    carla.refused("not_host")
    for bad in ("/minimum finish 0", "/minimum finish 101"):
        anna.say(bad, table)
        refusal = anna.refused("bad_minimum")
        assert "from 1 to 100, or off" in refusal["text"]
    anna.say("/minimum finish most", table)
    assert "/minimum finish PERCENT|off" in anna.refused("bad_command")["text"]
    assert live.tables[table].seating.minimum_finish is None
    anna.say("/minimum finish 80", table)
    changed = anna.expect("table", where=lambda m: m["table"]["minimum_finish"] == 80)
    assert changed["table"]["seats"][0]["finish"] == 100
    bruno.send(t="join", table=table)
    refusal = bruno.refused("finish_rate")
    assert refusal["params"] == {"minimum": 80, "finish": 0}
    assert refusal["text"] == (
        "this table asks its players to have finished at least 80% of their matches: "
        "you have finished 0%"
    )
    assert live.tables[table].seat_of(users["Bruno"]) is None
    carla.send(t="join", table=table)
    assert carla.expect("sync")["table"]["seats"][1]["finish"] == 100
    dora.send(t="join", table=table)
    assert dora.expect("sync")["table"]["seats"][2]["finish"] is None
    # Off again: Bruno may sit.
    anna.say("/minimum finish off", table)
    anna.expect("table", where=lambda m: m["table"]["minimum_finish"] is None)
    bruno.send(t="join", table=table)
    assert bruno.expect("sync")["table"]["seats"][3]["finish"] == 0
    # The lobby's list of who is online carries the rates, by name, for those with one.
    erik = Person.enter(room, "Erik")
    assert erik.lobby["finish"] == {"Anna": 100, "Bruno": 0, "Carla": 100}


def test_finish_rates_are_counted_by_the_database(db_url):
    """The same count on SQLite and PostgreSQL: matches played to the end and ended."""

    async def counted() -> dict[int, FinishRate]:
        store = Store(db_url)
        try:
            await store.migrate()
            ends = [(1, 5, False), (2, 5, True), (3, 5, False), (3, 6, True)]
            await store.commit([PlayerEnded(1, m, u, gone, 0.0) for m, u, gone in ends])
            return await store.finish_rates([5, 6, 7])
        finally:
            await store.close()

    found = asyncio.run(counted())
    assert found == {5: FinishRate(2, 3), 6: FinishRate(0, 1)}  # 7: no match ended
    assert [rate.percent for rate in found.values()] == [66, 0]  # rounded down
