"""A bot in the room: one socket with a token, any number of tables, ``choose`` called
for each turn of its seats.

The client keeps each table's version (``v``) and its seat's view. A message that skips
a version asks for what was missed (``resync``); a lost connection is opened again after
a growing pause, and the tables it sits at are watched again (``welcome.seated``), which
sends each one whole. ``choose`` runs in a thread, so that the socket keeps answering
while a bot thinks, and several tables think at once.

Shutting down (``stop``, SIGINT in ``ludoteca bot run``) opens and accepts nothing new
and returns once the matches the bot plays have ended.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from ludoteca.bots.outside import OutsideBot, resolve
from ludoteca.bots.patience import THINKING_SECONDS, decide
from ludoteca.engine import Match, Move

from . import messages as m
from .seat import SeatMatch

log = logging.getLogger("ludoteca.client")

Choose = Callable[[Match, random.Random], Move | str]

#: The start of the request ids of its ``create``s: a refusal of one names it.
OPENING = "open-"
#: ... and of its ``accept``s, the table's id after it.
ACCEPTING = "accept-"

#: Seconds between tries to connect again: doubling from the first to the last.
BACKOFF = (0.25, 8.0)


class ClientError(RuntimeError):
    """The room will not have this bot (a wrong or revoked token): trying again is no use."""


@dataclass
class Plan:
    """What the bot does besides playing the seats it has."""

    #: Games whose invitations it accepts (others it declines, saying "game").
    accept: frozenset[str] = frozenset()
    #: Open a table of this game and wait for players (with its options).
    open: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    #: Players the opened table waits for before it starts.
    players: int = 2
    #: Seat the room's own bots of this level in the opened table's other chairs.
    table_bots: str | None = None
    #: Stop after this many matches ended (None: play on until stopped).
    matches: int | None = None
    #: Tables played at once, at most.
    tables: int = 4


@dataclass
class Seat:
    """A table the bot sits at."""

    id: int
    v: int = -1
    table: m.Table | None = None
    you: int | None = None
    view: SeatMatch = field(default_factory=lambda: SeatMatch(random.Random()))
    thinking: bool = False
    opened: bool = False
    #: It asked the room to start this table and has not yet seen the answer: a stop
    #: waits for the match it may have started.
    starting: bool = False


class Client:
    def __init__(
        self,
        url: str,
        token: str,
        bot: str | Choose,
        plan: Plan | None = None,
        seed: int | None = None,
        think: float | None = THINKING_SECONDS,
    ) -> None:
        self.url = url
        self.token = token
        self._choose = _chooser(bot)
        if think is not None and not think > 0:
            raise ValueError(f"a decision needs some time: think must be above 0, not {think}")
        #: The seconds a decision may take (``bots.patience``; None: no deadline).
        self.think = think
        self.plan = plan or Plan()
        self.rng = random.Random(seed)
        self.seats: dict[int, Seat] = {}
        self.you: m.Person | None = None
        #: The matches (ids) this bot played to their end, and errors the room sent it.
        self.finished: list[int] = []
        self.errors: list[m.Error] = []
        self.connections = 0
        #: Every message received, as sent, when a list is put here (a transcript).
        self.transcript: list[str | bytes] | None = None
        self._socket: ClientConnection | None = None
        self._stopping = False
        self._done = asyncio.Event()
        self._opening = False
        #: Seconds between two messages sent, and when the next may go.
        self._gap = 0.0
        self._next_send = 0.0

    # -- the life of the client -------------------------------------------------------------

    async def run(self) -> None:
        """Play until stopped (and the running matches are over), or until ``plan.matches``
        matches have ended; a lost connection is opened again."""
        pause = BACKOFF[0]
        while not self._done.is_set():
            try:
                async with connect(
                    self.url, additional_headers={"Authorization": f"Bearer {self.token}"}
                ) as socket:
                    self._socket = socket
                    self.connections += 1
                    pause = BACKOFF[0]
                    await self._read(socket)
            except InvalidStatus as refused:
                response = refused.response
                body = response.body.decode(errors="replace") if response.body else ""
                raise ClientError(
                    f"the room refused the bot ({response.status_code}): {body}"
                ) from None
            except (OSError, ConnectionClosed, TimeoutError) as error:
                log.info("connection lost (%s): again in %.2f s", error, pause)
            finally:
                self._socket = None
            if self._done.is_set():
                return
            await asyncio.sleep(pause * (0.5 + self.rng.random()))
            pause = min(BACKOFF[1], 2 * pause)

    def stop(self) -> None:
        """Open and accept no more tables; end once the running matches have ended."""
        self._stopping = True
        self._maybe_done()

    @property
    def stopping(self) -> bool:
        return self._stopping

    async def _read(self, socket: ClientConnection) -> None:
        async for text in socket:
            if self.transcript is not None:
                self.transcript.append(text)
            message = m.decode(text)
            if message is not None:
                self._take(message)
            if self._done.is_set():
                await socket.close()
                return

    def _send(self, **message: Any) -> None:
        socket = self._socket
        if socket is None:
            return
        # Spaced as the room's rate allows once a refusal has said it, in the order sent.
        loop = asyncio.get_running_loop()
        at = max(loop.time(), self._next_send)
        self._next_send = at + self._gap
        text = json.dumps(message)
        loop.call_at(at, lambda: loop.create_task(_send(socket, text)) and None)

    # -- what the room says --------------------------------------------------------------

    def _take(self, message: m.Known) -> None:
        match message:
            case m.Welcome(you=you, seated=seated):
                self.you = you
                for table_id in set(seated) | {s.id for s in self.seats.values() if s.table}:
                    self.seats.setdefault(table_id, Seat(table_id))
                    self._send(t="watch", table=table_id)
                self._open_one()
            case m.Sync(table=table, v=v, you=you, match=view):
                seat = self.seats.get(table.id)
                if seat is None and self._opening and self._mine(table):
                    seat = self.seats[table.id] = Seat(table.id, opened=True)
                    self._opening = False
                if seat is None:
                    return
                seat.v, seat.table, seat.you = v, table, you
                if view is not None:
                    seat.view.update(view)
                self._table_now(seat)
            case m.TableChanged(table=table, v=v):
                seat = self._in_order(table.id, v)
                if seat is not None:
                    seat.table = table
                    self._table_now(seat)
            case m.MatchUpdate(table=table_id, v=v, view=view, changed=changed):
                seat = self._in_order(table_id, v)
                if seat is None:
                    return
                if not seat.view.update(view):
                    self._resync(seat)
                    return
                if changed is not None:
                    seat.table = changed
                self._table_now(seat)
            case m.TableChat(table=table_id, v=v):
                self._in_order(table_id, v)
            case m.Presence():
                pass
            case m.Error():
                self._refused(message)
            case m.SeatOffer(offer=offer, game=game, table=table_id):
                self._offered(offer, game, table_id)
            case m.OfferWithdrawn():
                pass

    def _in_order(self, table_id: int, v: int) -> Seat | None:
        """The seat at ``table_id`` if this event is the next; a gap asks for a resync."""
        seat = self.seats.get(table_id)
        if seat is None or v <= seat.v:
            return None
        if v != seat.v + 1:
            self._resync(seat)
            return None
        seat.v = v
        return seat

    def _look_again(self) -> None:
        for seat in list(self.seats.values()):
            self._table_now(seat)
        self._open_one()

    def _mine(self, table: m.Table) -> bool:
        """An open table this bot hosts: the one it asked to open."""
        return self.you is not None and table.status == "open" and table.host == self.you.name

    def _resync(self, seat: Seat) -> None:
        self._send(t="resync", table=seat.id, v=seat.v, log=seat.view.log_length)

    def _refused(self, error: m.Error) -> None:
        self.errors.append(error)
        log.warning("refused: %s (%s) %s", error.code, error.text, error.params)
        if error.code == "slow_down":
            # The refused message was dropped: once the room takes messages again, each
            # table is looked at anew, which sends again what is still to send.
            wait = float(error.params.get("retry_after", 1.0))
            rate = float(error.params.get("per_second", 0) or 0)
            if rate > 0:
                self._gap = max(self._gap, 1 / (0.9 * rate))
            asyncio.get_running_loop().call_later(wait, self._look_again)
            return
        if error.rid is not None and error.rid.startswith(OPENING):
            self._opening = False
            return
        if error.rid is not None and error.rid.startswith(ACCEPTING):
            # An invitation it took would not seat it (the table started, say).
            self.seats.pop(int(error.rid.removeprefix(ACCEPTING)), None)
            return
        seat = None if error.table is None else self.seats.get(error.table)
        if seat is not None and seat.table is None:
            # A table it meant to open or join would not have it.
            del self.seats[seat.id]
        elif seat is not None and seat.starting:
            seat.starting = False  # the start was refused: no match is coming
            self._maybe_done()

    def _offered(self, offer: int, game: str, table_id: int) -> None:
        busy = self._stopping or len(self.seats) >= self.plan.tables
        if game in self.plan.accept and not busy:
            self.seats[table_id] = Seat(table_id)
            self._send(t="accept", offer=offer, rid=f"{ACCEPTING}{table_id}")
        else:
            self._send(t="decline", offer=offer, reason="busy" if busy else "game")

    # -- its tables ----------------------------------------------------------------------

    def _table_now(self, seat: Seat) -> None:
        table = seat.table
        if table is None:
            return
        if table.status != "open":
            seat.starting = False
        if table.status in ("finished", "closed"):
            self._ended(seat)
            return
        if table.status == "open":
            self._fill(seat, table)
            return
        view = seat.view.view
        if (
            table.status == "running"
            and seat.you is not None
            and view is not None
            and view.get("to_move") == seat.you
            and view.get("legal_moves")
            and not seat.thinking
        ):
            seat.thinking = True
            asyncio.get_running_loop().create_task(self._move(seat))

    def _fill(self, seat: Seat, table: m.Table) -> None:
        """An open table it opened: seat the room's bots if asked; start once full."""
        if not seat.opened or self.you is None or table.host != self.you.name:
            return
        if self._stopping:
            return
        seated = sum(chair.name is not None for chair in table.seats)
        if seated >= self.plan.players:
            seat.starting = True
            self._send(t="start", table=table.id)
        elif self.plan.table_bots is not None:
            self._send(t="bot", table=table.id, level=self.plan.table_bots)

    async def _move(self, seat: Seat) -> None:
        log_length = seat.view.log_length
        try:
            match = seat.view.match()
            move = await asyncio.to_thread(decide, self._choose, match.copy(), self.rng, self.think)
            text = move if isinstance(move, str) else str(move)
        except Exception:
            log.exception("the bot failed to choose at table %d", seat.id)
            return
        finally:
            seat.thinking = False
        if seat.view.log_length == log_length and seat.id in self.seats:
            self._send(t="move", table=seat.id, v=seat.v, move=text)
        else:
            self._table_now(seat)  # the match moved on meanwhile: look again

    def _ended(self, seat: Seat) -> None:
        self.seats.pop(seat.id, None)
        table = seat.table
        if table is not None and table.status == "finished" and table.match is not None:
            self.finished.append(table.match)
        self._send(t="leave", table=seat.id)
        self._open_one()
        self._maybe_done()

    def _open_one(self) -> None:
        plan = self.plan
        if (
            plan.open is None
            or self._stopping
            or self._opening
            or any(seat.opened for seat in self.seats.values())
            or (plan.matches is not None and len(self.finished) >= plan.matches)
        ):
            return
        self._opening = True
        self._send(
            t="create", game=plan.open, options=plan.options, rid=f"{OPENING}{self.rng.random()}"
        )

    def _maybe_done(self) -> None:
        plan = self.plan
        enough = plan.matches is not None and len(self.finished) >= plan.matches
        running = any(
            s.starting or (s.table is not None and s.table.status == "running")
            for s in self.seats.values()
        )
        if (self._stopping or enough) and not running:
            self._done.set()
            # The socket may say nothing more for a while (no table of its own): close it,
            # so that ``run`` returns now rather than at the room's next message.
            if self._socket is not None:
                asyncio.get_running_loop().create_task(self._socket.close())


async def _send(socket: ClientConnection, text: str) -> None:
    with contextlib.suppress(ConnectionClosed):
        await socket.send(text)


def _chooser(bot: str | Choose) -> Choose:
    """What decides: a bot named as ``ludoteca arena`` takes it (a level, or
    ``MODULE:CALLABLE[:ARGUMENT]``), or a ``choose(match, rng)`` given as it is. The
    match it is handed is already the seat's view rebuilt, so an outside bot is called on
    it directly rather than rebuilding it a second time."""
    if not isinstance(bot, str):
        return bot
    found = resolve(bot)
    if isinstance(found, OutsideBot):
        return found.choose_seen
    return found.choose
