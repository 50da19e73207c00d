"""Clocks from timestamps, leavers handed to bots, pauses and aborts, with a clock the
tests run on at will (nothing waits in real time)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludoteca.server.app import create_app
from ludoteca.server.room import Settings
from ludoteca.server.table.clock import COMEBACK_SECONDS, ClockError, Clocks, TimeControl

from .client import Person, Seat


class FakeTime:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


# -- the clocks alone ------------------------------------------------------------------------


def test_a_real_time_clock_spends_only_the_turns_time_and_adds_the_increment():
    clocks = Clocks(TimeControl.checked("realtime", 300, 5, 0), 2)
    clocks.turn_to(0, 100.0)
    assert clocks.remaining(130.0) == [270.0, 300.0]
    clocks.turn_to(1, 130.0)  # seat 0's turn ends: 270 + 5
    assert clocks.remaining(140.0) == [275.0, 290.0]
    assert clocks.deadline() == 130.0 + 300.0
    clocks.pause(140.0)
    assert clocks.remaining(1000.0) == [275.0, 290.0]
    assert clocks.deadline() is None
    clocks.resume(1000.0)
    assert clocks.remaining(1010.0) == [275.0, 280.0]
    clocks.turn_to(None, 1010.0)
    assert clocks.remaining(5000.0) == [275.0, 285.0]


def test_a_turn_based_clock_is_whole_again_every_turn():
    clocks = Clocks(TimeControl.checked("turn", 0, 0, 7200), 2)
    clocks.turn_to(1, 0.0)
    assert clocks.remaining(7000.0) == [7200.0, 200.0]
    clocks.turn_to(0, 7000.0)
    assert clocks.remaining(7000.0) == [7200.0, 7200.0]


def test_an_empty_clock_gets_a_little_time_back_and_clocks_round_trip():
    clocks = Clocks(TimeControl.checked("realtime", 60, 0, 0), 2)
    clocks.turn_to(0, 0.0)
    clocks.turn_to(1, 100.0)
    assert clocks.left[0] == 0.0
    clocks.comeback(0)
    assert clocks.left[0] == COMEBACK_SECONDS
    again = Clocks.from_json(clocks.control, clocks.to_json())
    assert again.to_json() == clocks.to_json()


@pytest.mark.parametrize(
    ("kind", "bank", "increment", "per_move", "says"),
    [
        ("blitz", 60, 0, 0, "'realtime' or 'turn'"),
        ("realtime", 5, 0, 0, "bank is 60 to"),
        ("realtime", 600, 999, 0, "increment is 0 to 300"),
        ("turn", 0, 0, 1800, "per_move is 3600 to"),
        ("turn", 0, 0, 5400, "whole number of hours"),
    ],
)
def test_time_controls_out_of_bounds_are_refused_with_what_is_allowed(
    kind, bank, increment, per_move, says
):
    with pytest.raises(ClockError, match=says):
        TimeControl.checked(kind, bank, increment, per_move)


# -- at a table ------------------------------------------------------------------------------


@pytest.fixture
def time(tmp_path) -> FakeTime:
    return FakeTime()


@pytest.fixture
def timed(tmp_path, time) -> Settings:
    return Settings(
        db_url=f"sqlite+aiosqlite:///{tmp_path / 'room.db'}",
        bot_delay=0,
        messages_per_second=10_000,
        now=time,
    )


@contextmanager
def serving(settings: Settings) -> Iterator[TestClient]:
    """The room on the tests' clock; every connection closed however the test ends."""
    with TestClient(create_app(settings)) as room:
        try:
            yield room
        finally:
            Person.close_all()


def open_table(room, clock: dict[str, Any] | None, grace: int = 120, game: str = "kingdomino"):
    anna, bruno = Person.enter(room, "Anna"), Person.enter(room, "Bruno")
    anna.send(t="create", game=game, clock=clock, grace=grace)
    table = anna.expect("sync")["table"]["id"]
    bruno.send(t="join", table=table)
    bruno.expect("sync")
    anna.say("/start", table)
    seats = [Seat(anna, table), Seat(bruno, table)]
    started = [s.person.expect("sync", where=lambda m: m["match"] is not None) for s in seats]
    for seat, sync in zip(seats, started, strict=True):
        seat.take(sync)
    return table, seats, started[0]


