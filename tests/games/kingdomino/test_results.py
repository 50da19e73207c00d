"""The ranking: points, then the largest property, then crowns, then a shared place;
Dynasty: three games, ranked by the totals of those figures.

The finished two-player kingdoms below come from played games; each was counted by hand
(grid and properties in the comment) before being written here.
"""

import random

import pytest

from ludoteca.engine import CHANCE, PositionError
from ludoteca.games.kingdomino.moves import Draw

from .helpers import GAME, play_random, step


def finished(kingdoms, options=None, game=1, earlier=()):
    position = {
        "game": game,
        "earlier_games": list(earlier),
        "players": [{"kingdom": k} for k in kingdoms],
    }
    document = {"game": "kingdomino", "players": 2, "options": options or {},
                "position": position}  # fmt: skip
    return GAME.load(document)


# Seat 0: 29 points, largest property 7, 11 crowns.   Seat 1: 30 points, largest 5, 8 crowns.
#      c  d  e  f  g                                       b  c  d  e  f
#  1   G  L  G1 G  W    e1 f1: 2                       4   F  F  L  W  S   d4-d7, c6: 5×2 = 10
#  2   W  W1 W  S2 M2   wheat c2-d4: 7×1 = 7           5   F  F  L1 C  S1  f4 f5: 2
#  3   W  W  S  S  M2   swamp f2 e3 f3 e4: 4×2 = 8     6   G1 L  L  W  W   b6 b7 c7 c8: 4×3 = 12
#  4   W  W  S  L  L    mines g2 g3: 2×4 = 8           7   G2 G  L1 M  W1  e6 f6 f7 f8: 4
#  5   F  F1 C  G2 L    c5 d5: 2, f5: 2                8   W  G  F  M1 W   e7 e8: 2
SCORE_DECIDES = [
    ["place 24 d5 d4", "place 42 f4 f5", "place 12 e3 e4", "place 46 f3 g3", "place 13 c4 c5",
     "place 44 f1 f2", "place 7 g4 g5", "place 45 g2 g1", "place 1 c3 d3", "place 20 d2 d1",
     "place 15 c2 c1", "place 36 e2 e1"],
    ["place 34 d5 c5", "place 38 f6 f5", "place 14 e6 d6", "place 37 c6 b6", "place 17 c4 d4",
     "place 23 f7 e7", "place 40 e8 f8", "place 41 b8 b7", "place 6 b4 b5", "place 10 c7 c8",
     "place 16 e4 f4", "place 32 d7 d8"],
]  # fmt: skip

# Both 24 points. Seat 0: largest 6, 8 crowns.          Seat 1: largest 7, 6 crowns.
#      b  c  d  e  f                                       c  d  e  f  g
#  4   S  M2 W  L  L    b4 b5: 4, c4 c5: 4             1   F  L1 L  L  L   d1-g1: 4
#  5   S2 M  S  C  L    lake e4 f4 f5 f6: 4            2   S1 F  W1 G  W1  c2: 1
#  6   G  W1 W1 G  L1   wheat c6 d6 d7: 3×2 = 6        3   G  F  W  W  W   forest d2-d4 e4: 4
#  7   F  F1 W  G  W    forest b7 c7 b8-e8: 6×1 = 6    4   G  F  F1 W  M1  wheat e2…f5: 7×2 = 14
#  8   F  F  F  F  L                                   5   G  G  C  W  S   g4: 1
LARGEST_DECIDES = [
    ["place 7 f4 f5", "place 22 d6 d5", "place 11 e6 e7", "place 26 c7 d7", "place 6 c8 d8",
     "place 23 c6 c5", "place 14 d4 e4", "place 46 b4 c4", "place 3 b7 b8", "place 31 f6 f7",
     "place 17 e8 f8", "place 44 b6 b5"],
    ["place 16 f5 g5", "place 27 e4 f4", "place 2 e3 f3", "place 18 d4 d5", "place 10 c4 c5",
     "place 40 g4 g3", "place 5 d2 d3", "place 21 e2 f2", "place 20 g2 g1", "place 39 c3 c2",
     "place 9 e1 f1", "place 33 d1 c1"],
]  # fmt: skip

