"""score_row, score_stones, score_player: any cards and stones, scored."""

import pytest

from ludoteca.engine import PositionError
from ludoteca.games.keltis.scoring import ROW_POINTS, score_player, score_row, score_stones


def test_a_row_scores_by_its_number_of_cards():
    for n, points in enumerate(ROW_POINTS):
        assert score_row(n) == points
        assert score_row(["r5"] * n) == points
    assert score_row(20) == 10


def test_stones_and_a_whole_sheet():
    assert [score_stones(n) for n in range(7)] == [-4, -1, 0, 4, 6, 10, 10]
    sheet = score_player({"b": ["b10", "b9", "p9", "b-end"]}, ["p1", "p2"], [1, 2, 3])
    assert sheet["rows"]["b"]["points"] == 1
    assert sheet["point_row"]["points"] == 2
    assert sheet["total"] == 1 + 2 + 4


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: score_row(["r11"]), "'r11' is not a card"),
        (lambda: score_row("r1 r2"), "as a list"),
        (lambda: score_stones([0]), "numbered 1 to 9"),
        (lambda: score_player({"x": []}), "by colour letter"),
    ],
)
def test_bad_input_is_refused_clearly(call, fragment):
    with pytest.raises(PositionError, match=fragment):
        call()
