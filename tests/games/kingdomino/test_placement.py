"""Where a domino may go: castle, neighbours, overlap, the 5×5 (7×7) limit, discards.

The castle stands on e5 (g7 in the Mighty Duel). Domino 48 is wheat then mine(3),
domino 13 wheat then forest, domino 24 forest(1) then wheat, domino 1 wheat wheat.
"""

import random

import pytest

from ludoteca.engine import CHANCE, IllegalMove
from ludoteca.games.kingdomino.moves import Discard, Place, parse_move

from .helpers import GAME, NaiveKingdom, build, placing


def refusal(entries: list[str], text: str, size: int = 5) -> str | None:
    move = parse_move(text)
    assert isinstance(move, Place)
    return build(*entries, size=size).refusal(move)


# -- the castle ------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["place 48 d5 c5", "place 48 f5 g5", "place 48 e4 e3",
                                  "place 48 e6 e7", "place 12 d5 d6", "place 9 e4 f4"])  # fmt: skip
def test_any_terrain_may_touch_the_castle(text):
    assert refusal([], text) is None


def test_the_half_touching_the_castle_may_be_the_second():
    assert refusal([], "place 48 c5 d5") is None  # the mine on d5 touches the castle


@pytest.mark.parametrize("text", ["place 48 c5 b5", "place 48 d4 c4", "place 48 d3 d4"])
def test_a_domino_touching_nothing_is_refused(text):
    # c5 b5 is one square away; d4 only touches the castle corner to corner.
    assert "neither half touches" in refusal([], text)


# -- neighbours of the same terrain --------------------------------------------------

WHEAT_WEST = ["place 1 d5 c5"]  # wheat on d5 and c5


def test_the_first_half_may_make_the_connection():
    assert refusal(WHEAT_WEST, "place 13 b5 a5") is None  # wheat b5 beside wheat c5


def test_the_second_half_may_make_the_connection():
    assert refusal(WHEAT_WEST, "place 24 b4 b5") is None  # forest b4, wheat b5 beside c5


def test_touching_only_another_terrain_is_refused():
    # Forest on c4 and b4: c4 touches the wheat of c5 only.
    assert "neither half touches" in refusal(WHEAT_WEST, "place 3 c4 b4")
    # Domino 17 (forest, lake) beside the wheat: no match on either half.
    assert "neither half touches" in refusal(WHEAT_WEST, "place 17 b5 a5")


def test_the_matching_half_must_be_the_one_beside_the_square():
    # Domino 13 turned round: forest on b5 beside the wheat of c5, wheat out on a5.
    assert "neither half touches" in refusal(WHEAT_WEST, "place 13 a5 b5")


def test_a_diagonal_neighbour_is_no_connection():
    assert "neither half touches" in refusal(WHEAT_WEST, "place 1 b4 a4")


# -- overlap -----------------------------------------------------------------------


def test_no_square_may_be_covered_twice():
    assert refusal(WHEAT_WEST, "place 13 c5 c4") == "c5 is already taken"
    assert refusal(WHEAT_WEST, "place 13 c4 c5") == "c5 is already taken"
    assert refusal(WHEAT_WEST, "place 13 e5 e4") == "e5 is your castle"


# -- the 5×5 limit -----------------------------------------------------------------

ROW = ["place 1 d5 c5", "place 2 b5 a5"]  # wheat from a5 to d5: five wide with the castle
COLUMN = ["place 1 e4 e3", "place 2 e2 e1"]  # wheat from e1 to e4: five tall


def test_five_squares_wide_is_allowed_six_is_not():
    assert refusal(["place 1 d5 c5"], "place 2 b5 a5") is None
    reason = refusal(ROW, "place 48 f5 g5")  # touches the castle, but six wide
    assert reason == "the kingdom would be 6 squares wide (columns a-f); it must fit in 5×5 squares"


def test_five_squares_tall_is_allowed_six_is_not():
    assert refusal(["place 1 e4 e3"], "place 2 e2 e1") is None
    reason = refusal(COLUMN, "place 48 e6 e7")
    assert reason == "the kingdom would be 6 squares tall (rows 1-6); it must fit in 5×5 squares"


def test_the_limit_counts_the_whole_kingdom_not_one_row():
    # Wheat a5-d5 makes the kingdom five wide; going up or down is still fine...
    assert refusal(ROW, "place 13 a4 a3") is None
    # ...but nothing may go right of the castle's column any more, in any row.
    assert "6 squares wide" in refusal(ROW, "place 13 e6 f6")
    assert "6 squares wide" in refusal([*ROW, "place 3 e4 e3"], "place 4 f3 f2")


def test_squares_off_the_frame_are_refused():
    assert "j5 is off the board" in refusal([], "place 48 j5 i5")


