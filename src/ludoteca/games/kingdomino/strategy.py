"""A simple policy that always finishes a game: grow properties, take crowns.

It places a domino where its halves touch the most squares of their own terrain, crowned
halves counting more, and picks the free domino with the most crowns among those that
still fit its kingdom. It is the policy of ``ludoteca simulate``, not a strong player.
"""

from __future__ import annotations

import random

from ludoteca.engine import Move

from .components import DOMINOES
from .kingdom import Kingdom
from .moves import Pick, Place
from .state import PLACE, KingdominoState


def simple_move(state: KingdominoState, rng: random.Random) -> Move:
    seat = state.actor
    if not isinstance(seat, int):
        raise ValueError("simple_move() needs a seat to move, not a chance event or the end")
    kingdom = state.kingdoms[seat]
    if state.phase == PLACE:
        moves = state.legal_moves()
        best = max(_fit(kingdom, move) if isinstance(move, Place) else 0 for move in moves)
        return rng.choice(
            [m for m in moves if (_fit(kingdom, m) if isinstance(m, Place) else 0) == best]
        )
    free = [slot.domino for slot in state.next_line if slot.king is None]
    return Pick(max(free, key=lambda number: _appeal(kingdom, number)))


def _fit(kingdom: Kingdom, move: Place) -> int:
    frame = kingdom.frame
    domino = DOMINOES[move.domino]
    total = 0
    for square, half in ((move.first, domino.first), (move.second, domino.second)):
        touching = frame.expand(1 << frame.cell(square)) & kingdom.terrain[half.terrain]
        total += touching.bit_count() * (1 + half.crowns)
    return total


def _appeal(kingdom: Kingdom, number: int) -> tuple[bool, int, int]:
    domino = DOMINOES[number]
    return kingdom.fits(domino), domino.first.crowns + domino.second.crowns, number
