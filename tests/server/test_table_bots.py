"""Table bots play through the room's own path and see only what their seat may see."""

import asyncio
import gc
import os
import pickle
import random
import subprocess
import sys
import time

import pytest
from starlette.testclient import TestClient

import ludoteca
from ludoteca.bots import patience
from ludoteca.engine import CHANCE, Match, deadline
from ludoteca.server.app import create_app
from ludoteca.server.room import Settings
from ludoteca.server.table import thinking
from ludoteca.server.table.thinking import bot_levels, choose

from .client import Person, Seat


@pytest.mark.parametrize("level", bot_levels())
def test_a_table_bot_chooses_alike_whatever_is_hidden_from_its_seat(level):
    game = ludoteca.game("keltis")
    rng = random.Random(11)
    match = game.new_match(3)
    compared = 0
    # The search's decisions are the slow ones (two of them a move, one on each match).
    decisions = 16 if level.startswith("mcts") else 40
    while not match.is_over and compared < decisions:
        if match.to_move is CHANCE:
            match.play_chance(rng)
            continue
        seat = match.to_move
        twin = Match(game, 3, match.options, match.state.determinize(seat, rng))
        assert twin.position() != match.position()  # other hands really differ
        seed = rng.randrange(2**32)
        mine = choose(level, match, random.Random(seed))
        assert choose(level, twin, random.Random(seed)) == mine
        match.play(mine)
        compared += 1


def test_a_whole_game_on_each_database(db_url):
    settings = Settings(db_url=db_url, bot_delay=0, messages_per_second=10_000)
    with TestClient(create_app(settings)) as client:
        anna = Person.enter(client, "Anna")
        table = anna.create("keltis")
        anna.say("/bot simple", table)
        anna.expect("table")
        anna.say("/start", table)
        me = Seat(anna, table)
        rng = random.Random(4)
        while me.view is None or me.view["result"] is None:
            if me.follow()["t"] in ("sync", "match") and me.my_turn:
                me.play(rng.choice(me.view["legal_moves"]))
        stored = client.app.state.room.tables[table]
        log = client.portal.call(client.app.state.room.store.match_log, stored.match_id)
        assert [text for _, text in log] == [entry.text for entry in stored.live.log]
        anna.close()


def test_bots_that_think_decide_in_a_bot_process_on_the_position_as_it_was(game_id):
    match = ludoteca.game(game_id).new_match(3)
    rng = random.Random(3)
    for _ in range(25):  # into the game: hands dealt, dice rolled, tiles laid
        if match.to_move is CHANCE:
            match.play_chance(rng)
        else:
            match.play(rng.choice(match.legal_moves()))
    while match.to_move is CHANCE:
        match.play_chance(rng)

    async def think_then_move_on():
        thought = asyncio.ensure_future(thinking.think("greedy", match))
        await asyncio.sleep(0)  # the position went over when the bot began
        legal = match.legal_moves()
        match.play(legal[0])  # the live match moves on while the bot thinks
        return await thought, legal

    move, legal = asyncio.run(think_then_move_on())
    assert move in legal
    assert thinking._processes().submit(os.getpid).result() != os.getpid()
    # A bot process plays bots only: what its decisions kept is out of the collector's
    # way (bots.heap), which the room's own process never is.
    assert thinking._processes().submit(gc.get_freeze_count).result() > 0
    assert gc.get_freeze_count() == 0


@pytest.fixture
def processes(monkeypatch):
    """The room's bot processes started afresh, as many as the test asks, and stopped
    after it."""

    def start(count):
        thinking.stop()
        monkeypatch.setattr(thinking, "PROCESSES", count)

    yield start
    thinking.stop()


def _remembered():
    """In a bot process: the positions of Krone's odds it remembers."""
    from ludoteca.games.krone import odds

    return odds._positions()


def test_a_table_s_bots_think_in_one_process_and_find_there_what_they_worked_out(processes):
    processes(3)
    here, elsewhere = 7, 8
    match = ludoteca.game("krone").new_match(2)
    rng = random.Random(5)
    while len(match.legal_moves()) < 2:  # a decision with odds to work out
        if match.to_move is CHANCE:
            match.play_chance(rng)
        else:
            match.play(match.legal_moves()[0])

    async def twice():
        return [await thinking.think("greedy", match, here) for _ in range(2)]

    first, second = asyncio.run(twice())
    assert first == second
    pids = {thinking._processes(here).submit(os.getpid).result() for _ in range(3)}
    assert len(pids) == 1
    assert os.getpid() not in pids
    assert pids != {thinking._processes(elsewhere).submit(os.getpid).result()}
    assert thinking._processes(here).submit(_remembered).result() > 0
    assert thinking._processes(elsewhere).submit(_remembered).result() == 0


