"""scripts/krone_race_bot.py: the search's dice as a bot of its own, for screens."""

import importlib.util
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import ludoteca
from ludoteca.engine import CHANCE
from ludoteca.games.krone import strategy
from ludoteca.games.krone.power import groups, holding_key

SCRIPT = Path(__file__).parents[3] / "scripts" / "krone_race_bot.py"
spec = importlib.util.spec_from_file_location("krone_race_bot", SCRIPT)
race_bot = importlib.util.module_from_spec(spec)
spec.loader.exec_module(race_bot)


def _strong_other(players=2):
    match = ludoteca.game("krone").new_match(players)
    state = match.state
    other = state.holdings[1 - state.seat]
    other.cards |= {"farmer", "general", "bishop", "knight", "pawnbroker", "sorcerer"}
    return state


def test_fixed_plays_for_the_race_values():
    assert race_bot.race("fixed").values(_strong_other()) is strategy.RACE_VALUES


def test_threat_discounts_every_card_but_the_king_by_the_others_chance_of_seven():
    state = _strong_other()
    chance = groups(*holding_key(state.holdings[1 - state.seat]))[7]
    assert chance > 0.2  # six dice a turn, three brought in, a Sorcerer: the King is near
    values = race_bot.race("threat-2").values(state)
    assert values["king"] == strategy.RACE_VALUES["king"]
    assert values["general"] == pytest.approx(strategy.RACE_VALUES["general"] * (1 - chance) ** 2)
    assert values["general"] < strategy.RACE_VALUES["general"]


def test_threat_leaves_the_larger_tables_alone():
    assert race_bot.race("threat-2").values(_strong_other(4)) is strategy.RACE_VALUES


def test_the_bot_plays_its_moves_by_the_race():
    match = ludoteca.game("krone").new_match(2)
    rng, bot, played = random.Random(3), race_bot.race("fixed"), 0
    while played < 6:
        if match.to_move is CHANCE:
            match.play_chance(rng)
            continue
        move = bot.choose(match, random.Random(0))
        assert move in match.legal_moves()
        match.play(move)
        played += 1


@pytest.mark.parametrize(
    ("argument", "message"),
    [("clever", "write race:fixed or race:threat-K"), ("threat-x", "K is a number")],
)
def test_a_bad_argument_says_what_is_allowed(argument, message):
    with pytest.raises(ValueError, match=message):
        race_bot.race(argument)


def test_the_arena_plays_it_by_its_module_path():
    # Game 4 of seed 31: a short game (game 0 took four times as long, fresh odds and all).
    done = subprocess.run(
        [sys.executable, "-m", "ludoteca", "arena", "krone",
         "--bots", "krone_race_bot:race:fixed,random", "--seed", "31", "--seeds", "4:5"],
        capture_output=True, text=True, check=True,
        env={**os.environ, "PYTHONPATH": str(SCRIPT.parent)},
    )  # fmt: skip
    assert "krone_race_bot:race:fixed" in done.stdout
