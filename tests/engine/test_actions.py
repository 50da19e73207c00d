"""The fixed action index of every game, both ways, against every legal move and chance
outcome of random playouts at every player count."""

import random

import pytest

import ludoteca
from ludoteca.actions import for_game
from ludoteca.engine import CHANCE

#: Krone's random playouts run to tens of thousands of moves: their start is enough.
STEPS = 4000


def test_every_move_of_random_playouts_has_a_number_that_reads_back_as_it(game_id):
    game = ludoteca.game(game_id)
    actions = for_game(game_id)
    rng = random.Random(3)
    for players in range(game.min_players, game.max_players + 1):
        match = game.new_match(players)
        for _ in range(STEPS):
            if match.is_over:
                break
            state = match.state
            chance = match.to_move is CHANCE
            moves = [m for m, _ in match.chance_outcomes()] if chance else match.legal_moves()
            size = (actions.outcomes if chance else actions.decisions).size
            numbers = set()
            for move in moves:
                number = actions.encode(move, state)
                assert 0 <= number < size
                back = actions.decode(number, state, chance)
                assert back == move
                assert str(back) == str(move)
                numbers.add(number)
            assert len(numbers) == len(moves), "two moves share a number"
            if chance:
                match.play_chance(rng)
            else:
                match.play(rng.choice(moves))


def test_the_indexes_are_small():
    sizes = {game_id: for_game(game_id).decisions.size for game_id in ludoteca.game_ids()}
    assert sizes["cronberg"] < 200
    assert sizes["kingdomino"] < 1000
    assert sizes["keltis"] < 6000
    assert sizes["krone"] < 100_000


def test_a_number_outside_the_index_is_refused_saying_the_range():
    match = ludoteca.game("keltis").new_match(2)
    actions = for_game("keltis")
    with pytest.raises(ValueError, match=f"0 to {actions.decisions.size - 1}"):
        actions.decode(actions.decisions.size, match.state)
