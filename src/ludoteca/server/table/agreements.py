"""What every player in person must ask for before it happens: a pause (and going on),
and calling a match off in its first moves. A part of each ``Table``."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from ludoteca.engine import CHANCE

from ..storage.rows import Write
from . import chairs, finish
from .chairs import Who
from .refusals import Refusal
from .status import TableStatus

if TYPE_CHECKING:
    from .table import Table

#: A match may be called off (/abort) while its players have made fewer than this many
#: moves each: a mistake at the start, not a way out of a game going badly.
ABORT_MOVES_PER_PLAYER = 2


class Ask(StrEnum):
    PAUSE = "pause"
    ABORT = "abort"


class Agreements:
    """Who of the players has asked for what, in the match under way."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.asked: dict[Ask, set[int]] = {Ask.PAUSE: set(), Ask.ABORT: set()}

    def anew(self) -> None:
        """A new match: nobody has asked for anything."""
        self.asked = {Ask.PAUSE: set(), Ask.ABORT: set()}

    def withdraw(self, seat: int) -> None:
        """A bot plays ``seat`` now: what its player asked for no longer counts."""
        for asked in self.asked.values():
            asked.discard(seat)

    def _all_ask(self, what: Ask, seat: int) -> bool:
        """``seat`` asks; whether now every seat a person plays has."""
        asked = self.asked[what]
        asked.add(seat)
        return asked >= chairs.people(self.table.seats)

    def pause(self, who: Who) -> None:
        """Ask for a pause; once every player has asked, the match and clocks stop.
        Asked while paused, it goes on."""
        table = self.table
        table.expect(TableStatus.RUNNING, "pause")
        seat = table.timing.player_seat(who, "pause")
        now = table.host.now()
        if table.time.paused:
            table.time.resume(now)
            self.asked[Ask.PAUSE].clear()
            table.timing.schedule()
            table.changed()
            table.announce("resumed", f"{who.name} goes on: the match runs again", name=who.name)
            return
        if not self._all_ask(Ask.PAUSE, seat):
            text = f"{who.name} asks for a pause (/pause to agree)"
            table.announce("pause_asked", text, name=who.name)
            return
        table.time.pause(now)
        table.bots.cancel()
        table.timing.schedule()
        table.changed()
        table.announce("paused", "everyone agreed: the match is paused (/pause to go on)")

    def abort(self, who: Who) -> None:
        """Ask to call the match off; once every player has asked, it ends unscored.
        Only in its first moves (ABORT_MOVES_PER_PLAYER each)."""
        table = self.table
        table.expect(TableStatus.RUNNING, "abort")
        seat = table.timing.player_seat(who, "abort")
        played = sum(1 for entry in table.live.log if entry.actor is not CHANCE)
        most = ABORT_MOVES_PER_PLAYER * len(table.seats)
        if played >= most:
            raise Refusal(
                "too_late",
                f"a match can be called off only in its first {most} moves; {played} are played",
                most=most,
                played=played,
            )
        if not self._all_ask(Ask.ABORT, seat):
            text = f"{who.name} asks to call the match off (/abort to agree)"
            table.announce("abort_asked", text, name=who.name)
            return
        rows: list[Write] = []
        table.finish(rows, finish.called_off(), resigned=False)
        table.bots.cancel()
        table.event(rows, table.announce_end)
        table.announce("aborted", "everyone agreed: the match is called off, unscored")
