"""A simple policy that always finishes a game: long rows with small steps.

It plays the card that continues a row with the smallest step, takes a wish stone when it
has a pair, starts rows only with cards near 0 or 10, closes a row with an end card only
when the row is long, and otherwise discards a card that fits nowhere. It takes a pile's
top card only when that card would continue a row closely; it then plays a card into a
row on its next turn, and since cards in rows never come back, the deck must run out. It
is the policy of ``ludoteca simulate``, not a strong player.
"""

from __future__ import annotations

import random

from ludoteca.engine import Move

from .components import COLOUR, END, KIND, NUMBER, NUMBER_ON, POINT
from .moves import DONE, DRAW_DECK, DRAW_PILE, PLAY, Discard, Play, Wish
from .rows import OPEN, Row
from .state import DRAWING, EXTRA, PLAYING, KeltisState

CLOSE_FIT = 8  # the value of a card that continues a row within two steps
WISH_VALUE = 7.5  # below a close fit, so that a card taken from a pile is played


def play_value(rows: list[Row], move: Play) -> float:
    """How good a play is: 10 for the same number again, less for each step beyond."""
    card = move.card
    kind = KIND[card]
    if kind == POINT:
        return 4.0 if move.onto is None else 9.0
    row = rows[COLOUR[card]]
    if kind == END:
        return 5.0 if len(row.cards) >= 5 else -10.0
    if row.last < 0:
        number = NUMBER_ON[card]
        return 3.0 if number <= 1 or number >= 9 else -10.0
    step = abs(NUMBER_ON[card] - row.last)
    return 10.0 - step - (1 if row.direction == OPEN and step else 0)


def simple_move(state: KeltisState, rng: random.Random) -> Move:
    moves = state.legal_moves()
    if not moves:
        raise ValueError("simple_move() needs a seat to move, not a chance event")
    rows = state.table[state.seat].rows
    if state.phase is DRAWING:
        return _draw(state, rows, moves)
    plays = [m for m in moves if isinstance(m, Play)]
    valued = sorted(((play_value(rows, m), i) for i, m in enumerate(plays)), reverse=True)
    best = valued[0][0] if valued else -100.0
    if state.phase is EXTRA:
        # Any card into a row with cards, or into the point row, adds to the score.
        for value, index in valued:
            move = plays[index]
            if move.onto is not None or KIND[move.card] == POINT:
                return move
            if rows[COLOUR[move.card]].cards and value > -10:
                return move
        return DONE
    if state.phase is not PLAYING:
        raise ValueError(f"simple_move() has no policy for the phase {state.phase}")
    wishes = [m for m in moves if isinstance(m, Wish)]
    if wishes and best < WISH_VALUE:
        return rng.choice(wishes)
    if best >= 3:
        return plays[valued[0][1]]
    return _discard(rows, [m for m in moves if isinstance(m, Discard)], rng)


def _discard(rows: list[Row], discards: list[Discard], rng: random.Random) -> Move:
    """A card that cannot go into its row, else the one farthest from its row's end."""

    def keep(move: Discard) -> float:
        card = move.card
        if KIND[card] == NUMBER:
            row = rows[COLOUR[card]]
            if not row.takes(card):
                return -100.0
            return play_value(rows, PLAY[card])
        return 0.0 if KIND[card] == END else 4.0

    lowest = min(keep(m) for m in discards)
    return rng.choice([m for m in discards if keep(m) == lowest])


def _draw(state: KeltisState, rows: list[Row], moves: list[Move]) -> Move:
    for pile, cards in enumerate(state.piles):
        if DRAW_PILE[pile] in moves and _fits_closely(rows, cards[-1]):
            return DRAW_PILE[pile]
    return DRAW_DECK if DRAW_DECK in moves else moves[0]


def _fits_closely(rows: list[Row], card: int) -> bool:
    if KIND[card] == POINT:
        return any(row.takes(card) for row in rows)
    row = rows[COLOUR[card]]
    return (
        KIND[card] == NUMBER
        and row.last >= 0
        and row.takes(card)
        and play_value(rows, PLAY[card]) >= CLOSE_FIT
    )