def tick(room, table: int) -> None:
    live = room.app.state.room.tables[table]
    room.portal.call(live.timing.tick)


def mover(seats):
    return next(s for s in seats if s.my_turn)


def test_running_out_of_time_hands_the_seat_to_a_bot_and_everyone_is_told(timed, time):
    with serving(timed) as room:
        table, seats, sync = open_table(room, {"kind": "realtime", "bank": 60, "increment": 5})
        assert sync["table"]["clock"]["bank"] == 60
        first = mover(seats)
        seat_no = first.you
        assert sync["clocks"]["running"] == seat_no
        time.now += 61
        tick(room, table)
        other = seats[1 - seats.index(first)]
        # The seat changes hands (a versioned table event), then the room says why.
        changed = other.person.expect(
            "table", where=lambda m: m["table"]["seats"][seat_no]["replaced"]
        )
        said = other.person.expect("chat", where=lambda m: m["line"].get("code") == "replaced_time")
        assert said["line"]["params"]["name"] == first.person.name
        assert changed["table"]["seats"][seat_no] == {
            "name": first.person.name,
            "bot": "simple",
            "connected": True,
            "replaced": "time",
            "bot_account": False,
            "rating": None,
            "provisional": False,
            "finish": None,
        }
        # The bot plays on for the seat; the person is refused until they take it back.
        first.person.send(t="move", table=table, v=999, move="x")
        assert first.person.refused("replaced")["text"].startswith("a bot plays your seat")
        first.person.send(t="join", table=table)
        first.person.expect("chat", where=lambda m: m["line"].get("code") == "back")
        live = room.app.state.room.tables[table]
        assert seat_no not in live.time.replaced
        assert live.time.clocks.left[seat_no] >= 30.0


def test_the_increment_is_added_when_a_players_turn_ends(timed, time):
    with serving(timed) as room:
        _table, seats, _ = open_table(room, {"kind": "realtime", "bank": 300, "increment": 5})
        first = mover(seats)
        seat_no = first.you
        time.now += 10
        while first.my_turn:
            first.play(first.view["legal_moves"][0])
            for seat in seats:
                message = seat.person.expect("match")
                seat.take(message)
        assert message["clocks"]["remaining"][seat_no] == pytest.approx(295.0)
        assert message["clocks"]["running"] == 1 - seat_no


def test_a_turn_based_limit_runs_out_too(timed, time):
    with serving(timed) as room:
        table, seats, sync = open_table(room, {"kind": "turn", "per_move": 3600})
        assert sync["clocks"]["remaining"] == [3600.0, 3600.0]
        time.now += 3599
        tick(room, table)
        assert not room.app.state.room.tables[table].time.replaced
        time.now += 2
        tick(room, table)
        assert room.app.state.room.tables[table].time.replaced == {mover(seats).you: "time"}


def test_a_player_gone_longer_than_the_grace_is_replaced_and_comes_back_by_reconnecting(
    timed, time
):
    with serving(timed) as room:
        table, seats, _ = open_table(room, None, grace=60)
        anna, bruno = seats[0].person, seats[1].person
        bruno.close()
        time.now += 59
        tick(room, table)
        live = room.app.state.room.tables[table]
        assert live.time.replaced == {}
        time.now += 2
        tick(room, table)
        assert live.time.replaced == {1: "away"}
        anna.expect("chat", where=lambda m: m["line"].get("code") == "replaced_away")
        back = Person(room, "Bruno", bruno.cookies)
        back.send(t="watch", table=table)
        anna.expect("chat", where=lambda m: m["line"].get("code") == "back")
        assert live.time.replaced == {}
        # Back in the seat, the result will still say a bot played it for a while.
        assert live.time.was_replaced == {1: "away"}


def test_a_restart_keeps_each_clock_right(timed, time):
    with serving(timed) as room:
        table, _seats, sync = open_table(room, {"kind": "realtime", "bank": 600, "increment": 0})
        running = sync["clocks"]["running"]
        time.now += 100
        before = room.app.state.room.tables[table].clock_info()
        assert before.remaining[running] == pytest.approx(500.0)
    time.now += 40  # the server is down for 40 s: the running clock does not stop
    with serving(timed) as room:
        after = room.app.state.room.tables[table].clock_info()
        assert after.running == running
        assert after.remaining[running] == pytest.approx(460.0)
        assert after.remaining[1 - running] == pytest.approx(600.0)


