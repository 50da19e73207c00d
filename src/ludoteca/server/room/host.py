"""What the room lends every table: the ``table.Host`` it names, and no more.

Each need is the room's own function or value, bound once here, so that a table asking
the time or storing a move calls the clock or the journal directly, not through the room.
"""

from __future__ import annotations

import asyncio
import random
import secrets
from collections.abc import Callable, Collection, Sequence

from .. import protocol as p
from ..storage.rows import Write
from ..table import Ratings, Table, Timer


class TableHost:
    def __init__(
        self,
        now: Callable[[], float],
        store: Callable[[Sequence[Write], Callable[[], None] | None], None],
        online_ids: Callable[[], Collection[int]],
        name_of: Callable[[int], str | None],
        new_match_id: Callable[[], int],
        table_changed: Callable[[Table], None],
        turn_changed: Callable[[Table], None],
        table_closed: Callable[[Table], None],
        ratings: Ratings,
        bot_delay: float,
        tell: Callable[[int, p.ServerMessage], None],
        new_offer_id: Callable[[], int],
        blocks: Callable[[int, int], bool],
        hides: Callable[[int], Collection[int]],
        turn: Callable[[Table], None],
        finish_rate: Callable[[int], int | None],
    ) -> None:
        self.now = now
        self.store = store
        self.online_ids = online_ids
        self.name_of = name_of
        self.new_match_id = new_match_id
        self.table_changed = table_changed
        self.turn_changed = turn_changed
        self.table_closed = table_closed
        self.ratings = ratings
        self.bot_delay = bot_delay
        self.tell = tell
        self.new_offer_id = new_offer_id
        self.blocks = blocks
        self.hides = hides
        self.turn = turn
        self.finish_rate = finish_rate
        #: Chance outcomes are drawn from the operating system's source, as ``secrets`` is.
        self.chance: random.Random = secrets.SystemRandom()
        self.call_later: Callable[[float, Callable[[], None]], Timer] = _call_later

    def on_loop(self, loop: asyncio.AbstractEventLoop) -> None:
        """The room runs on ``loop``: a table's timer is then the loop's own call."""
        self.call_later = loop.call_later


def _call_later(delay: float, callback: Callable[[], None]) -> Timer:
    return asyncio.get_running_loop().call_later(delay, callback)
