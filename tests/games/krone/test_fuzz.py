"""Arbitrary move values at real positions: listed as legal, or refused cleanly."""

import random

from ludoteca.engine import CHANCE, IllegalMove
from ludoteca.games.krone import GAME
from ludoteca.games.krone.components import BY_ID
from ludoteca.games.krone.moves import (
    BringIn,
    Buy,
    Change,
    Decline,
    Dice,
    End,
    Keep,
    Reroll,
    Roll,
)  # fmt: skip

CARDS = [*BY_ID, "dragon"]


def arbitrary_move(rng: random.Random):
    def dice(low=0, high=8):
        return tuple(rng.randint(low, high) for _ in range(rng.randint(0, 4)))

    kind = rng.randrange(9)
    card = rng.choice(CARDS)
    if kind == 0:
        return Keep(dice())
    if kind == 1:
        return Reroll(card, dice())
    if kind == 2:
        return BringIn(card, rng.randint(0, 8))
    if kind == 3:
        before = dice()
        return Change(card, before, tuple(rng.randint(0, 8) for _ in before))
    if kind == 4:
        return Buy(card)
    if kind == 5:
        return Dice(dice(1, 6))
    return rng.choice([Roll(), End(), Decline()])


def test_every_arbitrary_move_is_legal_or_refused_without_change():
    rng = random.Random(21)
    tried = accepted = 0
    for players in (2, 3, 5):
        match = GAME.new_match(players)
        while not match.is_over and tried < 6000 * players:
            legal = set(match.legal_moves())
            for _ in range(8):
                move = arbitrary_move(rng)
                before = match.to_json()
                twin = match.copy()
                tried += 1
                try:
                    twin.play(move)
                except IllegalMove:
                    assert match.to_json() == before
                    continue
                accepted += 1
                assert match.to_move is CHANCE or move in legal, str(move)
            if match.to_move is CHANCE:
                match.play_chance(rng)
            else:
                match.play(GAME.simple_move(match.state, rng))
    assert accepted > 100  # the fuzz reaches legal moves too, not only refusals