def test_a_pause_needs_every_player_and_stops_the_clocks(timed, time):
    with serving(timed) as room:
        table, seats, _sync = open_table(room, {"kind": "realtime", "bank": 600, "increment": 0})
        anna, bruno = seats[0].person, seats[1].person
        anna.say("/pause", table)
        bruno.expect("chat", where=lambda m: m["line"].get("code") == "pause_asked")
        live = room.app.state.room.tables[table]
        assert live.time.paused is False
        bruno.say("/pause", table)
        anna.expect("table", where=lambda m: m["table"]["paused"])
        frozen = live.clock_info().remaining
        time.now += 1000
        assert live.clock_info().remaining == frozen
        first = mover(seats)
        first.play(first.view["legal_moves"][0])
        assert first.person.refused("paused")["text"].startswith("the match is paused")
        anna.say("/pause", table)
        bruno.expect("table", where=lambda m: not m["table"]["paused"])
        assert live.time.paused is False


def test_abort_needs_every_player_and_only_in_the_first_moves(timed):
    with serving(timed) as room:
        table, seats, _ = open_table(room, None)
        anna, bruno = seats[0].person, seats[1].person
        anna.say("/abort", table)
        bruno.expect("chat", where=lambda m: m["line"].get("code") == "abort_asked")
        bruno.say("/abort", table)
        ended = anna.expect("sync", where=lambda m: m["match"] and m["match"]["result"])
        assert ended["match"]["result"]["aborted"] is True
        assert ended["match"]["legal_moves"] == []
        assert ended["match"]["to_move"] is None
        assert ended["table"]["status"] == "finished"
    with serving(timed) as room:
        table, seats, _ = open_table(room, None)
        for _ in range(4):
            current = mover(seats)
            current.play(current.view["legal_moves"][0])
            for seat in seats:
                seat.take(seat.person.expect("match"))
        seats[0].person.say("/abort", table)
        refusal = seats[0].person.refused("too_late")
        assert refusal["params"] == {"most": 4, "played": 4}


def test_bad_time_controls_are_refused_and_open_no_table(room):
    anna = Person.enter(room, "Anna")
    anna.send(t="create", game="krone", clock={"kind": "realtime", "bank": 10})
    assert "bank is 60 to" in anna.refused("bad_clock")["text"]
    anna.send(t="create", game="krone", grace=5)
    assert "grace is 30 to 3600" in anna.refused("bad_clock")["text"]
    assert room.app.state.room.tables == {}


def test_the_result_records_every_seat_a_bot_played_for(timed, time):
    with serving(timed) as room:
        table, seats, _ = open_table(room, {"kind": "realtime", "bank": 60, "increment": 0})
        live = room.app.state.room.tables[table]
        first = mover(seats).you
        time.now += 61
        tick(room, table)
        # A bot plays the first seat's turn out; then the second's clock runs out too,
        # and bots play the match to its end.
        anna = seats[0].person
        anna.expect("match", where=lambda m: (m["clocks"] or {}).get("running") == 1 - first)
        time.now += 61
        tick(room, table)
        ended = anna.expect("match", where=lambda m: m["view"]["result"] is not None)
        assert ended["view"]["result"]["replaced"] == [[0, "time"], [1, "time"]]
        assert live.status == "finished"
        # Neither took their seat back: both abandoned the match (docs/ratings.md).
        users = [chair.user_id for chair in live.seats]
        rates = room.portal.call(room.app.state.room.store.finish_rates, users)
        assert [(rates[u].finished, rates[u].ended) for u in users] == [(0, 1), (0, 1)]


def test_at_a_turn_based_table_a_player_may_be_gone_for_hours(timed, time):
    with serving(timed) as room:
        table, seats, _ = open_table(room, {"kind": "turn", "per_move": 86400}, grace=60)
        waiting = next(s for s in seats if not s.my_turn)
        waiting.person.close()
        time.now += 3 * 3600
        tick(room, table)
        assert room.app.state.room.tables[table].time.replaced == {}
