"""Option B: drawing a tile (chance) and laying it on two adjacent uncovered triangles."""

from fractions import Fraction

import pytest

from ludoteca import CHANCE, IllegalMove

from .helpers import GAME, lay, match, stuck


def refused(m, text, message):
    before = m.to_json()
    with pytest.raises(IllegalMove, match=message):
        m.play(text)
    assert m.to_json() == before, "a refused move changes nothing"


def test_a_draw_is_a_chance_event_then_the_same_player_lays_the_tile():
    m = GAME.new_match(2)
    m.play("pawn 33")
    m.play("draw")  # seat 1 chooses option B before seeing the tile
    assert m.to_move is CHANCE
    outcomes = {str(move): p for move, p in m.chance_outcomes()}
    assert outcomes["tile houses"] == Fraction(7, 28)
    assert outcomes["tile gallows"] == Fraction(1, 28)
    assert len(outcomes) == 13
    m.play("tile church")
    assert m.to_move == 1
    assert len(m.legal_moves()) == 109  # every pair of adjacent triangles
    m.play("lay D22 U32")
    assert m.to_move == 0
    assert m.position()["tiles"] == [{"tile": "church", "on": ["D22", "U32"]}]


def test_each_draw_takes_one_tile_of_those_left():
    m = match(["gallows D20 U30"], seat=0)
    lay(m, "houses", "D22", "U32")
    m.play("draw")
    outcomes = {str(move): p for move, p in m.chance_outcomes()}
    assert "tile gallows" not in outcomes
    assert outcomes["tile houses"] == Fraction(6, 26)
    assert sum(outcomes.values()) == 1
    refused(m, "tile gallows", "no gallows is left face down")


def test_corner_values_acute_at_the_far_points_obtuse_on_the_shared_edge():
    m = match(seat=0)
    lay(m, "church", "D22", "U32")
    assert m.view(None)["position"]["values"] == {"32": 6, "42": 3, "23": 3, "33": 6}
    lay(m, "gallows", "D32", "U33")  # shares 33 with the church: 6 - 8
    assert m.view(None)["position"]["values"]["33"] == -2
    assert m.view(None)["position"]["values"]["42"] == 3 - 4


def test_a_tile_covers_two_adjacent_triangles():
    m = match(seat=0)
    m.play("draw")
    m.play("tile market")
    refused(m, "lay D22 U44", "D22 and U44 do not share an edge")
    refused(m, "lay U32 U32", "two different triangles")
    refused(m, "pawn 33", "lay it on two adjacent uncovered triangles")
    refused(m, "draw", "lay it")


def test_tiles_never_overlap():
    m = match(["church D22 U32"], seat=0)
    m.play("draw")
    m.play("tile inn")
    refused(m, "lay U32 D32", "U32 is covered by the church")
    assert "lay U32 D32" not in {str(move) for move in m.legal_moves()}


def test_a_tile_is_laid_only_after_drawing_it():
    m = match(seat=0)
    refused(m, "lay D22 U32", "draw a tile first")
    refused(m, "tile church", "chance outcome")


def test_no_draw_when_no_tile_could_be_laid():
    m = stuck()
    m.play("lay U51 D51")
    assert m.view(None)["position"]["face_down"]["townhall"] == 1  # tiles are left...
    assert "draw" not in {str(move) for move in m.legal_moves()}
    refused(m, "draw", "no two adjacent triangles are uncovered")  # ...but fit nowhere
