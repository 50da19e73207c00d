"""Turn order, skipped turns, and the end of the game."""

import pytest

from ludoteca import CHANCE, IllegalMove

from .helpers import GAME, closing, lay, stuck


def test_the_youngest_seat_0_starts_and_play_goes_clockwise():
    m = GAME.new_match(3)
    assert m.to_move == 0
    assert m.position()["round"] == 1
    m.play("pawn 33")
    assert m.to_move == 1
    lay(m, "houses", "D22", "U32")  # draw, chance, lay: one turn of seat 1
    assert m.to_move == 2
    m.play("pawn 44")
    assert m.to_move == 0
    assert m.position()["round"] == 2


def test_the_player_who_draws_lays_the_tile():
    m = GAME.new_match(2)
    m.play("draw")
    assert m.to_move is CHANCE
    assert m.position()["seat"] == 0
    m.play("tile inn")
    assert m.to_move == 0
    assert m.position()["drawn"] == "inn"


def test_ruling_a_seat_that_cannot_move_is_skipped():
    m = closing()
    lay(m, "townhall", "U16", "D16")
    m.play("pawn 35")  # seat 1; seats 2 and 3 have no pawn and no tile to draw
    assert m.to_move == 0
    assert [entry.actor for entry in m.log] == [0, CHANCE, 0, 1]
    assert m.position()["round"] == 10


def test_the_game_ends_when_nobody_can_move():
    m = closing()
    lay(m, "townhall", "U16", "D16")
    m.play("pawn 35")
    assert not m.is_over  # green has a pawn back and free intersections to put it on
    m.play("pawn 33")
    assert m.is_over
    assert m.to_move is None
    assert m.legal_moves() == []
    assert m.position()["seat"] is None
    with pytest.raises(IllegalMove, match="the game is over"):
        m.play("pawn 45")


def test_the_game_ends_with_tiles_left_when_none_fits():
    m = stuck()
    m.play("lay U51 D51")
    assert m.to_move == 1
    m.play("pawn 34")  # seat 1's last pawn; seat 0 has none, and no tile fits
    assert m.is_over
    assert sum(m.view(None)["position"]["face_down"].values()) == 2
