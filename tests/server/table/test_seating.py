"""Seating, host succession and kicks, on a fake host: no database, no socket."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca.server.storage.rows import TableRow
from ludoteca.server.table import Refusal, Table, TableStatus, Who

from .fake import ANNA, BRUNO, CARLA, FakeHost, table, watcher


def refused(code: str, call, *args) -> Refusal:  # type: ignore[no-untyped-def]
    with pytest.raises(Refusal) as raised:
        call(*args)
    assert raised.value.code == code
    return raised.value


def test_people_sit_in_the_first_free_seat_and_the_first_hosts() -> None:
    host = FakeHost()
    new = Table(host, 1, ludoteca.game("krone"), None)
    new.seating.join(BRUNO, None, 2)
    new.seating.join(ANNA, None, None)
    names = [None if c is None else c.name for c in new.seats]
    assert names[:3] == ["Anna", None, "Bruno"]
    assert set(names[3:]) == {None}
    assert new.host_id == BRUNO.id
    refused("seated", new.seating.join, ANNA, None, None)
    refused("seat_taken", new.seating.join, CARLA, None, 2)
    refused("bad_seat", new.seating.join, CARLA, None, 9)


def test_a_full_table_and_a_rated_one_refuse_whom_they_cannot_seat() -> None:
    host = FakeHost()
    full = table(host, "kingdomino", ANNA, BRUNO, CARLA, Who(4, "Dora"))
    assert refused("full", full.seating.join, Who(5, "Emil"), None, None).params == {"n": 4}
    rated = Table(host, 2, ludoteca.game("kingdomino"), ANNA)
    rated.rated = True
    refused("rated_guest", rated.seating.join, Who(6, "Gast", guest=True), None, None)
    rated.seating.join(ANNA, None, None)
    refused("rated_bot", rated.seating.seat_bot, ANNA, None, None)


def test_only_the_host_seats_bots_and_kicks_and_nobody_kicks_themselves() -> None:
    host = FakeHost()
    new = table(host)
    refused("not_host", new.seating.seat_bot, BRUNO, "random", None)
    refused("bad_bot", new.seating.seat_bot, ANNA, "genius", None)
    new.seating.seat_bot(ANNA, "random", None)
    new.seating.seat_bot(ANNA, "random", None)
    assert [c.name for c in new.seats if c is not None][2:] == ["Bot 1 (random)", "Bot 2 (random)"]
    refused("kick_self", new.seating.kick, ANNA, "anna")
    refused("no_such_player", new.seating.kick, ANNA, "Zoe")
    new.seating.kick(ANNA, " bruno ")
    assert new.seat_of(BRUNO.id) is None


def test_a_bot_is_asked_for_by_its_strength_in_the_game_or_by_its_level() -> None:
    # "Medium" is the level the game measured below "hard" (docs/bots.md, levels.json);
    # the chair is named by the level, which a client shows with its strength (the
    # game's "bot_levels").
    krone = Table(FakeHost(), 1, ludoteca.game("krone"), None)
    krone.seating.join(ANNA, None, None)
    krone.seating.seat_bot(ANNA, "Medium", None)
    krone.seating.seat_bot(ANNA, "greedy", None)
    krone.seating.seat_bot(ANNA, "strongest", None)
    assert [c.bot for c in krone.seats if c is not None] == [None, "simple", "greedy", "mcts"]
    kingdomino = table(FakeHost(), "kingdomino")
    kingdomino.seating.seat_bot(ANNA, "hard", None)
    kingdomino.seating.seat_bot(ANNA, "easy", None)
    # Numbered across levels: a table never shows two Bot 1s.
    assert [c.name for c in kingdomino.seats if c is not None][2:] == [
        "Bot 1 (greedy)",
        "Bot 2 (random)",
    ]
    refusal = refused("bad_bot", kingdomino.seating.seat_bot, ANNA, "hardest", None)
    assert "easy (random), medium (simple), hard (greedy), strongest (mcts)" in str(refusal)


def test_the_host_who_leaves_passes_the_table_to_the_next_person_seated() -> None:
    host = FakeHost()
    new = table(host, "kingdomino", ANNA, BRUNO, CARLA)
    new.seating.leave(ANNA, None)
    assert new.host_id == BRUNO.id
    new.seating.leave(BRUNO, None)
    assert new.host_id == CARLA.id


def test_every_change_of_the_chairs_is_stored_before_it_is_announced() -> None:
    host = FakeHost()
    new = table(host)
    anna = watcher(ANNA)
    new.seating.watch(anna)
    anna.received.clear()
    version = new.version
    new.seating.kick(ANNA, "Bruno")
    assert anna.received == []
    assert new.announced == version
    host.commit()
    assert host.rows(TableRow)[-1].seats[1] is None
    assert anna.kinds() == ["table"]
    assert new.announced == version + 1


def test_a_table_nobody_is_at_any_more_closes() -> None:
    host = FakeHost()
    new = table(host, "kingdomino", ANNA)
    anna = watcher(ANNA)
    new.seating.watch(anna)
    new.seating.leave(ANNA, anna)
    assert new.status == TableStatus.CLOSED
    assert host.closed == [new.id]


def test_a_start_needs_the_host_and_enough_players() -> None:
    host = FakeHost()
    alone = table(host, "kingdomino", ANNA)
    refused("not_host", alone.start, BRUNO)
    assert refused("too_few", alone.start, ANNA).params == {"min": 2, "seated": 1}
    assert alone.status == TableStatus.OPEN
