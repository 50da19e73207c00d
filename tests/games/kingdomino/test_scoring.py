"""Scoring: properties (squares × crowns), Middle Kingdom and Harmony, on and off."""

import random
from collections import Counter

import pytest

from ludoteca.games.kingdomino.components import TERRAINS
from ludoteca.games.kingdomino.moves import Place
from ludoteca.games.kingdomino.scoring import properties, score

from .helpers import GAME, NaiveKingdom, build, placing, play_random

#       c   d   e   f   g
#   3   G   S2  S
#   4   G   W1  W1
#   5   W   W   C   W1  F
# Wheat makes two properties: c5 d5 d4 e4 (4 squares, 2 crowns: 8 points) and f5
# (1 square, 1 crown: 1 point), split by the castle. Swamp d3 e3: 2 × 2 = 4. The grass
# (c3 c4) and the forest (g5) have no crown: nothing.
MIXED = ["place 1 d5 c5", "place 19 f5 g5", "place 22 e4 e3", "place 21 d4 c4",
         "place 44 c3 d3"]  # fmt: skip


def named(found):
    return Counter((TERRAINS[p.terrain], p.squares, p.crowns) for p in found)


def test_a_terrain_can_make_several_properties_each_scored_alone():
    kingdom = build(*MIXED)
    found = named(properties(kingdom))
    assert found == Counter([("wheat", 4, 2), ("wheat", 1, 1), ("swamp", 2, 2), ("grass", 2, 0),
                             ("forest", 1, 0)])  # fmt: skip
    sheet = score(kingdom, middle_kingdom=False, harmony=False)
    assert sheet.property_points == 8 + 1 + 4
    assert sheet.total == 13
    assert sheet.largest_property == 4
    assert sheet.crowns == 5


def test_joining_two_properties_multiplies_all_their_squares_by_all_their_crowns():
    # Domino 20 (wheat(1), lake) with its wheat on e6: touches the castle only, a third
    # wheat property. Then wheat on f6 (domino 13, forest on g6) joins e6 and f5.
    kingdom = build(*MIXED, "place 20 e6 e7")
    assert score(kingdom, False, False).total == 13 + 1
    kingdom = build(*MIXED, "place 20 e6 e7", "place 13 f6 g6")
    # f5 e6 f6: 3 squares, 2 crowns = 6, in place of 1 + 1; the forests g5 g6 join too.
    assert named(properties(kingdom))[("wheat", 3, 2)] == 1
    assert named(properties(kingdom))[("forest", 2, 0)] == 1
    assert score(kingdom, False, False).total == 8 + 4 + 6


def test_a_property_without_crowns_scores_nothing_however_big():
    kingdom = build("place 3 d5 c5", "place 4 c4 d4", "place 5 b4 b5", "place 6 a4 a5")
    assert named(properties(kingdom)) == Counter({("forest", 8, 0): 1})
    assert score(kingdom, False, False).total == 0
    assert score(kingdom, False, False).largest_property == 8


def test_the_castle_belongs_to_no_property():
    # Wheat on both sides of the castle stays two properties.
    kingdom = build("place 19 d5 c5", "place 20 f5 g5")
    assert named(properties(kingdom))[("wheat", 1, 1)] == 2
    assert score(kingdom, False, False).total == 2


# -- Middle Kingdom --------------------------------------------------------------------

CENTRED = ["place 1 d5 c5", "place 2 f5 g5"]  # c5 to g5: the castle is the middle


def test_middle_kingdom_gives_ten_for_a_centred_castle_only_with_the_option():
    assert score(build(*CENTRED), middle_kingdom=True, harmony=False).middle_kingdom == 10
    assert score(build(*CENTRED), middle_kingdom=True, harmony=False).total == 10
    assert score(build(*CENTRED), middle_kingdom=False, harmony=False).total == 0


