"""A simple policy that always finishes a game: long rows with small steps.

It plays the card that continues a row with the smallest step, takes a wish stone when it
has a pair, starts rows only with cards near 0 or 10, closes a row with an end card only
when the row is long, and otherwise discards a card that fits nowhere. It takes a pile's
top card only when that card would continue a row closely; it then plays a card into a
row on its next turn, and since cards in rows never come back, the deck must run out. It
is the policy of ``ludoteca simulate``, not a strong player.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from ludoteca.engine import Move

from .components import COLOUR, COLOURS, END, KIND, NUMBER, NUMBER_ON, POINT
from .moves import DONE, DRAW_DECK, DRAW_PILE, PLAY, Discard, Draw, Play, Wish
from .rows import DOWN, OPEN, UP, Row
from .scoring import row_points, stone_points, total
from .state import DRAWING, EXTRA, PLAYING, KeltisState
from .table import Player, add

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


# -- greedy: long rows in one direction, and wish stones -------------------------------

FUTURE = 0.15  # of the cards each player still draws, the share one row may expect
PROGRESS = 0.9  # a card laid in a row is sure; one in hand may still be stranded
STONE_HOPE = 0.4  # a pair in hand whose wish stone is still in the middle
UNKNOWN = 0.4  # what a card from the deck promises, unseen
STONES_PER_DRAW = 0.05  # wish stones a player may still hope to make, per card drawn


def _chain(row: Row, numbers: list[int]) -> int:
    """How many of these numbers (one colour, from the hand) the row can still take."""
    if row.ends:
        return 0
    if row.last < 0:
        return len(numbers)  # an empty row may run either way: every card fits in order
    last, up, down = row.last, 0, 0
    for n in numbers:  # a plain loop: a few cards, counted millions of times in playouts
        if n >= last:
            up += 1
        if n <= last:
            down += 1
    if row.direction == UP:
        return up
    if row.direction == DOWN:
        return down
    return max(up, down)


def outlook(player: Player, in_middle: list[bool], draws_left: float) -> float:
    """What a player's rows, stones and hand promise at the end of the game."""
    numbers: list[list[int]] = [[] for _ in COLOURS]
    points = 0
    by_number: dict[int, int] = {}
    for card, copies in player.hand.items():
        kind, number = KIND[card], NUMBER_ON[card]
        if kind == NUMBER:
            numbers[COLOUR[card]].extend([number] * copies)
        elif kind == POINT:
            points += copies
        if kind != END and 1 <= number <= 9 and in_middle[number]:
            by_number[number] = by_number.get(number, 0) + copies
    future = FUTURE * draws_left / len(COLOURS)
    total = float(len(player.point_row)) + 0.5 * points
    for colour, row in enumerate(player.rows):
        laid = len(row.cards)
        chain = _chain(row, numbers[colour])
        if not laid and not chain:
            continue
        hoped = laid + PROGRESS * chain + (future if not row.ends else 0.0)
        # A row not yet started costs nothing: it is started only once it promises points.
        total += _ROW_BETWEEN(hoped) if laid else max(0.0, _ROW_BETWEEN(hoped))
    pairs = sum(count // 2 for count in by_number.values())
    left = sum(in_middle)
    hoped = len(player.stones) + min(left, STONE_HOPE * pairs + STONES_PER_DRAW * draws_left)
    return total + _STONES_BETWEEN(hoped)


_READ = 64  # more cards than a row or stones than a player can hope for


def _between(points: Callable[[int], int]) -> Callable[[float], float]:
    """A score table read between its whole numbers, so that every step counts (read
    from lists made once: the playouts of the search read it millions of times)."""
    base = [points(n) for n in range(_READ)]
    step = [points(n + 1) - points(n) for n in range(_READ)]

    def read(hoped: float) -> float:
        low = int(hoped)
        if 0 <= low < _READ:
            return base[low] + (hoped - low) * step[low]
        return points(low) + (hoped - low) * (points(low + 1) - points(low))

    return read


_ROW_BETWEEN = _between(row_points)
_STONES_BETWEEN = _between(stone_points)


def _value_after(state: KeltisState, move: Move) -> float:
    twin = _played(state, move)
    return outlook(twin.table[state.seat], twin.in_middle, draws_left(twin))


def draws_left(state: KeltisState) -> float:
    """Cards each player may still draw from the deck."""
    return state.deck_size / state.players


def ranked_moves(state: KeltisState) -> list[Move]:
    """The greedy order of the legal moves of the seat to move."""
    moves = state.legal_moves()
    if not moves:
        raise ValueError("ranked_moves() needs a seat to move, not a chance event")
    if state.phase is DRAWING:
        return _ranked_draws(state, moves)
    if state.phase is EXTRA:
        now = total_of(state.table[state.seat])
        values = [
            (total_of(_played(state, m).table[state.seat]) - now) if m != DONE else 0.0
            for m in moves
        ]
    else:
        values = [_value_after(state, m) for m in moves]
    order = sorted(range(len(moves)), key=lambda i: (-values[i], i))
    return [moves[i] for i in order]


def _played(state: KeltisState, move: Move) -> KeltisState:
    twin = state.trial()
    twin.apply(move)
    return twin


def total_of(player: Player) -> int:
    return total(player.rows, player.point_row, player.stones)


def _ranked_draws(state: KeltisState, moves: list[Move]) -> list[Move]:
    """A pile's top card when it promises more than an unknown card, else the deck."""
    player = state.table[state.seat]
    now = outlook(player, state.in_middle, draws_left(state))
    valued = []
    for index, move in enumerate(moves):
        if move == DRAW_DECK:
            valued.append((UNKNOWN, index))
            continue
        pile = state.piles[move.pile] if isinstance(move, Draw) and move.pile is not None else []
        trial = player.copy()
        add(trial.hand, pile[-1])
        valued.append((outlook(trial, state.in_middle, draws_left(state)) - now, index))
    valued.sort(key=lambda item: (-item[0], item[1]))
    # A pile promising no more than an unknown card is no choice worth searching.
    deck = DRAW_DECK in moves
    return [moves[i] for value, i in valued if not deck or moves[i] == DRAW_DECK or value > UNKNOWN]


def greedy_move(state: KeltisState, rng: random.Random) -> Move:
    """The move after which rows, stones and hand promise the most."""
    return ranked_moves(state)[0]


# -- the search's playouts ----------------------------------------------------------------

#: Moves a playout plays (the greedy policy for everyone) before the position is judged.
PLAYOUT_MOVES = 24
SCALE = 6.0  # points of promise that make a clear lead


def playout_move(state: KeltisState, rng: random.Random) -> Move:
    return greedy_move(state, rng)


def evaluate(state: KeltisState) -> list[float]:
    """Each seat's chance of winning, judged from what its rows, stones and hand promise."""
    left = draws_left(state)
    promise = [outlook(player, state.in_middle, left) for player in state.table]
    shares = []
    for seat, mine in enumerate(promise):
        best_other = max(p for s, p in enumerate(promise) if s != seat)
        shares.append(1 / (1 + math.exp(-(mine - best_other) / SCALE)))
    return shares
