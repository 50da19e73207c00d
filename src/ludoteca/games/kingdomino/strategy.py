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
from .scoring import score
from .state import PICKS, PLACE, KingdominoState


def simple_move(state: KingdominoState, rng: random.Random) -> Move:
    seat = state.actor
    if not isinstance(seat, int):
        raise ValueError("simple_move() needs a seat to move, not a chance event or the end")
    kingdom = state.kingdoms[seat]
    if state.phase is PLACE:
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


# -- greedy: crowns and growing properties, and a kingdom that can still be filled --------

GROWTH = 0.3  # per square of the same terrain a new half touches
DEAD_SQUARE = 1.5  # a free square no domino can reach any more: the kingdom stays short


def dead_squares(kingdom: Kingdom) -> int:
    """Free squares within the kingdom's bounds with no free neighbour: never filled."""
    free = kingdom.open
    return (free & ~kingdom.frame.expand(free)).bit_count()


def placement_value(kingdom: Kingdom, move: Place, middle_kingdom: bool = False) -> float:
    """Points gained, growth towards them, less the squares the placement leaves dead."""
    after = kingdom.copy()
    after.place(move)
    gain = score(after, middle_kingdom, False).total - score(kingdom, middle_kingdom, False).total
    dead = dead_squares(after) - dead_squares(kingdom)
    return gain + GROWTH * _fit(kingdom, move) - DEAD_SQUARE * dead


def ranked_placements(state: KingdominoState, seat: int) -> list[Move]:
    """The legal moves placing the domino in play, the best first (a discard if none)."""
    kingdom = state.kingdoms[seat]
    moves = state.legal_moves()
    valued = [
        (placement_value(kingdom, m, state.middle_kingdom) if isinstance(m, Place) else 0.0, i)
        for i, m in enumerate(moves)
    ]
    valued.sort(key=lambda item: (-item[0], item[1]))
    return [moves[i] for _, i in valued]


def domino_value(state: KingdominoState, seat: int, number: int) -> float:
    """What taking a domino is worth: its best placement in the kingdom as it stands.

    A lower number also means acting earlier in the next line, which is worth a little.
    """
    kingdom = state.kingdoms[seat]
    placements = kingdom.placements(DOMINOES[number])
    if not placements:
        return -5.0
    best = max(
        placement_value(kingdom, m, state.middle_kingdom)
        for m in placements
        if isinstance(m, Place)
    )
    return best - 0.02 * number


def ranked_picks(state: KingdominoState, seat: int) -> list[Move]:
    free = [slot.domino for slot in state.next_line if slot.king is None]
    free.sort(key=lambda number: (-domino_value(state, seat, number), number))
    return [PICKS[number] for number in free]


def ranked_moves(state: KingdominoState) -> list[Move]:
    """The greedy order of the legal moves of the seat to move."""
    seat = state.actor
    if not isinstance(seat, int):
        raise ValueError("ranked_moves() needs a seat to move, not a chance event or the end")
    if state.phase is PLACE:
        return ranked_placements(state, seat)
    return ranked_picks(state, seat)


def greedy_move(state: KingdominoState, rng: random.Random) -> Move:
    """Place for points and growth with no dead squares; take the domino that fits best."""
    return ranked_moves(state)[0]


#: Nothing is hidden but the order of what is still to draw, which the search samples:
#: a tree search may remember a node's moves.
PUBLIC = True