def test_middle_kingdom_needs_the_castle_in_the_middle_both_ways():
    assert score(build("place 1 d5 c5"), True, False).middle_kingdom == 0  # c-e: middle d
    off_rows = build(*CENTRED, "place 13 e4 e3")  # rows 3-5: middle row 4
    assert score(off_rows, True, False).middle_kingdom == 0
    both = build(*CENTRED, "place 13 e4 e3", "place 14 e6 e7")  # rows 3-7
    assert score(both, True, False).middle_kingdom == 10


def test_ruling_an_incomplete_kingdom_is_judged_by_its_bounding_box():
    # Two dominoes, a 5×1 kingdom: centred, so the bonus counts (ruling).
    assert score(build(*CENTRED), True, False).middle_kingdom == 10
    # A 3×3 box around the castle with holes in it is centred too.
    ring = build("place 1 d5 d4", "place 2 f5 f6")  # columns d-f, rows 4-6
    assert score(ring, True, False).middle_kingdom == 10
    # The bare castle is its own bounding box.
    assert score(build(), True, False).middle_kingdom == 10


# -- Harmony ---------------------------------------------------------------------------


def test_harmony_gives_five_without_a_discard_only_with_the_option():
    kingdom = build(*MIXED)
    assert score(kingdom, middle_kingdom=False, harmony=True).harmony == 5
    assert score(kingdom, middle_kingdom=False, harmony=True).total == 13 + 5
    assert score(kingdom, middle_kingdom=False, harmony=False).total == 13


def test_harmony_is_lost_by_a_single_discard():
    kingdom = build(*MIXED, "discard 48")
    sheet = score(kingdom, middle_kingdom=False, harmony=True)
    assert sheet.harmony == 0
    assert sheet.discards == 1
    assert sheet.total == 13


def test_both_bonuses_add_up():
    kingdom = build(*CENTRED, "place 19 d4 d3", "place 20 d6 d7")
    # wheat c5 d5 d4 d6: 4 squares, 2 crowns = 8, the rest crownless; box c-g, rows 3-7
    assert score(kingdom, middle_kingdom=True, harmony=True).total == 8 + 10 + 5


# -- through the match ----------------------------------------------------------------


@pytest.mark.parametrize("options", [{}, {"middle_kingdom": True, "harmony": True}])
def test_results_agree_with_a_square_by_square_count(options):
    rng = random.Random(17)
    for players in (2, 3, 4):
        match = play_random(GAME.new_match(players, options), rng)
        sheets = match.result().details["sheets"]
        for seat, kingdom in enumerate(match.position()["players"]):
            naive = NaiveKingdom()
            discards = 0
            for text in kingdom["kingdom"]:
                move = GAME.parse_move(text)
                if isinstance(move, Place):
                    naive.place(move.domino, move.first, move.second)
                else:
                    discards += 1
            found = naive.properties()
            points = sum(squares * crowns for _, squares, crowns in found)
            columns = [c for c, _ in naive.squares]
            rows = [r for _, r in naive.squares]
            centred = min(columns) + max(columns) == 8 and min(rows) + max(rows) == 8
            bonus_mk = 10 if options and centred else 0
            bonus_h = 5 if options and not discards else 0
            sheet = sheets[seat]
            assert sheet["property_points"] == points
            assert sheet["middle_kingdom"] == bonus_mk
            assert sheet["harmony"] == bonus_h
            assert sheet["score"] == points + bonus_mk + bonus_h
            assert match.result().scores[seat] == sheet["score"]
            assert sheet["largest_property"] == max(s for _, s, _ in found)
            assert sheet["crowns"] == sum(c for _, _, c in found)
            assert sheet["discards"] == discards


def test_the_view_shows_every_seat_the_score_so_far():
    match = placing(MIXED, 48)
    for seat in (None, 0, 1, 2):
        shown = match.view(seat)["position"]["players"][0]
        assert shown["score"]["score"] == 13
        assert shown["squares"]["e5"] == "castle"
        assert shown["squares"]["d4"] == "wheat(1)"
        assert shown["squares"]["d3"] == "swamp(2)"
        assert len(shown["squares"]) == 1 + 2 * len(MIXED)
