"""How long a person waits for a bot: each decision a bot makes where someone waits for it
(the room, ``ludoteca play``, a bot account's ``ludoteca bot run``) has a deadline.

A bot's budgets are counted so that a seed repeats its games (``engine.deadline``); on a
busy or slow machine a counted budget can run past what a person waits, and the deadline
stops it there. Without one (``think=None``: the arena, the tests) the counted budget
alone decides, and a seed repeats every move.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeVar

from ludoteca.engine import Match, deadline

T = TypeVar("T")

#: The time one decision may take: a person waits about a second a move at most (in the
#: room a little more, for the way to a bot process and back).
THINKING_SECONDS = 0.7


def decide(
    choose: Callable[[Match, random.Random], T],
    match: Match,
    rng: random.Random,
    think: float | None = THINKING_SECONDS,
) -> T:
    """``choose(match, rng)`` (a bot's, for the seat to move) within ``think`` seconds
    (None: no deadline)."""
    if think is None:
        return choose(match, rng)
    with deadline.within(think):
        return choose(match, rng)
