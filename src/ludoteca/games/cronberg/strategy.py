"""A simple policy that always finishes a game: stand on good intersections, lay greedily.

With a pawn to place it stands on the most valuable placeable intersection once one is
worth at least ``GOOD_VALUE`` (or when it cannot draw); otherwise it draws. A drawn tile
goes where it helps its own pawns most and the others' least: a pawn it surrounds counts
its whole value, any other pawn half of what the tile adds. It is the policy of
``ludoteca simulate``, not a strong player.
"""

from __future__ import annotations

import random

from ludoteca.engine import Move

from .board import BOARD, bits
from .components import TILE_BY_ID
from .moves import DRAW
from .state import LAY_MOVES, LAYING, MOVE, PAWN_MOVES, CronbergState

GOOD_VALUE = 3


def simple_move(state: CronbergState, rng: random.Random) -> Move:
    seat = state.seat
    if seat is None or state.step not in (MOVE, LAYING):
        raise ValueError("simple_move() needs a seat to move, not a chance event or the end")
    if state.step == LAYING and state.drawn is not None:
        return _lay(state, seat, state.drawn, rng)
    placeable = bits(state.placeable()) if state.supply[seat] else []
    if placeable:
        best = max(placeable, key=lambda p: (state.value[p], -p))
        if state.value[best] >= GOOD_VALUE or not state.can_draw():
            return PAWN_MOVES[best]
    return DRAW


def _lay(state: CronbergState, seat: int, tile: str, rng: random.Random) -> Move:
    acute, obtuse = TILE_BY_ID[tile].acute, TILE_BY_ID[tile].obtuse
    best: list[int] = []
    best_gain = 0.0
    for e in bits(state.free_edges):
        edge = BOARD.edges[e]
        first, second = edge.triangles
        uncovered = state.uncovered & ~((1 << first) | (1 << second))
        gain = 0.0
        for points, amount in ((edge.acute, acute), (edge.obtuse, obtuse)):
            for p in points:
                owner = state.owner[p]
                if owner < 0:
                    continue
                surrounded = not BOARD.around_mask[p] & uncovered
                worth = state.value[p] + amount if surrounded else amount / 2
                gain += worth if owner == seat else -worth
        if not best or gain > best_gain:
            best, best_gain = [e], gain
        elif gain == best_gain:
            best.append(e)
    return LAY_MOVES[rng.choice(best)]
