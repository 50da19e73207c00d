"""The display by player count (the seed's table)."""

import pytest

from ludoteca.games.krone import GAME

ROW = {"I": ["farmer", "maid", "philosopher", "craftsman", "guard"],
       "II": ["hunter", "astronomer", "merchant"],
       "III": ["lady", "pawnbroker", "knight", "sorcerer"],
       "IV": ["alchemist", "bishop", "nobleman", "general"]}  # fmt: skip
COPIES = {"I": [2, 2, 3, 4], "II": [1, 2, 3, 3], "III": [1, 2, 2, 3], "IV": [1, 2, 2, 3]}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_display_by_player_count(players):
    display = GAME.new_match(players).position()["display"]
    for row, cards in ROW.items():
        for card in cards:
            assert display[card] == COPIES[row][players - 2], (card, players)
    assert display["king"] == 1
    assert display["jester"] == players
    assert "queen" not in display  # she is not for sale: she comes with the King
    assert "charlatan" not in display  # the back of a Jester


def test_five_players_use_every_card_of_the_box():
    display = GAME.new_match(5).position()["display"]
    assert sum(display.values()) + 1 == 60  # + the Queen


def test_two_to_five_players():
    from ludoteca.engine import OptionError

    with pytest.raises(OptionError, match="2 to 5 players"):
        GAME.new_match(1)
    with pytest.raises(OptionError, match="2 to 5 players"):
        GAME.new_match(6)
