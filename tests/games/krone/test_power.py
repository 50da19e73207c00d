"""The quick estimate of a holding in a turn played for one face (``power.py``), against
the exact odds of the same aim (``odds.py``)."""

import pytest

from ludoteca.games.krone import odds
from ludoteca.games.krone.goals import beat_goal
from ludoteca.games.krone.power import beats, groups
from ludoteca.games.krone.state import Holding, final_round, opening

# (dice a turn, abilities, the result to beat): holdings of the simple policy's tuning
# games (seed 25) whose exact odds take a second or two. The plan before (every die
# brought in at once, the face chosen by the roll alone) said 0.016, 0.012 and 0.006 for
# them, against exact odds of 0.067, 0.060 and 0.049.
HOLDINGS = [
    (5, ("hunter", "knight"), (7, 2)),
    (4, ("guard", "hunter", "knight"), (7, 2)),
    (5, ("bishop", "guard"), (7, 5)),
]


def exact(dice: int, cards: tuple[str, ...], best: tuple[int, int]) -> float:
    """The exact chance that the seat beats ``best`` in its final-round turn."""
    state = opening(3)
    state.holdings[0] = Holding(set(cards), charlatans=dice - 3)
    state.holdings[1].cards |= {"king", "queen"}
    state.king_buyer, state.bid = 1, best
    state.final = final_round(3, 0, 1, best)
    assert state.seat == 0
    assert state.holdings[0].turn_dice() == dice
    return odds.chance(state, beat_goal(best, equal_wins=False)).chance


@pytest.fixture(scope="module")
def both() -> list[tuple[float, float]]:
    return [
        (beats(dice, frozenset(cards), *best), exact(dice, cards, best))
        for dice, cards, best in HOLDINGS
    ]


def test_the_estimate_of_beating_a_result_is_near_the_exact_odds(both):
    for (estimate, truth), holding in zip(both, HOLDINGS, strict=True):
        assert abs(estimate - truth) < 0.025, (holding, estimate, truth)


def test_a_result_of_a_higher_face_or_more_dice_is_harder_to_beat():
    cards = frozenset({"guard", "knight", "sorcerer"})
    assert beats(7, cards, 7, 2) > beats(7, cards, 7, 5) > beats(7, cards, 8, 1)
    assert beats(7, cards, 7, 6) == beats(7, cards, 7, 6)  # a fixed seed: it repeats
    # Beating six 6s is rolling seven of a kind: the at-least figures say as much.
    assert beats(7, cards, 6, 6) == pytest.approx(groups(7, cards)[7], abs=0.06)


def test_a_die_brought_in_showing_the_face_saves_a_roll_that_brings_none():
    # Four dice and the Queen: seven sixes need every roll to bring one, unless the
    # Queen's die is set aside instead; with the Craftsman's 1 it is only a die more.
    with_queen = beats(6, frozenset({"queen"}), 6, 5)
    with_craftsman = beats(6, frozenset({"craftsman"}), 6, 5)
    assert with_queen > with_craftsman
