"""The match's time: clocks, absences, the seats a bot plays for people, a pause.

Pure: every moment is passed in as ``now``; the table reads the time from its host and
keeps the one timer that wakes it (docs/server.md, "Clocks, leavers, pauses").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .clock import ClockKind, Clocks, TimeControl
from .status import Replaced

#: Seconds a seated player may be gone from a running match unless the table says.
GRACE = 120


class MatchTime:
    """The time control chosen at the start (None: no clocks), the seconds a player may
    be gone, the clocks of the running match, the seats bots play for people and why,
    every seat a bot played for in this match (for the result), whether it is paused,
    and since when each absent player is gone."""

    def __init__(self, control: TimeControl | None = None, grace: int = GRACE) -> None:
        self.control = control
        self.grace = grace
        self.clocks: Clocks | None = None
        self.replaced: dict[int, Replaced] = {}
        self.was_replaced: dict[int, Replaced] = {}
        self.paused = False
        self.gone_since: dict[int, float] = {}

    def anew(self, players: int | None) -> None:
        """What runs with a match, fresh: clocks for ``players`` (None: no match yet)."""
        self.replaced = {}
        self.was_replaced = {}
        self.paused = False
        self.clocks = None
        if players is not None and self.control is not None:
            self.clocks = Clocks(self.control, players)

    def turn_to(self, seat: int | None, now: float) -> None:
        """``seat``'s clock runs now (None: nobody's, a bot or nobody is to move)."""
        if self.clocks is not None:
            self.clocks.turn_to(seat, now)

    def wake_at(self) -> float | None:
        """The next moment a clock runs out or a player has been gone too long."""
        moments = [since + self.grace for since in self.gone_since.values()]
        deadline = None if self.clocks is None else self.clocks.deadline()
        if deadline is not None:
            moments.append(deadline)
        return min(moments) if moments else None

    def due(self, now: float) -> list[tuple[int, Replaced]]:
        """The seats a bot must take over at ``now``, and why: a clock that ran out
        first, then every player gone longer than the grace."""
        due: list[tuple[int, Replaced]] = []
        clocks = self.clocks
        deadline = None if clocks is None else clocks.deadline()
        running = None if clocks is None else clocks.running
        if deadline is not None and now >= deadline and running is not None:
            due.append((running, Replaced.TIME))
        timed_out = {seat for seat, _ in due}
        for seat, since in self.gone_since.items():
            if now >= since + self.grace and seat not in self.replaced and seat not in timed_out:
                due.append((seat, Replaced.AWAY))
        return due

    def absences(self, online: Mapping[int, bool], now: float) -> list[int]:
        """Note which players (seat -> online) are gone since when; answer the seats of
        those back from an absence that a bot played for. At a turn-based table players
        come and go over days: only the clock counts."""
        if self.control is not None and self.control.kind == ClockKind.TURN:
            self.gone_since.clear()
            return []
        back = []
        for seat, here in online.items():
            if here:
                self.gone_since.pop(seat, None)
                if self.replaced.get(seat) == Replaced.AWAY:
                    back.append(seat)
            elif seat not in self.replaced:
                self.gone_since.setdefault(seat, now)
        return back

    def replace(self, seat: int, why: Replaced) -> None:
        self.replaced[seat] = why
        self.was_replaced[seat] = why
        self.gone_since.pop(seat, None)

    def take_back(self, seat: int) -> Replaced | None:
        """The person plays ``seat`` again; one whose time ran out gets a little more."""
        why = self.replaced.pop(seat, None)
        if why == Replaced.TIME and self.clocks is not None:
            self.clocks.comeback(seat)
        return why

    def pause(self, now: float) -> None:
        self.paused = True
        if self.clocks is not None:
            self.clocks.pause(now)

    def resume(self, now: float) -> None:
        self.paused = False
        if self.clocks is not None:
            self.clocks.resume(now)

    def stop(self, now: float) -> None:
        """The match is over: every clock stops, and nobody's absence counts."""
        self.turn_to(None, now)
        self.gone_since.clear()

    def to_json(self) -> dict[str, Any] | None:
        """What runs with the match, as the table row stores it."""
        if self.clocks is None and not self.was_replaced and not self.paused:
            return None
        return {
            "clocks": None if self.clocks is None else self.clocks.to_json(),
            "replaced": {str(seat): why for seat, why in self.replaced.items()},
            "was_replaced": {str(seat): why for seat, why in self.was_replaced.items()},
            "paused": self.paused,
        }

    @classmethod
    def from_json(
        cls, control: dict[str, Any] | None, grace: int, timing: dict[str, Any] | None
    ) -> MatchTime:
        """The time control and what ran with the match, as stored (on a restart)."""
        time = cls(TimeControl.from_json(control), grace)
        if timing is None:
            return time
        if timing["clocks"] is not None and time.control is not None:
            time.clocks = Clocks.from_json(time.control, timing["clocks"])
        time.replaced = {int(seat): Replaced(why) for seat, why in timing["replaced"].items()}
        was = timing.get("was_replaced", timing["replaced"])
        time.was_replaced = {int(seat): Replaced(why) for seat, why in was.items()}
        time.paused = bool(timing["paused"])
        return time
