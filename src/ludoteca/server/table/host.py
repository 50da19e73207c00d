"""What a table needs from whatever stands around it, and nothing more.

The room provides it (``room.TableHost``); a test provides a small fake. The table
imports neither the room nor its type: this is the whole of what it may ask.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Protocol

from .. import protocol as p
from ..storage.rows import Write
from .finish import Ratings

if TYPE_CHECKING:
    from .table import Table


class Timer(Protocol):
    def cancel(self) -> None: ...


class Host(Protocol):
    #: Chance outcomes are drawn from here.
    chance: random.Random
    #: Seconds a bot waits before the first move of its turn.
    bot_delay: float
    #: (user id, game) -> (rating, rated matches), as stored.
    ratings: Ratings

    def now(self) -> float:
        """The time, in seconds: the only clock of clocks, absences, chat and results."""
        ...

    def store(self, rows: Sequence[Write], announce: Callable[[], None] | None) -> None:
        """Store ``rows``, then call ``announce`` (the journal: stored before announced)."""
        ...

    def online_ids(self) -> Collection[int]:
        """The people connected now."""
        ...

    def name_of(self, user_id: int) -> str | None: ...

    def new_match_id(self) -> int: ...

    def call_later(self, delay: float, callback: Callable[[], None]) -> Timer: ...

    def table_changed(self, table: Table) -> None:
        """What the lobby shows of ``table`` changed."""
        ...

    def turn_changed(self, table: Table) -> None:
        """A move was announced at ``table``: whose turn it is may have changed, and its
        people are told wherever they are."""
        ...

    def table_closed(self, table: Table) -> None:
        """``table`` is gone."""
        ...

    def tell(self, user_id: int, message: p.ServerMessage) -> None:
        """Send ``message`` to every connection of ``user_id``, wherever they are."""
        ...

    def new_offer_id(self) -> int: ...

    def blocks(self, user_id: int, other_id: int) -> bool:
        """Whether ``user_id`` blocks ``other_id``."""
        ...

    def hides(self, speaker_id: int) -> Collection[int]:
        """The people who do not see ``speaker_id``'s chat: who block or mute them."""
        ...

    def turn(self, table: Table) -> None:
        """A turn began at ``table`` (its match started, or a move was announced)."""
        ...

    def finish_rate(self, user_id: int) -> int | None:
        """This person's finish rate in percent (``reputation``); None: no match ended."""
        ...