def _bound():
    """In a bot process: the most positions of Krone's odds it may remember."""
    from ludoteca.games.krone import odds

    return odds._REMEMBERED_IN_ALL


def test_the_bot_processes_share_the_machine_s_memory_for_what_bots_remember(
    processes, monkeypatch
):
    from ludoteca.games.krone import odds

    machine = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    # A share so small that each of three processes may keep 1,000 positions.
    share = 3 * 1_000 * odds.POSITION_BYTES / machine
    monkeypatch.setattr(thinking, "BOT_MEMORY_SHARE", share)
    processes(3)
    bounds = {thinking._processes(table).submit(_bound).result() for table in range(3)}
    assert bounds == {int(machine * share / 3) // odds.POSITION_BYTES}  # about 1,000
    # With the room's share, a process on this machine keeps at most the odds' own bound.
    monkeypatch.setattr(thinking, "BOT_MEMORY_SHARE", 0.5)
    processes(1)
    expected = min(odds.REMEMBERED_AT_MOST, int(machine * 0.5) // odds.POSITION_BYTES)
    assert thinking._processes("t").submit(_bound).result() == expected


def test_tables_take_the_bot_processes_in_turn_and_keep_theirs(processes, monkeypatch):
    processes(3)
    monkeypatch.setattr(thinking, "TABLES_REMEMBERED", 4)
    first = [thinking._processes(table) for table in (11, 12, 13)]
    assert len(set(map(id, first))) == 3  # three tables, three processes
    assert thinking._processes(14) is first[0]  # the fourth shares with the first
    assert [thinking._processes(table) for table in (13, 12, 11)] == first[::-1]
    assert thinking._processes(15) is first[1]
    # Five tables: the one whose bots thought longest ago (14) is forgotten, and takes
    # the next process in turn, not the one it had.
    assert list(thinking._homes) == [13, 12, 11, 15]
    assert thinking._processes(14) is first[2]


def test_a_decision_goes_elsewhere_only_while_its_table_s_process_is_busy_and_another_idle(
    processes,
):
    processes(2)
    first, second = thinking._processes(1), thinking._processes(2)
    assert thinking._free(1) is first
    thinking._busy[first] += 1  # deciding for another table of its process (3)
    assert thinking._processes(3) is first
    assert thinking._free(1) is second  # rather than wait behind it
    thinking._busy[second] += 1
    assert thinking._free(1) is first  # all busy: its own, and what it remembers
    assert thinking._free(2) is second
    thinking.stop()
    assert not thinking._busy


def test_a_dead_bot_process_is_replaced_for_its_table_alone(processes):
    processes(2)
    struck, spared = 1, 2
    match = ludoteca.game("keltis").new_match(2)
    rng = random.Random(2)
    while match.to_move is CHANCE:
        match.play_chance(rng)
    dead = thinking._processes(struck).submit(os.getpid).result()
    alive = thinking._processes(spared).submit(os.getpid).result()
    os.kill(dead, 9)
    move = asyncio.run(thinking.think("greedy", match, struck))
    assert move in match.legal_moves()
    assert thinking._processes(struck).submit(os.getpid).result() not in (dead, alive)
    assert thinking._processes(spared).submit(os.getpid).result() == alive


def test_a_bot_process_does_not_outlive_a_room_that_was_killed():
    room = subprocess.run(
        [sys.executable, "-c", KILLED_ROOM], capture_output=True, text=True, timeout=120
    )
    bot_process = int(room.stdout.split()[-1])
    deadline = time.monotonic() + 10 * thinking.PARENT_CHECK_SECONDS
    while _alive(bot_process) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(bot_process)


# A room whose bots have thought once, killed at once: no clean-up of its own runs.
KILLED_ROOM = """
import asyncio, os, ludoteca
from ludoteca.server.table import thinking
match = ludoteca.game("krone").new_match(2)
asyncio.run(thinking.think("greedy", match))
print(thinking._processes().submit(os.getpid).result(), flush=True)
os.kill(os.getpid(), 9)
"""


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:  # a zombie is gone for our purpose
        return stat.read().split()[2] != "Z"


def test_a_bot_that_fails_to_decide_does_not_stop_the_table(enter, monkeypatch):
    async def broken(level, match):
        raise RuntimeError("a bug in a bot")

    monkeypatch.setattr(thinking, "think", broken)
    me = play_against_greedy(enter("Anna"), "krone", 2, until=bot_moved)
    assert bot_moved(me.view)


def test_a_bot_that_thinks_elsewhere_plays_a_whole_game(enter):
    # greedy is not among the quick levels: it decides in a bot process.
    me = play_against_greedy(enter("Anna"), "kingdomino", 6, until=lambda view: view["result"])
    assert bot_moved(me.view)


def play_against_greedy(anna, game_id, seed, until):
    """Anna plays random moves against a greedy bot in seat 1 until ``until(view)``."""
    table = anna.create(game_id)
    anna.say("/bot greedy", table)
    anna.expect("table", where=lambda m: m["table"]["seats"][1]["bot"] == "greedy")
    anna.say("/start", table)
    me = Seat(anna, table)
    rng = random.Random(seed)
    while me.view is None or not until(me.view):
        if me.follow()["t"] in ("sync", "match") and me.my_turn:
            me.play(rng.choice(me.view["legal_moves"]))
    return me


def bot_moved(view):
    return any(entry["by"] == 1 for entry in view["log"])


def test_a_bot_waits_the_delay_once_a_turn_not_once_a_move(sqlite_url):
    # A Krone turn is many small moves (buy, use a card, roll again, take a task): paced
    # move by move, a bot's turn took k delays; paced by its turn, one and k-1 short steps.
    delay = 0.3
    settings = Settings(db_url=sqlite_url, bot_delay=delay, messages_per_second=10_000)
    with TestClient(create_app(settings)) as client:
        anna = Person.enter(client, "Anna")
        table = anna.create("krone")
        anna.say("/bot simple", table)
        anna.expect("table", where=lambda m: m["table"]["seats"][1]["bot"] == "simple")
        anna.say("/start", table)
        me = Seat(anna, table)
        rng = random.Random(5)
        turns: list[tuple[int, float]] = []  # (the bot's moves, seconds) per bot turn
        began: float | None = None
        while len(turns) < 3 and (me.view is None or me.view["result"] is None):
            message = me.follow()
            if message["t"] not in ("sync", "match") or me.view is None:
                continue
            bot_to_move = me.view["to_move"] == 1
            if bot_to_move and began is None:
                began, before = time.monotonic(), _moves_by(me.view, 1)
            elif not bot_to_move and began is not None:
                turns.append((_moves_by(me.view, 1) - before, time.monotonic() - began))
                began = None
            if me.my_turn:
                me.play(rng.choice(me.view["legal_moves"]))
        anna.close()
    moves, seconds = sum(k for k, _ in turns), sum(s for _, s in turns)
    assert moves >= 3 * len(turns) > 0, turns  # turns of several moves
    # One delay a turn and a short step a move, with room for a busy machine: paced move
    # by move, these turns took moves * delay, three times as long or more.
    assert seconds < len(turns) * delay + (moves - len(turns)) * delay / 3 + 1.5, turns


def _moves_by(view, seat):
    return sum(1 for entry in view["log"] if entry["by"] == seat)


def test_a_bot_process_decides_within_the_room_s_deadline(monkeypatch):
    """A counted budget (a search's iterations, Krone's odds) stops at the room's
    deadline where the machine is too busy for it (``engine.deadline``)."""
    seen = []

    def choose(level, match, rng=None):
        seen.append((level, deadline.given(), deadline.passed()))
        return match.legal_moves()[0]

    monkeypatch.setattr(thinking, "choose", choose)
    match = ludoteca.game("keltis").new_match(2)
    rng = random.Random(1)
    while match.to_move is CHANCE:
        match.play_chance(rng)
    position = pickle.dumps(("mcts", "keltis", 2, {}, match.state))
    assert match.parse(thinking.decide(position)) == match.legal_moves()[0]
    assert seen == [("mcts", True, False)]
    assert not deadline.given()  # the deadline was the decision's only
    assert 0 < patience.THINKING_SECONDS < 1
