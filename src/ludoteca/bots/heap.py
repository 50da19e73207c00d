"""What a process that only plays bots does between two decisions: ``settle``.

Some bots keep what they worked out for later decisions (Krone's odds: millions of
positions). Python's collector of reference cycles looks at every object it tracks on
each full collection, and a full collection comes whenever the objects kept have grown
by a quarter, so the longer such a process plays the longer the pause: a Krone decision
that took 0.6 s in a fresh process took 2 to 10 s some games later, all of it the
collector walking the odds (docs/bots-measured.md, "Earlier figures"). Frozen objects are left out
of every collection; freed by their reference counts they still are, so what the odds
forget is freed as before. Only cyclic garbage frozen while alive would stay for good,
and no bot's game leaves any (``tests/bots/test_heap.py``). A process that does more
than play bots (a test run, a notebook, the room's own) holds cycles of its own, so
``settle`` does nothing until the process says it plays bots only (``dedicate``), or
while it does (``dedicated``: a command's run, after which all is unfrozen)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

_dedicated = False


def dedicate() -> None:
    """Say that this process plays bots and nothing else: ``settle`` will freeze."""
    global _dedicated
    _dedicated = True


@contextmanager
def dedicated() -> Iterator[None]:
    """While playing bots only, in a process that goes on to do other things after:
    ``settle`` freezes inside, and what it froze is unfrozen at the end, to be collected
    as before."""
    global _dedicated
    before = _dedicated
    _dedicated = True
    try:
        yield
    finally:
        _dedicated = before
        if not before:
            gc.unfreeze()


def settle() -> None:
    """After a decision: in a process that plays bots only, the young objects' cycles
    collected and everything kept frozen; elsewhere nothing."""
    if _dedicated:
        gc.collect(1)
        gc.freeze()
