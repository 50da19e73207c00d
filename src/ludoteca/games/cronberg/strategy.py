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
    if state.step is LAYING and state.drawn is not None:
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


# -- greedy: intersections by their numbers, parks and coats of arms; away from guards ------

MEAN_CORNER = 1.2  # what a tile still to come adds to an intersection, on average
UNSURE = 0.6  # a pawn not yet surrounded may still be pushed off by a guard or left idle
GUARD_RISK = 0.4  # what is left of a pawn's worth next to a guard that may still wake


def pawn_worth(state: CronbergState, point: int, active: int) -> float:
    """What a pawn on ``point`` is likely to bring its owner from here on."""
    around = BOARD.around_mask[point]
    uncovered = around & state.uncovered
    touching = around & active
    parks = (touching & BOARD.park_mask).bit_count()
    arms = touching & BOARD.arms_mask
    sleeping = uncovered & ~active
    base = state.magnitude[point] if arms else state.value[point]
    worth = float(base + MEAN_CORNER * sleeping.bit_count()) * (1 << parks)
    waiting = sleeping & (BOARD.park_mask | BOARD.arms_mask)
    worth += 0.3 * abs(worth) * waiting.bit_count()  # a park or coat of arms may yet wake
    if not touching & (BOARD.park_mask | BOARD.arms_mask) and not waiting:
        worth *= UNSURE  # scores only if surrounded
    if sleeping & BOARD.guard_mask:
        worth *= GUARD_RISK
    return worth


def standing(state: CronbergState, seat: int) -> float:
    """Score and pawns' worth of ``seat``, less the best of the others'."""
    active = state.active()
    totals = [float(s) for s in state.scores]
    for point in bits(state.occupied):
        totals[state.owner[point]] += pawn_worth(state, point, active)
    others = [t for s, t in enumerate(totals) if s != seat]
    return totals[seat] - max(others)


def _after(state: CronbergState, move: Move, seat: int) -> float:
    twin = state.copy()
    twin.apply(move)
    return standing(twin, seat)


def _lay_choices(state: CronbergState) -> list[Move]:
    """Lays that touch a pawn, plus one that touches none (they all leave pawns alike)."""
    near = 0
    for point in bits(state.occupied):
        near |= BOARD.around_mask[point]
    found: list[Move] = []
    quiet: Move | None = None
    for e in bits(state.free_edges):
        first, second = BOARD.edges[e].triangles
        if (near >> first | near >> second) & 1:
            found.append(LAY_MOVES[e])
        elif quiet is None:
            quiet = LAY_MOVES[e]
    return found if quiet is None else [*found, quiet]


def ranked_moves(state: CronbergState) -> list[Move]:
    """The greedy order of the legal moves of the seat to move (a lay: only those that
    touch a pawn, and one that touches none)."""
    seat = state.seat
    if seat is None or state.step not in (MOVE, LAYING):
        raise ValueError("ranked_moves() needs a seat to move, not a chance event or the end")
    if state.step is LAYING:
        lays = _lay_choices(state)
        valued = sorted(((_after(state, m, seat), i) for i, m in enumerate(lays)), reverse=True)
        return [lays[i] for _, i in valued]
    moves = state.legal_moves()
    values = [_draw_value(state, seat) if m == DRAW else _after(state, m, seat) for m in moves]
    order = sorted(range(len(moves)), key=lambda i: (-values[i], i))
    return [moves[i] for i in order]


def _draw_value(state: CronbergState, seat: int) -> float:
    """The standing after drawing, each kind of tile left weighted by its copies."""
    total = weight = 0.0
    for tile, copies in state.pool.items():
        if not copies:
            continue
        drawn = state.copy()
        drawn.step, drawn.drawn = LAYING, tile
        drawn.pool = dict(state.pool)
        drawn.pool[tile] -= 1
        drawn.face_down -= 1
        best = max(_after(drawn, m, seat) for m in _lay_choices(drawn))
        total += copies * best
        weight += copies
    return total / weight if weight else standing(state, seat)


def greedy_move(state: CronbergState, rng: random.Random) -> Move:
    """The move after which the seat's score and pawns look best against the others'."""
    return ranked_moves(state)[0]


#: Nothing is hidden but the order of what is still to draw, which the search samples:
#: a tree search may remember a node's moves.
PUBLIC = True
