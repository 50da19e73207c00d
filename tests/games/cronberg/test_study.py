"""score_pawn: a pawn scored from its corners and symbols, whatever the board."""

import random

import pytest

from ludoteca.engine import CHANCE, PositionError
from ludoteca.games.cronberg import GAME
from ludoteca.games.cronberg.scoring import score_pawn


def test_it_agrees_with_the_final_scoring_of_random_games():
    rng = random.Random(3)
    for players in (2, 3, 4):
        match = GAME.new_match(players)
        while not match.is_over:
            if match.to_move is CHANCE:
                match.play_chance(rng)
            else:
                match.play(rng.choice(match.legal_moves()))
        for pawn in match.state.final_scoring():
            corners = [match.state.value[pawn.point]]  # one corner with the whole value
            if pawn.coats_of_arms:
                corners = [match.state.magnitude[pawn.point]]
            got = score_pawn(corners, parks=pawn.parks, coats_of_arms=pawn.coats_of_arms)
            assert got["final"] == pawn.points


def test_tiles_by_name_and_corner():
    assert score_pawn([("Rathaus", "wide"), ("houses", "sharp")])["value"] == 9
    assert score_pawn([("cemetery", "wide")], coats_of_arms=2, parks=1)["final"] == 8


@pytest.mark.parametrize(
    ("corners", "kwargs", "fragment"),
    [
        ([("church", "round")], {}, "a corner is a value or"),
        ([("castle", "wide")], {}, "a corner is a value or"),
        ([1], {"parks": 7}, "parks must be 0 to 6"),
    ],
)
def test_bad_input_is_refused_clearly(corners, kwargs, fragment):
    with pytest.raises(PositionError, match=fragment):
        score_pawn(corners, **kwargs)
