"""Interim scoring, activation of triangles, guards, and the final scoring."""

import pytest

from ludoteca import IllegalMove
from ludoteca.games.cronberg.board import BOARD
from ludoteca.games.cronberg.scoring import PawnScore, active_triangles, final_scoring

from .helpers import (
    STUCK_PAWNS,
    STUCK_TILES,
    closing,
    lay,
    match,
    pawns,
    scores,
    stuck,
    supply,
)


def points_by_pawn(result):
    return {pawn["pawn"]: pawn["points"] for pawn in result.details["final_scoring"]}


# -- interim scoring ---------------------------------------------------------------------


def test_a_surrounded_pawn_scores_its_value_and_goes_back():
    tiles = ["houses D22 U32", "church U23 D13", "houses D32 U33"]  # 33: 2 + 3 + 2
    m = match(tiles, (["33"], []), seat=1)
    lay(m, "houses", "D23", "U24")  # seat 1 closes D23: 33 gets 1 more
    assert scores(m) == [8, 0]
    assert pawns(m) == [[], []]
    assert supply(m) == [4, 4]


def test_ruling_a_wall_pawn_is_surrounded_by_its_board_triangles_and_may_lose_points():
    # 27 on the wall has three triangles: the tannery gives -2, the stables' point -1.
    m = match(["tannery U26 D26"], ([], ["27"]), scores=[0, 1], seat=0)
    lay(m, "stables", "U16", "D16")
    assert scores(m) == [0, -2]
    assert pawns(m) == [[], []]


def test_pawns_of_different_owners_score_together():
    tiles = [
        "houses D32 U33", "church U23 D23", "market D21 U22", "inn U31 D31",
        "houses D12 U13", "stables D13 U14",
    ]  # fmt: skip
    m = match(tiles, (["32", "42"], ["33"], ["23"]), seat=2)
    lay(m, "cathedral", "D22", "U32")  # 8 at 32 and 33, 4 at 23 and 42
    assert scores(m) == [4 + 4 + 8, 2 + 6 + 8, 2 + 2 - 1 + 3 + 4]
    assert pawns(m) == [["42"], [], []]  # 42 still touches uncovered triangles
    assert supply(m) == [3, 4, 4]


# -- activation and guards ---------------------------------------------------------------


def test_an_isolated_guard_expels_the_pawns_on_all_three_corners():
    # Covering U13 isolates the guard D12 (corners 22, 13, 23). The player laying the
    # tile loses their own pawn too, and nobody scores.
    m = match(["houses U12 D02", "houses U22 D21"], (["22", "23"], ["13"]), [3, 5], seat=0)
    lay(m, "houses", "U13", "D03")
    assert pawns(m) == [[], []]
    assert supply(m) == [4, 4]
    assert scores(m) == [3, 5]
    assert m.view(None)["position"]["blocked"] == ["22", "13", "23"]
    for name in ("22", "13", "23"):
        with pytest.raises(IllegalMove, match="active guard"):
            m.play(f"pawn {name}")


def test_ruling_a_pawn_by_active_triangles_only_stays():
    m = match(["houses D20 U30", "houses U40 D40"], ([], ["40"]), seat=0)
    lay(m, "houses", "D21", "U31")  # the coat of arms D30 is now isolated: active
    assert "D30" in m.view(None)["position"]["active"]
    assert pawns(m) == [[], ["40"]]
    assert scores(m) == [0, 0]


def test_the_last_tile_scores_first_then_activates_every_uncovered_triangle():
    m = closing()
    assert [str(move) for move in m.legal_moves()] == ["draw"]
    assert "U46" not in m.view(None)["position"]["active"]  # D45 is still open
    lay(m, "townhall", "U16", "D16")
    view = m.view(None)["position"]
    assert view["face_down"]["townhall"] == 0
    assert len(view["active"]) == 24  # every uncovered triangle
    assert scores(m) == [12, 8, 12, 9]  # green's pawn on 27: -2 + 4
    assert "27" not in pawns(m)[0]
    assert "47" not in pawns(m)[1]  # sent back by the guard U46
    assert supply(m) == [1, 1, 0, 0]
    assert view["blocked"] == ["46", "56", "47"]


