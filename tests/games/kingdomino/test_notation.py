"""Move notation: every form round-trips, and bad text says what is allowed."""

import pytest

from ludoteca.engine import MoveSyntaxError
from ludoteca.games.kingdomino.moves import Discard, Draw, DrawKing, Pick, Place, parse_move

from .helpers import GAME, square


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("place 19 d5 d4", Place(19, square("d5"), square("d4"))),
        ("place 48 m13 l13", Place(48, square("m13"), square("l13"))),
        ("discard 22", Discard(22)),
        ("pick 7", Pick(7)),
        ("draw 48", Draw(48)),
        ("king 3", DrawKing(3)),
    ],
)
def test_each_form_parses_and_prints_back(text, move):
    assert parse_move(text) == move
    assert str(move) == text
    assert GAME.parse_move(text) == move


def test_the_first_square_takes_the_first_half_so_the_order_is_the_orientation():
    # Domino 19 is wheat(1) then forest: the two orders are two different placements.
    assert parse_move("place 19 d5 d4") != parse_move("place 19 d4 d5")


def test_a_domino_with_identical_halves_has_one_spelling():
    # Domino 3 is forest forest: d4 e4 and e4 d4 lay it the same way.
    assert parse_move("place 3 e4 d4") == parse_move("place 3 d4 e4")
    assert str(parse_move("place 3 e4 d4")) == "place 3 d4 e4"
    assert str(parse_move("place 3 d5 d4")) == "place 3 d4 d5"
    # Domino 17 (forest lake) keeps the order given.
    assert str(parse_move("place 17 e4 d4")) == "place 17 e4 d4"


def test_case_and_commas_do_not_matter():
    assert parse_move("Place 19, D5, D4") == parse_move("place 19 d5 d4")
    assert parse_move("PICK 7") == Pick(7)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "moves are"),
        ("fly 3", "moves are"),
        ("place 19 d5", "two squares"),
        ("place 19 d5 e6", "side by side"),
        ("place 19 d5 d7", "side by side"),
        ("place 49 d5 d4", "numbered 1 to 48"),
        ("place 0 d5 d4", "numbered 1 to 48"),
        ("place 19 n5 n4", "column a-m"),
        ("place 19 d14 d13", "row 1-13"),
        ("pick", "one domino"),
        ("pick 5 6", "one domino"),
        ("discard x", "numbered 1 to 48"),
        ("king 4", "seat"),
        ("king", "seat"),
    ],
)
def test_bad_text_is_refused_with_what_is_allowed(text, says):
    with pytest.raises(MoveSyntaxError, match=says):
        parse_move(text)
