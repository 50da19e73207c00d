"""A player's finish rate: of the matches they played that ended, the share they played
to the end, as Board Game Arena counts it (docs/ratings.md, "Finish rate").

A match counts once it has ended, by its rules or by resignations; a match the players
called off counts for nobody. A player abandoned it when a bot played their seat at its
end: they resigned and the others played on (BGA's "quit"), or their time ran out or they
were gone past the grace and they never took the seat back (BGA's "expelled for being
too slow"). A resignation that ends the match, the last player but one giving up, is a
concession: that match was finished, and lost.

The figures are read from the database (``match_players``, one row a player a match,
written with the match's end) when a person comes online and again for a match's
players once its end is stored, at every process of the room (the owner's ``Ended``
news); ``Reputation`` only keeps what was read.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True, slots=True)
class FinishRate:
    finished: int
    ended: int

    @property
    def percent(self) -> int | None:
        """The rate in whole percent, rounded down (a host's minimum of 90 is not met by
        89.6); None before any match ended."""
        return None if self.ended == 0 else 100 * self.finished // self.ended


class Rows(Protocol):
    async def finish_rates(self, user_ids: Collection[int]) -> dict[int, FinishRate]: ...


class Reputation:
    def __init__(self, store: Rows) -> None:
        self.store = store
        #: user id -> their finish rate, as last read.
        self.rates: dict[int, FinishRate] = {}

    async def load(self, user_ids: Collection[int]) -> None:
        if not user_ids:
            return
        found = await self.store.finish_rates(user_ids)
        for user_id in user_ids:
            self.rates[user_id] = found.get(user_id, FinishRate(0, 0))

    def percent(self, user_id: int | None) -> int | None:
        rate = None if user_id is None else self.rates.get(user_id)
        return None if rate is None else rate.percent