# -- the end and the final scoring -------------------------------------------------------


def test_the_seed_closing_example_20_16_4_8():
    m = closing()
    lay(m, "townhall", "U16", "D16")
    m.play("pawn 35")  # blue; red and yellow have no pawns and no tile to draw
    assert m.to_move == 0
    m.play("pawn 33")  # green
    assert m.is_over
    result = m.result()
    points = points_by_pawn(result)
    assert points["33"] == 20  # two parks: (2 + 3) x 4
    assert points["35"] == 16  # one park: (6 + 2) x 2
    assert points["40"] == 4  # a coat of arms: -4 counts as 4
    assert points["73"] == 8  # one park: 4 x 2
    assert sum(points.values()) == 48  # the other twelve pawns touch nothing active
    green = next(p for p in result.details["final_scoring"] if p["pawn"] == "33")
    assert green == {
        "seat": 0, "pawn": "33", "value": 5, "coats_of_arms": 0, "parks": 2, "points": 20,
    }  # fmt: skip
    assert result.scores == (12 + 20, 8 + 16, 12 + 4, 9 + 8)
    assert scores(m) == list(result.scores)  # the stored position shows the final scores
    assert result.details["before_final_scoring"] == [12, 8, 12, 9]
    assert result.ranking == ((0,), (1,), (3,), (2,))
    assert result.rounds == 10


def test_coats_of_arms_count_every_corner_positive_and_parks_double():
    m = stuck()
    m.play("lay U51 D51")
    m.play("pawn 34")
    assert m.is_over
    points = points_by_pawn(m.result())
    assert points["62"] == (3 + 2 + 6) * 2  # -3 + 2 + 6 with a coat of arms and a park
    assert points["43"] == 7 * 2
    assert points["71"] == 4  # a coat of arms alone
    assert points["06"] == 2
    assert points["24"] == -2 * 2  # D23 doubles a negative value; D14 is covered
    assert points["34"] == 1 * 4  # D23 and D33
    assert points["30"] == points["55"] == 0  # plain triangles only
    assert m.result().scores == (5 + 36, -10 + 6)  # scores may be negative


def test_tied_players_share_the_place():
    m = match(STUCK_TILES, STUCK_PAWNS, [5, 35], seat=0, step="laying", drawn="dungeon")
    m.play("lay U51 D51")
    m.play("pawn 34")
    assert m.result().scores == (41, 41)
    assert m.result().ranking == ((0, 1),)


def test_final_scoring_multiplies_by_two_for_each_park():
    assert PawnScore(0, 0, 5, 5, 0, 2).points == 20
    assert PawnScore(0, 0, 8, 8, 0, 1).points == 16
    assert PawnScore(0, 0, -4, 4, 1, 0).points == 4
    assert PawnScore(0, 0, 4, 4, 0, 1).points == 8
    assert PawnScore(0, 0, 3, 5, 0, 3).points == 24
    assert PawnScore(0, 0, -1, 5, 1, 1).points == 10
    assert PawnScore(0, 0, -1, 5, 2, 0).points == 5  # two coats of arms act like one
    assert PawnScore(0, 0, 9, 9, 0, 0).points == 0


def test_a_pawn_can_touch_three_parks():
    at = BOARD.point_by_name["34"]
    owners = [-1] * len(BOARD.points)
    owners[at] = 1
    values = [0] * len(BOARD.points)
    values[at] = 3
    parks = sum(1 << BOARD.triangle_by_name[n] for n in ("D23", "U33", "D33"))
    (pawn,) = final_scoring(owners, values, values, active_triangles(parks, exhausted=True))
    assert (pawn.seat, pawn.parks, pawn.points) == (1, 3, 24)


def test_only_isolated_triangles_are_active_while_tiles_are_left():
    pair = sum(1 << BOARD.triangle_by_name[n] for n in ("D22", "U32"))
    alone = 1 << BOARD.triangle_by_name["U44"]
    assert active_triangles(pair | alone, exhausted=False) == alone
    assert active_triangles(pair | alone, exhausted=True) == pair | alone
