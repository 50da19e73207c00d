"""Table bots play through the room's own path and see only what their seat may see."""

import random

import pytest
from starlette.testclient import TestClient

import ludoteca
from ludoteca.engine import CHANCE, Match
from ludoteca.server.app import create_app
from ludoteca.server.room import Settings
from ludoteca.server.seats import bot_levels, choose

from .client import Person, Seat


@pytest.mark.parametrize("level", bot_levels())
def test_a_table_bot_chooses_alike_whatever_is_hidden_from_its_seat(level):
    game = ludoteca.game("keltis")
    rng = random.Random(11)
    match = game.new_match(3)
    compared = 0
    while not match.is_over and compared < 40:
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


def test_a_bot_that_thinks_in_a_thread_plays_a_whole_game(enter):
    # greedy is not among the quick levels: it decides in a worker thread, on a copy.
    anna = enter("Anna")
    table = anna.create("kingdomino")
    anna.say("/bot greedy", table)
    anna.expect("table", where=lambda m: m["table"]["seats"][1]["bot"] == "greedy")
    anna.say("/start", table)
    me = Seat(anna, table)
    rng = random.Random(6)
    while me.view is None or me.view["result"] is None:
        if me.follow()["t"] in ("sync", "match") and me.my_turn:
            me.play(rng.choice(me.view["legal_moves"]))
    assert any(entry["by"] == 1 for entry in me.view["log"])
