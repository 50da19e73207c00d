"""A decision's deadline: how a bot in a live room keeps within its second.

A bot's budgets are counted (a search's iterations, the positions Krone's odds work out),
not timed, so that a seed repeats a game: the arena's figures and the tests rest on it.
On a loaded machine a counted budget can run past the second a person waits, so the room
gives each decision a deadline as well (``within``), and the work a bot bounds stops at
whichever comes first (``passed``). Only the room, ``ludoteca arena --think`` and a
search given seconds (``mcts:0.5s``) set one, so everything else stays repeatable.

The deadline is a context variable rather than an argument of the contract's
``greedy_move(state, rng)``: it is the caller's time, not the position's, and a quick
policy that never looks at it needs nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

Clock = Callable[[], float]

#: The deadlines of the decisions under way, the outermost first: each holds.
_DEADLINES: ContextVar[tuple[tuple[float, Clock], ...]] = ContextVar("deadlines", default=())


@contextmanager
def within(seconds: float, clock: Clock = time.perf_counter) -> Iterator[None]:
    """Decide within ``seconds`` of ``clock`` (a test gives a clock of its own). Inside
    another deadline both hold."""
    if not seconds > 0:
        raise ValueError(f"a decision needs some time: seconds must be above 0, not {seconds}")
    token = _DEADLINES.set((*_DEADLINES.get(), (clock() + seconds, clock)))
    try:
        yield
    finally:
        _DEADLINES.reset(token)


def passed() -> bool:
    """Whether the decision under way is out of time (never, without a deadline)."""
    deadlines = _DEADLINES.get()
    # Asked hundreds of thousands of times a game (Krone's odds): no deadline costs a look.
    return bool(deadlines) and any(clock() >= until for until, clock in deadlines)


def given() -> bool:
    """Whether the decision under way has a deadline."""
    return bool(_DEADLINES.get())
