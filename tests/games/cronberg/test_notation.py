"""The move notation: canonical texts, other spellings, and clear syntax errors."""

import pytest

from ludoteca import MoveSyntaxError
from ludoteca.games.cronberg.components import TILES, alias_key
from ludoteca.games.cronberg.moves import Draw, Drawn, Lay, PlacePawn
from ludoteca.games.cronberg.state import DRAWN_MOVES, LAY_MOVES, PAWN_MOVES

from .helpers import GAME


def test_every_move_and_chance_outcome_reads_back_from_its_text():
    every = [*PAWN_MOVES, *LAY_MOVES, *DRAWN_MOVES.values(), Draw()]
    assert len(every) == 52 + 109 + 13 + 1
    assert len({str(move) for move in every}) == len(every)
    for move in every:
        assert GAME.parse_move(str(move)) == move


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("pawn 23", PlacePawn("23")),
        ("pawn 2,3", PlacePawn("23")),
        ("pawn (2, 3)", PlacePawn("23")),
        ("Pawn 2 3", PlacePawn("23")),
        ("draw", Draw()),
        ("lay D23 U33", Lay(("D23", "U33"))),
        ("lay u33 d23", Lay(("D23", "U33"))),
        ("lay D23-U33", Lay(("D23", "U33"))),
        ("tile church", Drawn("church")),
        ("tile Chiesa", Drawn("church")),
        ("tile Wohnhäuser", Drawn("houses")),
        ("tile town hall", Drawn("townhall")),
        ("tile Rathaus", Drawn("townhall")),
        ("tile Casa delle corporazioni", Drawn("guildhall")),
    ],
)
def test_other_spellings_mean_the_same_move(text, move):
    assert GAME.parse_move(text) == move


def test_a_placement_has_one_spelling_in_board_order():
    assert str(Lay(("U33", "D23"))) == "lay D23 U33"
    assert str(Lay(("D22", "U32"))) == "lay D22 U32"  # row, then x: D22 before U32
    assert str(Lay(("U34", "D23"))) == "lay D23 U34"  # the lower row first
    assert Drawn("church").is_chance
    assert not Lay(("D23", "U33")).is_chance


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty move"),
        ("jump 23", "unknown move"),
        ("pawn", "not an intersection"),
        ("pawn 99", "no intersection 99"),
        ("pawn 2x", "not an intersection"),
        ("lay D23", "two adjacent triangles"),
        ("lay X23 U33", "not a triangle"),
        ("lay D27 U33", "no triangle D27"),
        ("tile castle", "unknown tile 'castle'"),
        ("draw 2", "takes nothing"),
    ],
)
def test_bad_texts_are_refused_saying_what_is_allowed(text, message):
    with pytest.raises(MoveSyntaxError, match=message):
        GAME.parse_move(text)


def test_tile_names_do_not_collide():
    keys = [{alias_key(n) for n in (t.id, t.en, t.it, t.de, t.code)} for t in TILES]
    assert sum(len(k) for k in keys) == len(set().union(*keys))
