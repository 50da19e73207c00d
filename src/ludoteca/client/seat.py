"""A seat's match, kept from view to view: what ``choose(match, rng)`` is handed.

``Match.from_view`` rebuilds a whole match from the seat's view by replaying its log, so
that its cost grows with the match (docs/bots.md has the figures). A seat here keeps the
match it built and plays each new log entry on it; only when an entry cannot be played
as it reads (the seat did not see it: a hidden draw) or the match so reached is not the
one the view shows is it rebuilt from the view.
"""

from __future__ import annotations

import random
from typing import Any

from ludoteca.engine import LudotecaError, Match


class SeatMatch:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        #: The whole view, log from 0, as the room last showed it.
        self.view: dict[str, Any] | None = None
        self._match: Match | None = None
        #: Matches built from scratch, and log entries played on a kept one.
        self.rebuilt = 0
        self.played_on = 0

    def update(self, view: dict[str, Any]) -> bool:
        """Take a view (its log from ``log_from``); False when it does not follow the one
        held (a gap: resync)."""
        since = view["log_from"]
        if since == 0:
            self.view = view
            return True
        if self.view is None or since != len(self.view["log"]):
            return False
        self.view = {**view, "log_from": 0, "log": self.view["log"] + view["log"]}
        return True

    @property
    def log_length(self) -> int:
        return 0 if self.view is None else len(self.view["log"])

    def match(self) -> Match:
        """A match the seat cannot tell from the one it sees (``Match.from_view``)."""
        view = self.view
        if view is None:
            raise LudotecaError("no view yet")
        match = self._match
        if match is not None and match.game.id == view["game"]:
            try:
                for entry in view["log"][match.moves_played :]:
                    match.play(entry["move"])
                    self.played_on += 1
                if match.view(view["seat"]) == view:
                    return match
            except LudotecaError:
                pass
        self.rebuilt += 1
        match = self._match = Match.from_view(view, self.rng)
        return match