# Both 21 points and largest property 6. Seat 0: 8 crowns.  Seat 1: 9 crowns.
#      c  d  e  f  g                                       c  d  e  f  g
#  3   L1 F  F  L1 W    lake c3-c5: 3×2 = 6            3   L  F  F  F  F   forest d3-g3 e4 f4: 0
#  4   L1 F  F1 L  S    forest d3 e3 d4 e4: 4          4   G  S2 F  F  L1  d4: 2
#  5   L  W  C  S  S    f3 f4: 2                       5   G  G  C  L  L   lake g4 f5 g5: 3
#  6   G  W  W1 W  W    wheat d5-g6 d7: 6×1 = 6        6   F  W  M2 M1 M2  mines e6-g6: 3×5 = 15
#  7   F1 W  F  L1 F1   c7, f7, g7: 1 each             7   S1 W  W  W  S   c7: 1
CROWNS_DECIDE = [
    ["place 14 d5 c5", "place 15 d6 c6", "place 24 c7 d7", "place 32 c4 d4", "place 12 f5 g5",
     "place 35 c3 d3", "place 19 e6 e7", "place 30 f7 f6", "place 28 e4 f4", "place 34 f3 e3",
     "place 16 g3 g4", "place 26 g7 g6"],
    ["place 4 e4 f4", "place 44 d5 d4", "place 9 f5 g5", "place 45 e6 e7", "place 3 e3 f3",
     "place 40 f6 f7", "place 10 c4 c5", "place 33 g4 g3", "place 17 d3 c3", "place 38 d7 c7",
     "place 13 d6 c6", "place 46 g7 g6"],
]  # fmt: skip

# Both 29 points, largest property 6, 9 crowns: a shared first place.
#      a  b  c  d  e                                       a  b  c  d  e
#  3   F  F  F  F1 G    forest a3-d3: 4                5   M2 S  S  S  C   a5: 2
#  4   G2 L  L1 G  G    a4: 2                          6   L  L1 W  W  F1  lake a6 b6 b7 b8: 4
#  5   L  L  L  L  C    lake b4 c4 a5-d5: 6            7   F  L  W1 W1 F   wheat c6-d8: 6×2 = 12
#  6   W  W  W1 W1 S    wheat a6-d6 b7 d7: 6×2 = 12    8   F  L  W  W  F   e6 e7 e8: 3
#  7   S1 W  G  W  S2   e6 e7: 4, a7: 1                9   F  F1 S  L1 L1  a7-a9 b9: 4, d9 e9: 4
SHARED = [
    ["place 22 d6 e6", "place 43 d7 e7", "place 10 d4 e4", "place 29 d3 e3", "place 7 c5 d5",
     "place 21 c6 c7", "place 2 b6 b7", "place 34 c4 c3", "place 3 a3 b3", "place 42 b4 a4",
     "place 9 a5 b5", "place 38 a6 a7"],
    ["place 27 e6 d6", "place 31 b6 c6", "place 12 c5 d5", "place 20 c7 b7", "place 17 a7 a6",
     "place 19 d7 e7", "place 4 a8 a9", "place 16 c8 c9", "place 28 b9 b8", "place 30 d9 d8",
     "place 35 e9 e8", "place 46 b5 a5"],
]  # fmt: skip


def figures(result):
    return (list(result.scores), result.details["largest_property"], result.details["crowns"])


def test_the_most_points_win_whatever_the_tie_breaks_say():
    result = finished(SCORE_DECIDES).result()
    assert figures(result) == ([29, 30], [7, 5], [11, 8])
    assert result.ranking == ((1,), (0,))


def test_equal_points_the_largest_property_wins_before_crowns():
    result = finished(LARGEST_DECIDES).result()
    assert figures(result) == ([24, 24], [6, 7], [8, 6])
    assert result.ranking == ((1,), (0,))


def test_equal_points_and_largest_property_most_crowns_win():
    result = finished(CROWNS_DECIDE).result()
    assert figures(result) == ([21, 21], [6, 6], [8, 9])
    assert result.ranking == ((1,), (0,))


def test_all_equal_the_place_is_shared():
    result = finished(SHARED).result()
    assert figures(result) == ([29, 29], [6, 6], [9, 9])
    assert result.ranking == ((0, 1),)
    assert result.winners == (0, 1)


def test_bonuses_count_in_the_points_that_rank():
    # Both castles in CROWNS_DECIDE are centred and nobody discarded: +10 and +5 each.
    result = finished(CROWNS_DECIDE, {"middle_kingdom": True, "harmony": True}).result()
    assert figures(result) == ([36, 36], [6, 6], [8, 9])
    assert [s["middle_kingdom"] for s in result.details["sheets"]] == [10, 10]
    # In LARGEST_DECIDES neither castle is centred (boxes b4-f8 and c1-g5).
    result = finished(LARGEST_DECIDES, {"middle_kingdom": True}).result()
    assert figures(result)[0] == [24, 24]


