"""Chance: the pseudo-player that rolls dice, shuffles and draws.

Randomness never hides inside a game's state. Each roll or draw is a *chance event*: the
match stops with ``to_move == CHANCE`` and the outcome is played like a move and logged.
Games model a shuffled deck as a multiset of unseen items from which each draw is one
chance event, so no order of the deck exists before a card is drawn.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Hashable, Mapping
from fractions import Fraction
from typing import Final, TypeVar


class Chance(enum.Enum):
    CHANCE = "chance"

    def __repr__(self) -> str:
        return "CHANCE"


CHANCE: Final = Chance.CHANCE

# Who acts now: a seat, chance, or nobody once the game is over.
Actor = int | Chance | None

K = TypeVar("K", bound=Hashable)


def draw_probabilities(pool: Mapping[K, int]) -> list[tuple[K, Fraction]]:
    """The chance of drawing each kind of item from a pool of counted identical copies."""
    total = sum(pool.values())
    return [(item, Fraction(count, total)) for item, count in pool.items() if count > 0]


def draw(pool: Mapping[K, int], rng: random.Random) -> K:
    """One uniformly random item of the pool, each copy equally likely."""
    pick = rng.randrange(sum(pool.values()))
    for item, count in pool.items():
        if pick < count:
            return item
        pick -= count
    raise ValueError("cannot draw from an empty pool")
