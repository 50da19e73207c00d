"""Option A: placing a pawn, and what forbids it."""

import pytest

from ludoteca import IllegalMove
from ludoteca.games.cronberg.board import BOARD

from .helpers import GAME, closing, lay, match, pawns, supply


def refused(m, text, message):
    before = m.to_json()
    with pytest.raises(IllegalMove, match=message):
        m.play(text)
    assert m.to_json() == before, "a refused move changes nothing"


def pawn_moves(m):
    return {str(move) for move in m.legal_moves() if str(move).startswith("pawn")}


def test_at_the_start_every_intersection_takes_a_pawn():
    m = GAME.new_match(3)
    assert pawn_moves(m) == {f"pawn {name}" for name in BOARD.point_names}
    assert "draw" in {str(move) for move in m.legal_moves()}
    m.play("pawn 33")
    assert pawns(m) == [["33"], [], []]
    assert supply(m) == [3, 4, 4]


def test_one_pawn_per_intersection():
    m = match(pawns=(["33"], []), seat=1)
    assert "pawn 33" not in pawn_moves(m)
    refused(m, "pawn 33", "seat 0's pawn stands on 33")


def test_a_pawn_needs_an_uncovered_triangle_around_it():
    # 27 is on the wall: its only triangles D16, U26 and D26 are covered.
    m = match(["tannery U26 D26", "houses U16 D16"], seat=0)
    assert "pawn 27" not in pawn_moves(m)
    assert "pawn 17" in pawn_moves(m)  # D06 is still uncovered
    refused(m, "pawn 27", "every triangle around 27 is covered")


def test_no_pawn_next_to_an_active_guard():
    # Covering U21 and U30 isolates the guard D20: its corners 30, 21, 31 are closed.
    m = match(["houses D11 U21", "houses U30 D30"], seat=0)
    assert m.view(None)["position"]["blocked"] == ["30", "21", "31"]
    for name in ("30", "21", "31"):
        assert f"pawn {name}" not in pawn_moves(m)
        refused(m, f"pawn {name}", f"{name} touches an active guard")


def test_a_guard_that_can_still_be_covered_does_not_block():
    m = match(["houses D11 U21"], seat=0)  # D20 still has its neighbour U30
    assert {"pawn 30", "pawn 21", "pawn 31"} <= pawn_moves(m)


def test_ruling_a_pawn_may_stand_by_triangles_already_active():
    # D30 (a coat of arms) is isolated, hence active; 40's other triangles are covered.
    m = match(["houses D20 U30", "houses U40 D40", "houses D21 U31"], seat=0)
    assert "D30" in m.view(None)["position"]["active"]
    assert "pawn 40" in pawn_moves(m)
    m.play("pawn 40")
    assert pawns(m) == [["40"], []]


def test_a_player_has_four_pawns():
    m = match(pawns=(["12", "13", "14", "15"], []), seat=0)
    assert pawn_moves(m) == set()
    assert [str(move) for move in m.legal_moves()] == ["draw"]
    refused(m, "pawn 33", "all your 4 pawns are on the board")


def test_a_scored_pawn_comes_back_to_be_placed_again():
    tiles = ["houses D22 U32", "church U23 D13", "houses D32 U33"]  # 33: only D23 open
    m = match(tiles, (["33", "12", "14", "15"], []), seat=0)
    assert pawn_moves(m) == set()
    lay(m, "houses", "D23", "U24")
    assert supply(m) == [1, 4]
    m.play("pawn 50")  # seat 1
    assert m.to_move == 0
    assert "pawn 70" in pawn_moves(m)


def test_placing_is_compulsory_once_no_tile_can_be_drawn():
    m = closing()
    lay(m, "townhall", "U16", "D16")  # the last tile: blue has a pawn back
    assert m.to_move == 1
    moves = [str(move) for move in m.legal_moves()]
    assert moves
    assert all(text.startswith("pawn") for text in moves)
    refused(m, "draw", "no face-down tiles are left")
