"""The table's hand on its time: whose clock runs, the one timer that wakes it when a
clock runs out or a player has been gone too long, a bot taking the seat over (and the
player taking it back), and the pause every player asks for. The rules are in ``time``
(pure); this asks the host the time and tells the table. A part of each ``Table``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .chairs import Who
from .refusals import Refusal
from .status import Replaced, TableStatus
from .thinking import DEFAULT_LEVEL

if TYPE_CHECKING:
    from .host import Timer
    from .table import Table

RUNNING = TableStatus.RUNNING
#: How long after the moment it waits for the timer wakes, and how soon it looks again
#: when a change is being stored.
TICK_SLACK = 0.05


class Timing:
    def __init__(self, table: Table) -> None:
        self.table = table
        self._timer: Timer | None = None

    def resume(self) -> None:
        """Carry on after a restart: clocks run on, absences count from now, a bot moves."""
        table = self.table
        self.watch_absence()
        table.bots.soon()

    def clock_turn(self) -> None:
        """The seat to move has changed, maybe: its clock runs if a person plays it."""
        table = self.table
        if table.time.clocks is None:
            return
        seat = table.to_move()
        chair = None if seat is None else table.seats[seat]
        person = table.status == RUNNING and chair is not None and chair.bot is None
        table.time.turn_to(seat if person else None, table.host.now())
        self.schedule()

    def schedule(self) -> None:
        """Wake at the next moment a clock runs out or a player has been gone too long."""
        table = self.table
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if table.status != RUNNING:
            return
        moment = table.time.wake_at()
        if moment is not None:
            delay = max(0.0, moment - table.host.now())
            self._timer = table.host.call_later(delay + TICK_SLACK, self.tick)

    def tick(self) -> None:
        """Hand to a bot every seat whose time ran out or whose player is gone too long."""
        table = self.table
        self._timer = None
        if table.status != RUNNING or table.in_flight:
            if table.status == RUNNING:
                table.host.call_later(TICK_SLACK, self.tick)
            return
        for seat, why in table.time.due(table.host.now()):
            self._replace(seat, why)
        self.schedule()

    def watch_absence(self) -> None:
        """Note who of the players is gone since when; one who comes back plays again."""
        table = self.table
        if table.status != RUNNING:
            return
        online = table.host.online_ids()
        players = {
            seat: chair.user_id in online
            for seat, chair in enumerate(table.seats)
            if chair is not None and chair.user_id is not None and seat not in table.resigned
        }
        for seat in table.time.absences(players, table.host.now()):
            self.take_back(seat)
        self.schedule()

    def _replace(self, seat: int, why: Replaced) -> None:
        table = self.table
        chair = table.seats[seat]
        if chair is None or chair.user_id is None or seat in table.resigned:
            return
        chair.bot = DEFAULT_LEVEL
        table.time.replace(seat, why)
        table.agreements.withdraw(seat)
        self.clock_turn()
        table.changed()
        plays_on = f"a bot ({DEFAULT_LEVEL}) plays on until they are back"
        if why == Replaced.TIME:
            text = f"{chair.name} ran out of time: {plays_on}"
            table.announce("replaced_time", text, name=chair.name, level=DEFAULT_LEVEL)
        else:
            text = f"{chair.name} has been away too long: {plays_on}"
            table.announce("replaced_away", text, name=chair.name, level=DEFAULT_LEVEL)

    def take_back(self, seat: int) -> None:
        table = self.table
        chair = table.seats[seat]
        if chair is None or table.time.take_back(seat) is None:
            return
        chair.bot = None
        table.bots.cancel()
        self.clock_turn()
        table.changed()
        table.announce("back", f"{chair.name} takes the seat back", name=chair.name)

    def player_seat(self, who: Who, action: str) -> int:
        table = self.table
        seat = table.seat_of(who.id)
        if seat is None or seat in table.resigned or seat in table.time.replaced:
            raise Refusal("not_player", f"only the players of this match can {action}")
        return seat

    def stop(self) -> None:
        """The match is over: every clock stops, and nothing more is waited for."""
        table = self.table
        table.time.stop(table.host.now())
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
