"""The table's bots: when a bot is to move, it moves after a delay, deciding in the event
loop (the quick levels) or in a bot process (``thinking``), and its move takes the
seat's own path, checked like a person's."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from ludoteca.engine import LudotecaError, Move

from . import thinking
from .host import Timer
from .refusals import Refusal
from .thinking import DEFAULT_LEVEL, QUICK_LEVELS, choose

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger("ludoteca.server")

#: A bot waits the host's ``bot_delay`` before the first move of its turn and this many
#: times less before each of its turn's further moves.
BOT_STEPS_PER_DELAY = 6


class TableBots:
    def __init__(self, table: Table) -> None:
        self.table = table
        self._timer: Timer | None = None
        self._thinking = False

    def soon(self) -> None:
        """If a bot is to move, it will."""
        table = self.table
        seat = table.to_move()
        if seat is None or self._timer is not None or self._thinking or table.time.paused:
            return
        chair = table.seats[seat]
        if chair is None or chair.bot is None:
            return
        # A bot is paced by its turn, not by its move: a Krone turn is a dozen small moves,
        # and a delay before each made it last seconds. A short step between them still
        # lets a watcher follow.
        delay = table.host.bot_delay
        if table.last_mover == seat:
            delay /= BOT_STEPS_PER_DELAY
        self._timer = table.host.call_later(delay, self._turn)

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _turn(self) -> None:
        self._timer = None
        table = self.table
        seat = table.to_move()
        if seat is None or table.in_flight or table.match is None:
            return
        chair = table.seats[seat]
        if chair is None or chair.bot is None:
            return
        if chair.bot in QUICK_LEVELS:
            self._moves(seat, str(choose(chair.bot, table.match)))
        else:
            self._thinking = True
            asyncio.get_running_loop().create_task(self._think(seat, chair.bot))

    async def _think(self, seat: int, level: str) -> None:
        table = self.table
        played = table.live.moves_played
        move: Move | None = None
        try:
            move = await thinking.think(level, table.live, table.id)
        except Exception:
            log.exception("table %s: the %s bot in seat %s failed to decide", table.id, level, seat)
        finally:
            self._thinking = False
        chair = table.seats[seat]
        still_a_bot = chair is not None and chair.bot is not None and not table.time.paused
        if table.match is None or table.match.moves_played != played or not still_a_bot:
            return
        if move is None:  # a bot that failed must not stop the table: the quick policy moves
            move = choose(DEFAULT_LEVEL, table.live)
        self._moves(seat, str(move))

    def _moves(self, seat: int, text: str) -> None:
        try:
            self.table.play_seat(seat, text)
        except (Refusal, LudotecaError):
            log.exception(
                "table %s: the bot in seat %s chose %r, which was refused",
                self.table.id,
                seat,
                text,
            )
