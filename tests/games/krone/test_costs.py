"""Every card cost, with the edge cases between patterns ("contains" semantics)."""

import pytest

from ludoteca.games.krone.components import BY_ID
from ludoteca.games.krone.dice import counts_of

from .helpers import dice_phase

COSTS = [
    # card, result, affordable
    ("jester", [1, 2, 3], True),
    ("farmer", [5, 5, 1], True),
    ("farmer", [1, 2, 3], False),
    ("maid", [1, 3, 5, 5], True),
    ("maid", [1, 3, 4], False),
    ("philosopher", [2, 4, 6, 6], True),
    ("philosopher", [2, 4, 5], False),
    ("craftsman", [5, 5, 5], True),  # exactly 15
    ("craftsman", [6, 6, 2], False),  # 14
    ("guard", [2, 2, 2], True),
    ("guard", [2, 2, 2, 2, 6], True),  # more than three of a kind contains three
    ("guard", [2, 2, 3], False),
    ("hunter", [3, 3, 3, 3], True),
    ("hunter", [3, 3, 3, 4, 4], False),
    ("astronomer", [1, 1, 2, 2], True),
    ("astronomer", [4, 4, 4, 4], True),  # four of a kind are two pairs
    ("astronomer", [1, 1, 1, 2], False),
    ("astronomer", [1, 1, 2, 3], False),
    ("merchant", [6, 6, 6, 2], True),  # exactly 20
    ("merchant", [6, 6, 6, 1], False),  # 19
    ("lady", [2, 2, 2, 5, 5], True),
    ("lady", [5, 5, 5, 5, 5], True),  # five of a kind is a full house
    ("lady", [2, 2, 2, 4, 4, 4], True),  # two triples contain three and two
    ("lady", [2, 2, 2, 2, 5], False),  # four and one is no full house
    ("lady", [2, 2, 5, 5, 6], False),
    ("pawnbroker", [6, 6, 6, 6, 6], True),  # exactly 30
    ("pawnbroker", [6, 6, 6, 6, 5], False),  # 29
    ("knight", [5, 5, 5, 5, 5], True),
    ("knight", [5, 5, 5, 5, 4], False),
    ("sorcerer", [1, 2, 3, 4, 5], True),
    ("sorcerer", [2, 3, 4, 5, 6], True),
    ("sorcerer", [1, 1, 2, 3, 4, 5, 5], True),  # extra dice around the straight
    ("sorcerer", [1, 2, 3, 4, 6], False),
    ("alchemist", [1, 2, 3, 4, 5, 6], True),
    ("alchemist", [1, 1, 2, 3, 4, 5, 6, 6], True),
    ("alchemist", [1, 2, 3, 4, 5, 5], False),
    ("bishop", [1, 1, 2, 2, 3, 3], True),
    ("bishop", [4, 4, 4, 4, 2, 2], True),  # four and two
    ("bishop", [6, 6, 6, 6, 6, 6], True),  # six of a kind
    ("bishop", [5, 5, 5, 5, 5, 1, 1], True),  # five (two pairs) and a pair
    ("bishop", [1, 1, 2, 2, 3], False),
    ("bishop", [5, 5, 5, 5, 5, 1], False),  # five and one: two pairs only
    ("nobleman", [2, 2, 2, 3, 3, 3], True),
    ("nobleman", [4, 4, 4, 4, 4, 4], True),  # six of a kind
    ("nobleman", [2, 2, 2, 3, 3, 1], False),
    ("nobleman", [2, 2, 2, 2, 2], False),  # five of a kind is one triple
    ("general", [1, 1, 1, 1, 1, 1], True),
    ("general", [1, 1, 1, 1, 1, 2], False),
    ("king", [2, 2, 2, 2, 2, 2, 2], True),
    ("king", [2, 2, 2, 2, 2, 2, 3, 3], False),
]


@pytest.mark.parametrize(("card", "result", "affordable"), COSTS)
def test_cost(card, result, affordable):
    assert BY_ID[card].affordable(counts_of(result)) is affordable


@pytest.mark.parametrize(("card", "result", "affordable"), COSTS)
def test_cost_decides_what_the_turn_may_buy(card, result, affordable):
    match = dice_phase(players=5, aside=result)
    assert (f"buy {card}" in map(str, match.legal_moves())) is affordable


def test_the_queen_is_never_bought_and_comes_with_the_king():
    match = dice_phase(players=5, cards={0: ["farmer", "general"]}, aside=[4] * 7)
    assert "buy queen" not in map(str, match.legal_moves())
    match.play("buy king")
    assert {"king", "queen"} <= set(match.position()["players"][0]["cards"])
    assert match.position()["display"]["king"] == 0


def test_every_card_is_listed_with_its_row():
    rows = {card.id: card.row for card in BY_ID.values()}
    assert rows == {
        "jester": 0, "charlatan": 0,
        "farmer": 1, "maid": 1, "philosopher": 1, "craftsman": 1, "guard": 1,
        "hunter": 2, "astronomer": 2, "merchant": 2,
        "lady": 3, "pawnbroker": 3, "knight": 3, "sorcerer": 3,
        "alchemist": 4, "bishop": 4, "nobleman": 4, "general": 4,
        "king": 5, "queen": 5,
    }  # fmt: skip
