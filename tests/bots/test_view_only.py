"""Bots decide from what their seat may know: hidden information cannot change a choice."""

import random

import pytest

import ludoteca
from ludoteca.bots import BOTS, bot
from ludoteca.engine import CHANCE, Match

# The search reads the same view whatever its budget; a small one keeps the test quick.
CHEAP = {"mcts": "mcts:12"}


@pytest.mark.parametrize("name", sorted(BOTS))
def test_a_bot_chooses_alike_when_what_is_hidden_from_it_differs(game_id, name):
    game = ludoteca.game(game_id)
    rng = random.Random(4)
    player = bot(CHEAP.get(name, name))
    match = game.new_match(game.min_players)
    compared = differed = 0
    limit = 25 if name == "mcts" else 60
    while not match.is_over and compared < limit:
        if match.to_move is CHANCE:
            match.play_chance(rng)
            continue
        seat = match.to_move
        # The same match with everything hidden from this seat dealt anew.
        twin = Match(game, match.players, match.options, match.state.determinize(seat, rng))
        differed += twin.position() != match.position()
        seed = rng.randrange(1 << 30)
        mine = player.choose(match, random.Random(seed))
        assert player.choose(twin, random.Random(seed)) == mine
        compared += 1
        match.play(mine)
    assert compared > 10
    if game_id == "keltis":
        assert differed > 0  # hidden hands: the twins really differed
