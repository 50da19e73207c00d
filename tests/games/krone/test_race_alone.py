"""scripts/krone_race.py: a dice policy's turns to the King with no one in its way."""

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from ludoteca.games.krone import strategy
from ludoteca.games.krone.moves import Buy

SCRIPT = Path(__file__).parents[3] / "scripts" / "krone_race.py"
spec = importlib.util.spec_from_file_location("krone_race", SCRIPT)
race = importlib.util.module_from_spec(spec)
spec.loader.exec_module(race)


def test_a_game_ends_when_the_seat_takes_the_king():
    taken = []

    def simple(match, rng):
        move = strategy.simple_move(match.state, rng)
        taken.append(move)
        return move

    turns = race.turns_to_king(simple, "solo", 0)
    assert taken[-1] == Buy("king")
    assert Buy("king") not in taken[:-1]
    assert 1 <= turns < race.MOST_TURNS


def test_a_policy_that_never_takes_the_king_stops_at_the_most_turns():
    def shy(match, rng):
        move = strategy.simple_move(match.state, rng)
        return strategy.END if move == Buy("king") else move

    assert race.turns_to_king(shy, "solo", 0) == race.MOST_TURNS


def test_think_gives_each_of_the_seats_decisions_the_rooms_kind_of_deadline():
    from ludoteca.engine import deadline

    for think, given in ((None, False), (0.7, True)):
        seen = []

        def simple(match, rng, seen=seen):
            seen.append(deadline.given())
            return strategy.simple_move(match.state, rng)

        race.turns_to_king(simple, "solo", 0, think)
        assert seen
        assert set(seen) == {given}


def test_the_script_prints_the_mean_with_its_interval():
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "simple", "--games", "0:4"],
        capture_output=True,
        text=True,
        check=True,
    )
    out = json.loads(done.stdout)
    assert out["games"] == [0, 4]
    assert len(out["turns"]) == 4
    assert out["mean_turns"] == pytest.approx(sum(out["turns"]) / 4, abs=1e-3)
    assert out["ci95"][0] <= out["mean_turns"] <= out["ci95"][1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["clever"], "no policy 'clever': race, greedy, simple or mcts[:N]"),
        (["mcts:lots"], "write the search budget as iterations"),
        (["race", "--values", "kong=3"], "no card 'kong'"),
        (["race", "--values", "king=lots"], "write a card's value as CARD=NUMBER"),
        (["simple", "--values", "king=3"], "use them with 'race'"),
        (["simple", "--budget", "3000"], "use them with 'race'"),
        (["race", "--budget", "0"], "counts of 1 or more"),
        (["simple", "--games", "5:5"], "no game to play"),
        (["race", "--think", "0"], "a decision needs some time, above 0"),
    ],
)
def test_bad_arguments_say_what_is_allowed(args, message):
    done = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True)
    assert done.returncode == 2
    assert message in done.stderr


def test_the_race_policy_plays_with_the_budget_it_is_given(monkeypatch):
    seen = []

    def search_move(state, rng, values, budget, work):
        seen.append((budget, work))
        return strategy.simple_move(state, rng)

    monkeypatch.setattr(strategy, "search_move", search_move)
    race.turns_to_king(race.policy("race", {}, 3000, 100_000), "solo", 0)
    assert seen
    assert set(seen) == {(3000, 100_000)}


def test_a_policy_that_draws_at_random_meets_the_same_dice():
    # The policy's own generator: drawing from it does not change the rolls of the game,
    # so two policies are compared on the same dice until their choices part.
    def simple(match, rng):
        return strategy.simple_move(match.state, rng)

    def simple_drawing(match, rng):
        rng.random()
        return strategy.simple_move(match.state, rng)

    for number in range(3):
        assert race.turns_to_king(simple_drawing, "solo", number) == race.turns_to_king(
            simple, "solo", number
        )


def test_the_search_itself_races_with_its_tree_choosing_the_cards():
    chosen = []
    search = race.policy("mcts:3", {})

    def watched(match, rng):
        move = search(match, rng)
        chosen.append(move)
        return move

    turns = race.turns_to_king(watched, "solo", 0)
    assert chosen[-1] == Buy("king")
    assert 1 <= turns < race.MOST_TURNS
