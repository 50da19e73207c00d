"""The final scoring: every line of both tables, the point row, and shared places."""

import pytest

from .helpers import build

# A red row of up to 12 cards, ascending.
RED = ["r0", "r1", "r2", "r3", "r3", "r4", "r4", "r5", "r5", "r6", "r6", "r7"]
NO_STONES = -4


def finished(players=2, **kwargs):
    kwargs.setdefault("deck", [])
    return build(players, phase="over", ended_by=0, **kwargs)


@pytest.mark.parametrize(
    ("cards", "points"),
    [(1, -4), (2, -3), (3, -2), (4, 1), (5, 2), (6, 3), (7, 6), (8, 7), (9, 10), (10, 10),
     (12, 10)],
)  # fmt: skip
def test_a_colour_row_scores_by_its_number_of_cards(cards, points):
    match = finished(rows={0: {"r": RED[:cards]}})
    result = match.result()
    assert result.scores[0] == points + NO_STONES
    assert result.details["players"][0]["rows"]["r"]["points"] == points


def test_a_colour_never_started_scores_nothing():
    match = finished()
    assert match.result().scores == (NO_STONES, NO_STONES)


def test_point_cards_and_end_cards_in_a_row_count_as_cards():
    match = finished(rows={0: {"g": ["g5", "p5", "g6", "g-end"]}})
    assert match.result().details["players"][0]["rows"]["g"]["points"] == 1  # 4 cards
    lone_end = finished(rows={0: {"b": ["b-end"]}})
    assert lone_end.result().details["players"][0]["rows"]["b"]["points"] == -4


def test_each_card_in_the_point_row_scores_one():
    match = finished(point_rows={0: ["p0", "p10", "p3"], 1: ["p6"]})
    assert match.result().scores == (3 + NO_STONES, 1 + NO_STONES)


@pytest.mark.parametrize(
    ("stones", "points"),
    [(0, -4), (1, -1), (2, 0), (3, 4), (4, 6), (5, 10), (6, 10), (9, 10)],
)
def test_wish_stones_score_by_their_number(stones, points):
    match = finished(stones={0: list(range(1, stones + 1))})
    assert match.result().scores[0] == points
    assert match.result().details["players"][0]["wish_stones"]["points"] == points


def test_the_score_adds_rows_point_row_and_stones():
    match = finished(
        rows={0: {"r": RED[:4], "y": ["y9", "y8"], "v": ["v2", "v-end", "v-end"]}},
        point_rows={0: ["p1", "p2"]},
        stones={0: [2, 7, 8]},
    )
    sheet = match.result().details["players"][0]
    assert match.result().scores[0] == 1 - 3 - 2 + 2 + 4
    assert sheet["total"] == 2
    assert sheet["rows"]["y"] == {"cards": ["y9", "y8"], "points": -3}
    assert sheet["rows"]["g"] == {"cards": [], "points": 0}
    assert sheet["point_row"] == {"cards": ["p1", "p2"], "points": 2}
    assert sheet["wish_stones"] == {"stones": [2, 7, 8], "points": 4}


def test_the_highest_total_wins():
    match = finished(3, stones={2: [1, 2, 3]}, point_rows={1: ["p4"]})
    result = match.result()
    assert result.scores == (-4, -3, 4)
    assert result.ranking == ((2,), (1,), (0,))
    assert result.winners == (2,)


def test_tied_players_share_the_place():
    match = finished(4, stones={1: [1, 2], 3: [3, 4]}, point_rows={0: ["p4"]})
    result = match.result()
    assert result.scores == (-3, 0, -4, 0)
    assert result.ranking == ((1, 3), (0,), (2,))
    assert result.place_of(3) == 1
    assert result.place_of(0) == 2


def test_everybody_tied_shares_the_first_place():
    assert finished(3).result().ranking == ((0, 1, 2),)


def test_the_result_says_how_the_game_ended():
    by_deck = finished()
    assert by_deck.result().details["ending"] == "deck"
    rows = {
        0: {"r": ["r-end"], "y": ["y-end"], "g": ["g-end"]},
        1: {"b": ["b-end"], "v": ["v-end"]},
    }
    by_ends = build(phase="over", ended_by=1, seat=1, rows=rows)
    assert by_ends.result().details["ending"] == "end cards"
    assert by_ends.result().details["ended_by"] == 1


def test_the_result_counts_the_rounds_played():
    assert finished(round=7).result().rounds == 7
