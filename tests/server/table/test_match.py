"""Moves, resignations and how a match ends, on a fake host."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca.engine import CHANCE
from ludoteca.server.storage.rows import MatchEnded, MatchRow, MoveRow, RatingChange, TableRow
from ludoteca.server.table import Refusal, Stale, Table, TableStatus, Who

from .fake import ANNA, BRUNO, CARLA, FakeHost, play_first, started, table, watcher


def test_a_start_stores_the_match_and_its_chance_then_syncs_every_watcher() -> None:
    host = FakeHost()
    new = table(host)
    anna = watcher(ANNA)
    new.seating.watch(anna)
    anna.received.clear()
    new.start(ANNA)
    assert anna.received == []
    assert [type(row) for row in host.pending[0][0]][:2] == [MatchRow, MoveRow]
    host.commit()
    assert new.status == TableStatus.RUNNING
    assert anna.kinds() == ["sync"]
    assert anna.received[0]["match"] is not None
    assert host.changed[-1] == new.id


def test_a_move_is_checked_then_stored_then_each_audience_is_sent_it() -> None:
    host = FakeHost()
    new = started(host)
    anna, carla = watcher(ANNA), watcher(CARLA)
    new.seating.watch(anna)
    new.seating.watch(carla)
    mover = [ANNA, BRUNO][new.to_move() or 0]
    other = BRUNO if mover is ANNA else ANNA
    with pytest.raises(Refusal) as raised:
        new.play(other, new.announced, "x")
    assert raised.value.code == "not_your_turn"
    with pytest.raises(Refusal) as raised:
        new.play(CARLA, new.announced, "x")
    assert raised.value.code == "not_seated"
    with pytest.raises(Refusal) as raised:
        new.play(mover, new.announced + 1, "x")
    assert raised.value.code == "bad_version"
    anna.received.clear()
    carla.received.clear()
    played = new.live.moves_played
    play_first(new)
    assert new.live.moves_played > played
    assert anna.received == []
    with pytest.raises(Stale):  # the move before is not stored yet
        new.play(mover, new.announced, "x")
    host.commit()
    assert [row.n for row in host.rows(MoveRow)][-1] == new.live.moves_played - 1
    assert anna.kinds() == ["match"]
    assert carla.kinds() == ["match"]
    assert anna.received[0]["view"] != carla.received[0]["view"]  # a seat's own, a spectator's


def test_a_resignation_of_one_of_two_ends_the_match_with_the_other_first() -> None:
    host = FakeHost()
    new = started(host)
    new.resign(BRUNO)
    host.commit()
    assert new.status == TableStatus.FINISHED
    assert new.result is not None
    assert new.result["standing"] == [[0], [1]]
    assert new.result["ended_by"] == "resignation"
    assert host.rows(MatchEnded)[-1].resigned == [1]
    assert host.rows(RatingChange) == []  # not a rated table


def test_a_resignation_of_one_of_three_hands_the_seat_to_a_bot_ranked_last() -> None:
    host = FakeHost()
    new = started(host, "kingdomino", ANNA, BRUNO, CARLA)
    new.resign(ANNA)
    host.commit()
    chair = new.seats[0]
    assert new.status == TableStatus.RUNNING
    assert chair is not None
    assert chair.bot == "simple"
    with pytest.raises(Refusal) as raised:
        new.resign(ANNA)
    assert raised.value.code == "resigned"


def test_a_rated_match_moves_the_ratings_of_its_players_and_stores_what_moved() -> None:
    host = FakeHost()
    new = table(host)
    new.rated = True
    new.start(ANNA)
    host.commit()
    new.resign(ANNA)
    host.commit()
    changes = host.rows(RatingChange)
    assert [(c.user_id, c.before) for c in changes] == [(1, 1500.0), (2, 1500.0)]
    assert changes[1].after > 1500.0 > changes[0].after
    assert host.ratings[(2, "kingdomino")] == (changes[1].after, 1)


def test_a_match_played_to_its_end_by_bots_is_finished_by_its_rules() -> None:
    host = FakeHost()
    new = Table(host, 1, ludoteca.game("kingdomino"), ANNA)  # a host who does not play
    new.seating.seat_bot(ANNA, "random", None)
    new.seating.seat_bot(ANNA, "random", None)
    new.start(ANNA)
    for _ in range(400):
        host.wait(1)
        if new.status == TableStatus.FINISHED:
            break
    assert new.status == TableStatus.FINISHED
    assert new.result is not None
    assert sorted(seat for place in new.result["standing"] for seat in place) == [0, 1]
    assert host.rows(MatchEnded)[-1].result == new.result
    assert host.rows(TableRow)[-1].status == "finished"


def test_a_rematch_starts_again_with_the_same_people() -> None:
    host = FakeHost()
    new = started(host)
    first = new.match_id
    new.resign(BRUNO)
    host.commit()
    with pytest.raises(Refusal):
        new.rematch(Who(9, "Zoe"))
    new.rematch(ANNA)
    host.commit()
    assert new.status == TableStatus.RUNNING
    assert new.match_id == (first or 0) + 1
    assert all(chair is not None and chair.bot is None for chair in new.seats)


def test_a_table_whose_changes_could_not_be_stored_takes_no_more_moves() -> None:
    host = FakeHost()
    new = started(host)
    new.seating.refuse_changes()
    with pytest.raises(Stale):
        play_first(new)
    assert host.pending == []


def test_a_bot_waits_the_delay_before_its_turn_and_a_sixth_of_it_between_its_moves() -> None:
    host = FakeHost()
    host.bot_delay = 6.0
    new = Table(host, 1, ludoteca.game("krone"), ANNA)  # a host who does not play
    new.seating.seat_bot(ANNA, "random", None)
    new.seating.seat_bot(ANNA, "random", None)
    new.start(ANNA)
    host.commit()
    waited = set()
    for _ in range(40):
        timer = next(t for t in host.timers if not t.cancelled)
        movers = [entry.actor for entry in new.live.log if entry.actor is not CHANCE]
        goes_on = bool(movers) and movers[-1] == new.to_move()  # the same seat moves on
        waited.add((goes_on, timer.at - host.clock))
        host.wait(timer.at - host.clock)
    assert waited == {(False, 6.0), (True, 1.0)}


def test_a_start_refused_for_want_of_a_match_id_changes_nothing() -> None:
    host = FakeHost()
    new = table(host)

    def no_id() -> int:
        raise Refusal("unavailable", "try again in a moment")

    host.new_match_id = no_id  # type: ignore[method-assign]
    seats = list(new.seats)
    with pytest.raises(Refusal) as raised:
        new.start(ANNA)
    assert raised.value.code == "unavailable"
    assert new.status == TableStatus.OPEN
    assert new.match is None
    assert new.seats == seats
    assert host.pending == []