def test_the_mighty_duel_allows_seven_by_seven():
    # The frame is a-m by 1-13 with the castle on g7.
    row = ["place 1 f7 e7", "place 2 d7 c7", "place 13 b7 a7"]  # a7-f7, with g7 seven wide
    assert refusal(row[:2], "place 13 b7 a7", size=7) is None
    assert "8 squares wide" in refusal(row, "place 48 h7 i7", size=7)
    assert refusal([], "place 48 g6 g5", size=7) is None
    assert "neither half" in refusal([], "place 48 g5 g4", size=7)


# -- through the match: refusals change nothing, discards only when forced -------------


def test_an_illegal_placement_is_refused_and_changes_nothing():
    match = placing(["place 1 d5 c5"], 24)
    before = match.to_json()
    with pytest.raises(IllegalMove, match="neither half touches"):
        match.play("place 24 b3 b4")
    with pytest.raises(IllegalMove, match="c5 is already taken"):
        match.play("place 24 c5 c4")
    with pytest.raises(IllegalMove, match="stands on domino 24"):
        match.play("place 25 b4 b5")
    assert match.to_json() == before
    match.play("place 24 b4 b5")
    assert match.position()["players"][0]["kingdom"][-1] == "place 24 b4 b5"


# Ten dominoes filling the box c3-g7 but for c3, f3, d7 and g7, which touch no free
# square: nothing fits any more.
#       c  d  e  f  g
#   3   .  F  F  .  F
#   4   F  F  F  W  W
#   5   F  F  C  W  W
#   6   F  F  W  L  W
#   7   G  .  L  L  .
STUCK = [
    "place 3 d4 e4", "place 4 d3 e3", "place 5 c4 c5", "place 6 d5 d6", "place 18 c6 c7",
    "place 1 f4 f5", "place 2 g5 g6", "place 13 g4 g3", "place 14 e6 f6", "place 7 e7 f7",
]  # fmt: skip


def test_a_domino_that_fits_nowhere_is_discarded():
    match = placing(STUCK, 48)
    assert match.legal_moves() == [Discard(48)]
    match.play("discard 48")
    assert match.position()["players"][0]["kingdom"][-1] == "discard 48"
    assert match.to_move == 0  # then the king still picks from the next line
    assert str(match.legal_moves()[0]).startswith("pick")


def test_a_domino_that_fits_may_not_be_discarded():
    match = placing(["place 1 d5 c5"], 24)
    assert Discard(24) not in match.legal_moves()
    before = match.to_json()
    with pytest.raises(IllegalMove, match="fits in your kingdom"):
        match.play("discard 24")
    assert match.to_json() == before


def test_one_free_place_is_enough_to_forbid_the_discard():
    # STUCK without its last domino leaves e7 and f7 free: domino 8 (lake lake) fits
    # where a lake touches the lake on f6, and nowhere else.
    match = placing(STUCK[:-1], 8)
    assert {str(m) for m in match.legal_moves()} == {"place 8 e7 f7", "place 8 f7 g7"}
    with pytest.raises(IllegalMove, match="fits in your kingdom"):
        match.play("discard 8")


# -- the fast generator against the obvious one -------------------------------------


@pytest.mark.parametrize(("players", "options"), [(4, {}), (2, {"mighty_duel": True})])
def test_legal_placements_agree_with_a_square_by_square_reading(players, options):
    rng = random.Random(21)
    size = 7 if options else 5
    for _ in range(3):
        match = GAME.new_match(players, options)
        naive = [NaiveKingdom(size) for _ in range(players)]
        while not match.is_over:
            if match.to_move is CHANCE:
                match.play_chance(rng)
                continue
            moves = match.legal_moves()
            if match.state.phase == "place":
                seat, number = match.to_move, match.state.line[0].domino
                expected = naive[seat].legal_placements(number)
                assert {str(m) for m in moves if isinstance(m, Place)} == expected
                assert len(moves) == max(1, len(expected)), "each placement listed once"
                if not expected:
                    assert moves == [Discard(number)]
            move = rng.choice(moves)
            if isinstance(move, Place):
                naive[match.to_move].place(move.domino, move.first, move.second)
            match.play(move)


def test_every_placement_the_rules_allow_is_accepted_and_no_other():
    rng = random.Random(5)
    match = placing(["place 1 d5 c5", "place 24 b4 b5", "place 13 d6 d7"], 30)
    naive = NaiveKingdom()
    for text in ("place 1 d5 c5", "place 24 b4 b5", "place 13 d6 d7"):
        move = parse_move(text)
        naive.place(move.domino, move.first, move.second)
    allowed = naive.legal_placements(30)
    squares = [(c, r) for c in range(9) for r in range(9)]
    for first in rng.sample(squares, 40):
        for step in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            second = (first[0] + step[0], first[1] + step[1])
            if not (0 <= second[0] < 9 and 0 <= second[1] < 9):
                continue
            move = Place(30, first, second)
            trial = match.copy()
            if str(move) in allowed:
                trial.play(move)
            else:
                with pytest.raises(IllegalMove):
                    trial.play(move)
