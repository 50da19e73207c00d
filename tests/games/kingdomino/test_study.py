"""score_kingdom: any kingdom given as squares, scored by the rules of the game."""

import random

import pytest

from ludoteca.engine import CHANCE, PositionError
from ludoteca.games.kingdomino import GAME
from ludoteca.games.kingdomino.study import score_kingdom


def test_it_agrees_with_the_game_on_every_kingdom_of_random_games():
    rng = random.Random(5)
    options = {"middle_kingdom": True, "harmony": True}
    for players in (2, 3, 4):
        match = GAME.new_match(players, options)
        while not match.is_over:
            if match.to_move is CHANCE:
                match.play_chance(rng)
            else:
                match.play(rng.choice(match.legal_moves()))
            view = match.view(None)["position"]
            for player, sheet in zip(view["players"], match.state.scores(), strict=True):
                got = score_kingdom(player["squares"], **options, discards=sheet.discards)
                assert got == sheet


def test_a_kingdom_no_game_reaches_is_scored_too():
    # Seven squares wide, no castle: no game builds it; its properties still score.
    sheet = score_kingdom("M3 M3 M3 M3 M3 M3 M3", middle_kingdom=True)
    assert sheet.total == 7 * 21
    assert sheet.middle_kingdom == 0  # no castle, no Middle Kingdom


def test_middle_kingdom_needs_the_castle_in_the_middle_of_the_box():
    assert score_kingdom("W C W", middle_kingdom=True).middle_kingdom == 10
    assert score_kingdom("W W C", middle_kingdom=True).middle_kingdom == 0
    assert score_kingdom("W W C", middle_kingdom=False).middle_kingdom == 0


@pytest.mark.parametrize(
    ("kingdom", "fragment"),
    [
        ("C C", "one castle, not 2"),
        ("W1 X", "row 1, cell 2 is 'X'"),
        ({"99z": "wheat"}, "'99z' is not a square"),
        ({"e5": "sand"}, "square e5 holds 'sand'"),
        ([1, 2], "a mapping of squares"),
    ],
)
def test_bad_input_is_refused_clearly(kingdom, fragment):
    with pytest.raises(PositionError, match=fragment):
        score_kingdom(kingdom)
