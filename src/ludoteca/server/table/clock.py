"""A table's clocks: each seat's time, run by the server from timestamps.

Real-time: a bank per seat for the whole match, and an increment added each time a
seat's turn ends. Turn-based: a limit for each turn (hours, for games over days), whole
again at every turn. Only the seat to move spends time, and only while a person plays
it (a bot's seat does not run). The state is a few numbers and the moment the running
clock started (``since``), stored with the table, so a restart, or a client, cannot stop
a clock: the time the server was down counts like any other.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Any


class ClockKind(StrEnum):
    """The kinds of time control, as the wire and the table row spell them."""

    REALTIME = "realtime"
    TURN = "turn"


#: Bounds a table may choose, in seconds.
BANK = (60, 3 * 3600)
INCREMENT = (0, 300)
PER_MOVE = (3600, 7 * 24 * 3600)
GRACE = (30, 3600)
#: What a player gets back on taking a seat again after their time ran out.
COMEBACK_SECONDS = 30.0


class ClockError(ValueError):
    """A time control that cannot be used; the text says what is allowed."""


@dataclass(frozen=True, slots=True)
class TimeControl:
    kind: ClockKind
    bank: int = 0
    increment: int = 0
    per_move: int = 0

    @classmethod
    def checked(cls, kind: str, bank: int, increment: int, per_move: int) -> TimeControl:
        if kind == ClockKind.REALTIME:
            _within("bank", bank, BANK)
            _within("increment", increment, INCREMENT)
            return cls(ClockKind.REALTIME, bank, increment, 0)
        if kind == ClockKind.TURN:
            _within("per_move", per_move, PER_MOVE)
            if per_move % 3600:
                raise ClockError(f"per_move is a whole number of hours in seconds, not {per_move}")
            return cls(ClockKind.TURN, 0, 0, per_move)
        raise ClockError(f"a clock is 'realtime' or 'turn', not {kind!r}")

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> TimeControl | None:
        return None if data is None else cls(**{**data, "kind": ClockKind(data["kind"])})


def _within(name: str, value: int, bounds: tuple[int, int]) -> None:
    low, high = bounds
    if not low <= value <= high:
        raise ClockError(f"{name} is {low} to {high} seconds, not {value}")


def check_grace(grace: int) -> int:
    _within("grace", grace, GRACE)
    return grace


class Clocks:
    """Seconds left per seat, the seat whose clock runs and since when."""

    def __init__(self, control: TimeControl, players: int) -> None:
        self.control = control
        whole = control.bank if control.kind == ClockKind.REALTIME else control.per_move
        self.left: list[float] = [float(whole)] * players
        self.running: int | None = None
        self.since = 0.0
        self.paused = False

    def remaining(self, now: float) -> list[float]:
        """Seconds left for each seat at ``now``."""
        out = list(self.left)
        if self.running is not None and not self.paused:
            out[self.running] = max(0.0, out[self.running] - (now - self.since))
        return out

    def deadline(self) -> float | None:
        """When the running clock reaches zero, or None when none runs."""
        if self.running is None or self.paused:
            return None
        return self.since + self.left[self.running]

    def turn_to(self, seat: int | None, now: float) -> None:
        """The seat to move is now ``seat`` (None: nobody's clock runs)."""
        if seat == self.running:
            return
        if self.running is not None:
            ended = self.running
            if self.control.kind == ClockKind.REALTIME:
                self.left[ended] = self.remaining(now)[ended] + self.control.increment
            else:
                self.left[ended] = float(self.control.per_move)
        self.running = seat
        self.since = now

    def pause(self, now: float) -> None:
        if not self.paused:
            self.left = self.remaining(now)
            self.paused = True

    def resume(self, now: float) -> None:
        if self.paused:
            self.paused = False
            self.since = now

    def comeback(self, seat: int) -> None:
        """A player takes their seat back: an empty clock gets a little time."""
        self.left[seat] = max(self.left[seat], COMEBACK_SECONDS)

    def to_json(self) -> dict[str, Any]:
        return {
            "left": self.left,
            "running": self.running,
            "since": self.since,
            "paused": self.paused,
        }

    @classmethod
    def from_json(cls, control: TimeControl, data: dict[str, Any]) -> Clocks:
        clocks = cls(control, len(data["left"]))
        clocks.left = [float(x) for x in data["left"]]
        clocks.running = data["running"]
        clocks.since = float(data["since"])
        clocks.paused = bool(data["paused"])
        return clocks
