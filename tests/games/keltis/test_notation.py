"""The move notation: every move reads back to itself; friendly spellings; clear errors."""

import pytest

from ludoteca.engine import MoveSyntaxError
from ludoteca.games.keltis.components import BY_NAME, CARDS, KIND, POINT
from ludoteca.games.keltis.moves import (
    DEAL,
    DISCARD,
    DONE,
    DRAW_DECK,
    DRAW_PILE,
    PLAY,
    PLAY_ONTO,
    REMOVE,
    Wish,
    parse_move,
    wish,
)


def every_move():
    yield from PLAY
    yield from (move for card in CARDS if KIND[card] == POINT for move in PLAY_ONTO[card])
    yield from DISCARD
    yield from REMOVE
    yield from DEAL
    yield from DRAW_PILE
    yield DRAW_DECK
    yield DONE
    for first in CARDS:
        for second in CARDS:
            yield wish(first, second)


def test_every_move_reads_back_from_its_text():
    for move in every_move():
        assert parse_move(str(move)) == move, str(move)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("play r7", "play r7"),
        ("PLAY R7", "play r7"),
        ("play red7", "play r7"),
        ("play g-end", "play g-end"),
        ("play gend", "play g-end"),
        ("play green-end", "play g-end"),
        ("play p5 r", "play p5 r"),
        ("play p5 on red", "play p5 r"),
        ("play p5", "play p5"),
        ("discard v10", "discard v10"),
        ("wish p5 r5", "wish r5 p5"),
        ("wish r5, p5", "wish r5 p5"),
        ("draw deck", "draw deck"),
        ("draw yellow", "draw y"),
        ("draw points", "draw p"),
        ("done", "done"),
        ("deal b3", "deal b3"),
        ("remove y-end", "remove y-end"),
    ],
)
def test_spellings(text, canonical):
    assert str(parse_move(text)) == canonical


def test_wish_cards_are_ordered_colours_first_then_points():
    assert Wish((BY_NAME["p5"], BY_NAME["r5"])) == parse_move("wish r5 p5")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty move"),
        ("fly r7", "unknown move"),
        ("play", "takes a card"),
        ("play x7", "'x7' is not a card"),
        ("play r11", "'r11' is not a card"),
        ("play r7 g", "goes into the row of its own colour"),
        ("play p7 q", "'q' is not a colour"),
        ("draw", "'draw deck' or 'draw <pile>'"),
        ("draw q", "no place to draw from"),
        ("wish r5", "two cards"),
        ("discard", "one card"),
        ("done now", "'done'"),
    ],
)
def test_errors_say_what_is_allowed(text, message):
    with pytest.raises(MoveSyntaxError, match=message):
        parse_move(text)
