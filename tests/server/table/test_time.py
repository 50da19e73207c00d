"""Clocks, absences, pauses and calling off, on a fake host whose clock a test runs."""

from __future__ import annotations

import pytest

from ludoteca.server.storage.rows import ChatRow, MatchEnded, RatingChange
from ludoteca.server.table import Refusal, Replaced, Table, TableStatus
from ludoteca.server.table.clock import COMEBACK_SECONDS, ClockKind, TimeControl
from ludoteca.server.table.time import MatchTime

from .fake import ANNA, BRUNO, FakeHost, play_first, table

REALTIME = TimeControl.checked(ClockKind.REALTIME, bank=60, increment=0, per_move=0)
TURN = TimeControl.checked(ClockKind.TURN, bank=0, increment=0, per_move=86400)


def timed(host: FakeHost, control: TimeControl | None, grace: int = 60) -> Table:
    new = table(host)
    new.time = MatchTime(control, grace)
    new.start(ANNA)
    host.commit()
    return new


def said(host: FakeHost) -> list[str]:
    return [row.text for row in host.rows(ChatRow)]


# -- the rules of time, pure ----------------------------------------------------------------


def test_a_clock_that_ran_out_comes_due_before_anyone_gone_too_long() -> None:
    time = MatchTime(REALTIME, grace=30)
    time.anew(2)
    time.turn_to(0, now=100.0)
    assert time.absences({0: True, 1: False}, now=100.0) == []
    assert time.wake_at() == 130.0
    assert time.due(129.0) == []
    assert time.due(160.0) == [(0, Replaced.TIME), (1, Replaced.AWAY)]


def test_whose_time_ran_out_gets_a_little_back_and_who_was_away_is_taken_back() -> None:
    time = MatchTime(REALTIME, grace=30)
    time.anew(2)
    time.turn_to(0, now=0.0)
    time.turn_to(None, now=60.0)
    time.replace(0, Replaced.TIME)
    time.replace(1, Replaced.AWAY)
    assert time.take_back(0) == Replaced.TIME
    assert time.clocks is not None
    assert time.clocks.left[0] == COMEBACK_SECONDS
    assert time.absences({1: True}, now=70.0) == [1]
    assert time.was_replaced == {0: Replaced.TIME, 1: Replaced.AWAY}


def test_at_a_turn_based_table_nobody_is_ever_away() -> None:
    time = MatchTime(TURN, grace=30)
    time.anew(2)
    assert time.absences({0: False, 1: False}, now=0.0) == []
    assert time.gone_since == {}
    assert time.due(10_000.0) == []


def test_time_stored_and_brought_back_is_the_same() -> None:
    time = MatchTime(REALTIME, grace=45)
    time.anew(2)
    time.turn_to(1, now=10.0)
    time.replace(0, Replaced.AWAY)
    time.pause(20.0)
    control = None if time.control is None else time.control.to_json()
    again = MatchTime.from_json(control, 45, time.to_json())
    assert again.to_json() == time.to_json()
    assert again.replaced == {0: Replaced.AWAY}


# -- the table keeps time -------------------------------------------------------------------


def test_a_seat_whose_clock_runs_out_is_played_by_a_bot_and_the_table_is_told() -> None:
    host = FakeHost()
    new = timed(host, REALTIME)
    seat = new.to_move()
    assert seat is not None
    host.wait(59)
    assert new.time.replaced == {}
    host.wait(2)
    assert new.time.replaced == {seat: Replaced.TIME}
    chair = new.seats[seat]
    assert chair is not None
    assert chair.bot == "simple"
    assert any("ran out of time" in text for text in said(host))
    with pytest.raises(Refusal) as raised:
        new.play([ANNA, BRUNO][seat], new.announced, "x")
    assert raised.value.code == "replaced"


def test_a_player_gone_longer_than_the_grace_is_replaced_and_comes_back() -> None:
    host = FakeHost()
    new = timed(host, None, grace=60)
    host.online.discard(BRUNO.id)
    new.seating.presence_changed()
    host.wait(59)
    assert new.time.replaced == {}
    host.wait(2)
    assert new.time.replaced == {1: Replaced.AWAY}
    host.online.add(BRUNO.id)
    new.seating.presence_changed()
    host.commit()
    assert new.time.replaced == {}
    assert new.time.was_replaced == {1: Replaced.AWAY}
    assert "Bruno takes the seat back" in said(host)


def test_a_pause_needs_every_player_and_stops_the_clocks() -> None:
    host = FakeHost()
    new = timed(host, REALTIME)
    new.agreements.pause(ANNA)
    host.commit()
    assert new.time.paused is False
    new.agreements.pause(BRUNO)
    host.commit()
    assert new.time.paused is True
    frozen = new.clock_info()
    host.wait(1_000)
    assert new.clock_info() == frozen
    assert new.time.replaced == {}
    with pytest.raises(Refusal) as raised:
        play_first(new)
    assert raised.value.code == "paused"
    new.agreements.pause(ANNA)  # one player goes on: the match runs again
    host.commit()
    assert new.time.paused is False
    play_first(new)


def test_abort_needs_every_player_and_only_in_the_first_moves() -> None:
    host = FakeHost()
    new = timed(host, None)
    new.rated = True
    new.agreements.abort(ANNA)
    host.commit()
    assert new.status == TableStatus.RUNNING
    new.agreements.abort(BRUNO)
    host.commit()
    assert new.status == TableStatus.FINISHED
    assert new.result is not None
    assert new.result["aborted"] is True
    assert host.rows(MatchEnded)[-1].resigned == []
    assert host.rows(RatingChange) == []
    late = timed(FakeHost(), None)
    for _ in range(4):
        play_first(late)
        late.host.commit()  # type: ignore[attr-defined]
    with pytest.raises(Refusal) as raised:
        late.agreements.abort(ANNA)
    assert raised.value.code == "too_late"
    assert raised.value.params == {"most": 4, "played": 4}