def test_the_result_reports_what_a_series_of_games_needs():
    result = finished(SCORE_DECIDES).result()
    assert result.details["games"] == [
        {"scores": [29, 30], "largest_property": [7, 5], "crowns": [11, 8]}
    ]
    assert result.details["tie_break"] == ["score", "largest_property", "crowns"]
    assert result.rounds == 6
    sheet = result.details["sheets"][0]
    assert (sheet["score"], sheet["property_points"], sheet["discards"]) == (29, 29, 0)


# -- Dynasty ------------------------------------------------------------------------


def earlier(scores, largest, crowns):
    return {"scores": scores, "largest_property": largest, "crowns": crowns}


@pytest.mark.parametrize(
    ("games", "ranking"),
    [
        # SHARED as the third game ties everything; the earlier games decide.
        ([earlier([30, 20], [5, 5], [5, 5]), earlier([20, 31], [5, 5], [5, 5])], ((1,), (0,))),
        ([earlier([30, 20], [5, 6], [5, 5]), earlier([20, 30], [5, 5], [9, 5])], ((1,), (0,))),
        ([earlier([30, 20], [5, 5], [5, 5]), earlier([20, 30], [6, 5], [5, 9])], ((0,), (1,))),
        ([earlier([30, 20], [5, 5], [5, 6]), earlier([20, 30], [5, 5], [5, 5])], ((1,), (0,))),
        ([earlier([30, 20], [5, 6], [5, 6]), earlier([20, 30], [6, 5], [6, 5])], ((0, 1),)),
    ],
    ids=["totals", "largest-before-crowns", "largest", "crowns", "shared"],
)
def test_dynasty_ranks_by_totals_then_summed_largest_property_then_crowns(games, ranking):
    match = finished(SHARED, {"dynasty": True}, game=3, earlier=games)
    result = match.result()
    assert result.ranking == ranking
    assert list(result.scores) == [sum(g["scores"][s] for g in games) + 29 for s in (0, 1)]
    assert len(result.details["games"]) == 3
    assert result.rounds == 18


def test_dynasty_totals_can_overturn_the_last_game():
    games = [earlier([20, 18], [4, 4], [5, 5]), earlier([25, 25], [5, 5], [6, 6])]
    result = finished(SCORE_DECIDES, {"dynasty": True}, game=3, earlier=games).result()
    assert list(result.scores) == [20 + 25 + 29, 18 + 25 + 30]
    assert result.ranking == ((0,), (1,))  # seat 1 won the last game, seat 0 the dynasty


def test_a_dynasty_plays_three_games_with_fresh_kingdoms_and_box():
    rng = random.Random(31)
    match = GAME.new_match(2, {"dynasty": True})
    seen_games = set()
    while not match.is_over:
        position = match.position()
        seen_games.add(position["game"])
        assert len(position["earlier_games"]) == position["game"] - 1
        step(match, rng)
        if position["game"] < match.position()["game"]:
            # The new game starts from bare castles and a full box, at a chance event.
            fresh = match.position()
            assert all(p["kingdom"] == [] for p in fresh["players"])
            assert fresh["line"] == fresh["next_line"] == []
            assert match.to_move is CHANCE
            assert len(match.chance_outcomes()) == 48
    assert seen_games == {1, 2, 3}
    draws = [e.move.domino for e in match.log if isinstance(e.move, Draw)]
    assert len(draws) == 3 * 24
    assert all(len(set(draws[i : i + 24])) == 24 for i in (0, 24, 48))
    result = match.result()
    games = result.details["games"]
    assert list(result.scores) == [sum(g["scores"][s] for g in games) for s in (0, 1)]
    assert result.details["largest_property"] == [
        sum(g["largest_property"][s] for g in games) for s in (0, 1)
    ]


def test_without_dynasty_a_match_is_one_game():
    match = play_random(GAME.new_match(3), random.Random(4))
    assert len(match.result().details["games"]) == 1
    with pytest.raises(PositionError, match=r"position\.game must be 1 to 1"):
        finished(SHARED, game=2, earlier=[earlier([1, 1], [1, 1], [1, 1])])
