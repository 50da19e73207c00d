"""The table's bots: when a bot is to move, it moves after a delay, deciding in the event
loop (the quick levels) or in a bot process (``thinking``), and its move takes the
seat's own path, checked like a person's.

A bot that thinks in a bot process starts as soon as it is to move, not once the delay
has passed: the delay is there so that people can follow the table, and a decision made
within it costs them no wait. The move is played once both the delay and the decision
are done, so a bot's turn takes the longer of the two, not their sum."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ludoteca.engine import LudotecaError, Match, Move

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


@dataclass(eq=False)
class Decision:
    """A bot process's decision for ``seat``, begun when ``match`` had ``played`` moves:
    its move is played only if the match is still there (a move since, a match begun
    anew, and it is for a position that has gone)."""

    seat: int
    match: Match
    played: int
    made: bool = False
    move: Move | None = None  # None once made: the bot failed to decide


class TableBots:
    def __init__(self, table: Table) -> None:
        self.table = table
        self._timer: Timer | None = None
        self._decision: Decision | None = None

    def soon(self) -> None:
        """If a bot is to move, it will: a bot that thinks starts thinking now."""
        decision = self._decision
        if decision is not None and decision.made and self._timer is None:
            self._play(decision)  # held back while a change was stored
            return
        table = self.table
        seat = table.to_move()
        if (
            seat is None
            or self._timer is not None
            or self._decision is not None
            or table.time.paused
            or table.match is None
        ):
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
        self._timer = table.host.call_later(delay, self._due)
        if chair.bot not in QUICK_LEVELS:
            decision = self._decision = Decision(seat, table.match, table.match.moves_played)
            asyncio.get_running_loop().create_task(self._think(decision, chair.bot))

    def cancel(self) -> None:
        """No bot moves until ``soon`` again; a decision under way is let go (its bot
        process finishes it, and its move is dropped)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._decision = None

    def _due(self) -> None:
        """The delay has passed: a quick bot decides now; a thinking bot's move is played
        if it is made, else as soon as it is."""
        self._timer = None
        decision = self._decision
        if decision is not None:
            if decision.made:
                self._play(decision)
            return
        table = self.table
        seat = table.to_move()
        if seat is None or table.in_flight or table.match is None:
            return
        chair = table.seats[seat]
        if chair is not None and chair.bot in QUICK_LEVELS:
            self._moves(seat, str(choose(chair.bot, table.match)))

    async def _think(self, decision: Decision, level: str) -> None:
        table = self.table
        try:
            decision.move = await thinking.think(level, decision.match, table.id)
        except Exception:
            log.exception(
                "table %s: the %s bot in seat %s failed to decide", table.id, level, decision.seat
            )
        decision.made = True
        if self._decision is decision and self._timer is None:  # the delay has passed
            self._play(decision)

    def _play(self, decision: Decision) -> None:
        table = self.table
        if table.in_flight:
            return  # a change is being stored: its announcement plays this (``soon``)
        self._decision = None
        seat = decision.seat
        chair = table.seats[seat]
        current = (
            table.match is decision.match
            and decision.match.moves_played == decision.played
            and table.to_move() == seat
            and not table.time.paused
            and chair is not None
            and chair.bot is not None
        )
        if not current:
            # The position moved on while the bot thought: the announcement that moved it
            # found this decision under way and left it, so look again.
            self.soon()
            return
        move = decision.move
        if move is None:  # a bot that failed must not stop the table: the quick policy moves
            move = choose(DEFAULT_LEVEL, decision.match)
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
