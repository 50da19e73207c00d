"""scripts/krone_race_diff.py: the room's race decisions beside the counted search's."""

import importlib.util
import itertools
import random
from pathlib import Path

from ludoteca.engine import deadline
from ludoteca.games.krone import odds

from .helpers import dice_phase

SCRIPT = Path(__file__).parents[3] / "scripts" / "krone_race_diff.py"
spec = importlib.util.spec_from_file_location("krone_race_diff", SCRIPT)
race_diff = importlib.util.module_from_spec(spec)
spec.loader.exec_module(race_diff)


def planning_position():
    # Five dice and three abilities: greedy's plan brings in a die with the Hunter, the
    # counted search's larger plan keeps the two 3s (tests/bots/test_mcts.py).
    return dice_phase(
        players=2, cards={0: ["guard", "hunter", "sorcerer"]}, active=[6, 4, 3, 3, 2], kept=False
    )


def test_the_counted_move_is_worth_the_most_by_its_own_plan():
    state = planning_position().state
    legal = state.legal_moves()
    odds.forget()
    worths = race_diff.worths(state, legal)
    best = max(worths)
    assert best > min(worths)
    by_move = dict(zip(map(str, legal), worths, strict=True))
    assert by_move["keep 3 3"] == best
    assert by_move["use hunter"] < best


def test_the_game_plays_the_room_s_move_and_the_counted_one_is_asked_without_its_deadline():
    match = planning_position()
    found = []
    watched = race_diff.Watched("greedy", 7, found)
    # The room's decision out of time after a few looks at the clock: the counted search
    # beside it still works out its whole plan.
    read = itertools.chain(itertools.repeat(0.0, 20), itertools.repeat(10.0))
    odds.forget()
    with deadline.within(1, clock=lambda: next(read)):
        move = watched.choose(match, random.Random(0))
    assert move in match.legal_moves()
    [entry] = found
    assert entry["game"] == 7
    assert entry["room"] == str(move)
    assert entry["counted"] == "keep 3 3"
    if entry["room"] != entry["counted"]:
        room, counted = entry["worth"]
        assert counted >= room
