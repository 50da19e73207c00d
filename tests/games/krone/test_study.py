"""pays and cards_paid: any dice against any card's cost."""

import itertools

import pytest

from ludoteca.engine import PositionError
from ludoteca.games.krone.components import CARDS
from ludoteca.games.krone.costs import cards_paid, pays
from ludoteca.games.krone.dice import counts_of


def test_they_agree_with_the_costs_the_game_checks():
    for n in range(1, 8):
        for dice in itertools.combinations_with_replacement(range(1, 7), n):
            paid = cards_paid(dice)
            assert paid == [c.id for c in CARDS if c.affordable(counts_of(dice))]
            for card in CARDS:
                assert pays(card.id, dice) is (card.id in paid)


def test_any_number_of_dice_and_any_name():
    assert pays("König", [5] * 20)
    assert pays("Lady in waiting", [1, 1, 1, 6, 6])
    assert not pays("queen", [6] * 12)  # the Queen comes with the King


@pytest.mark.parametrize(
    ("card", "dice", "fragment"),
    [("dragon", [1], "there is no card 'dragon'"), ("guard", [0, 7], "dice show 1 to 6")],
)
def test_bad_input_is_refused_clearly(card, dice, fragment):
    with pytest.raises(PositionError, match=fragment):
        pays(card, dice)
