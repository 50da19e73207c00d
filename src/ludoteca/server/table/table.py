"""One table's authority: its chairs, options, host, live match and version.

Every verb goes the same way: check (refuse with a ``Refusal`` and change nothing),
change the table in memory, hand the rows to the host's journal, and announce once they
are stored. A move is checked by the engine, played, followed by any chance events the
server draws, stored, and only then announced.

The match in memory is never more than one stored event ahead of the database: a person's
move must name the newest version they have been told of, and bots move only once the
previous event is announced. Views and syncs are therefore built when announcing, from a
match that is exactly what is stored.

Its parts, each a module: ``seating`` (with the rules of ``chairs``), ``timing`` (with
the pure ``time``), ``agreements`` (pause, abort), ``finish`` (every way a match ends),
``audience`` (what is sent), ``chat``, ``bots``, ``privacy`` (who may come); ``host`` is
all it asks of the room.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import ludoteca
from ludoteca.engine import CHANCE, Game, IllegalMove, Match, MoveSyntaxError, OptionValue

from .. import protocol as p
from ..storage.rows import CHANCE_BY, ChatRow, LiveTable, MatchRow, MoveRow, TableRow, Write
from . import chairs, finish
from .agreements import Agreements
from .audience import Audience
from .bots import TableBots
from .chairs import Chair, Who
from .chat import TableChat
from .host import Host
from .invitations import Invitations
from .privacy import Privacy
from .refusals import Refusal, Stale
from .seating import Seating
from .status import TableStatus
from .thinking import DEFAULT_LEVEL
from .time import MatchTime
from .timing import Timing

OPEN, RUNNING, FINISHED = TableStatus.OPEN, TableStatus.RUNNING, TableStatus.FINISHED


class Table:
    def __init__(self, host: Host, table_id: int, game: Game, by: Who | None) -> None:
        self.host = host
        self.id = table_id
        self.game = game
        self.options: dict[str, OptionValue] = {}
        self.host_id: int | None = None if by is None else by.id
        self.status = OPEN
        self.rated = False  # a rated table seats registered players only, and no bots
        self.version = 0
        #: The version of the last event that changed the match or the chairs: a move
        #: made on an older version was made on a position that is gone.
        self.state_version = 0
        #: The newest version announced to the table.
        self.announced = 0
        #: Events handed to the journal and not yet announced.
        self.in_flight = 0
        self.seats: chairs.Seats = [None] * game.max_players
        self.match: Match | None = None
        self.match_id: int | None = None
        #: The seat that played the last move that was not chance's.
        self.last_mover: int | None = None
        self.resigned: set[int] = set()
        self.result: dict[str, Any] | None = None
        self.created_at = host.now()
        self.time = MatchTime()
        self.agreements = Agreements(self)
        self.audience = Audience(self)
        self.bots = TableBots(self)
        self.chat = TableChat(self)
        self.announce = self.chat.announce
        self.seating = Seating(self)
        self.timing = Timing(self)
        self.privacy = Privacy(self)
        self.invitations = Invitations(self)

    @classmethod
    def restore(cls, host: Host, live: LiveTable, chat: list[ChatRow]) -> Table:
        """The table as stored: its chairs, its time, its match replayed from the log, and
        its recent ``chat``."""
        row = live.row
        table = cls(host, row.id, ludoteca.game(row.game), None)
        table.host_id = row.host_id
        table.options = dict(row.options)
        table.seats = [Chair.from_json(chair) for chair in row.seats]
        table.status = TableStatus(row.status)
        table.version = table.state_version = table.announced = row.version
        table.created_at = row.created_at
        table.rated = row.rated
        table.privacy.key = row.private_key
        table.privacy.spectators = row.spectators
        table.seating.minimum_finish = row.minimum_finish
        table.time = MatchTime.from_json(row.clock, row.grace, row.timing)
        table.match_id = row.match_id
        if live.match is not None:
            log = [{"by": "chance" if by < 0 else by, "move": text} for by, text in live.log]
            document = {
                "game": row.game,
                "players": live.match.players,
                "options": live.match.options,
                "log": log,
            }
            table.match = table.game.load(document)
            table.resigned = set(live.resigned)
            table.result = live.result
            movers = [by for by, _text in live.log if by >= 0]
            table.last_mover = movers[-1] if movers else None
        table.chat.lines.extend(
            (line.v, p.ChatLine(line.name, line.text, line.at), line.user_id) for line in chat
        )
        return table

    # -- what is seen -------------------------------------------------------------------

    @property
    def live(self) -> Match:
        """The match of a table that has one (running or finished)."""
        if self.match is None or self.match_id is None:
            raise RuntimeError(f"table {self.id} has no match; it is {self.status}")
        return self.match

    def info(self) -> p.TableInfo:
        return self.audience.info()

    def clock_info(self) -> p.Clocks | None:
        return self.audience.clocks()

    def seat_of(self, user_id: int) -> int | None:
        for seat, chair in enumerate(self.seats):
            if chair is not None and chair.user_id == user_id:
                return seat
        return None

    def name_of(self, user_id: int | None) -> str | None:
        if user_id is None:
            return None
        return chairs.seated_name(self.seats, user_id) or self.host.name_of(user_id)

    def to_move(self) -> int | None:
        if self.match is None or self.status != RUNNING:
            return None
        actor = self.match.to_move
        return actor if isinstance(actor, int) else None

    def may_enter(self, user_id: int, key: str | None) -> bool:
        """Whether this person may come to the table (``privacy``): the one question
        an invitation, or anything else that lets people in, answers too."""
        return self.privacy.may_enter(user_id, key)

    def holds(self, user_id: int) -> bool:
        """Whether this person hosts the table or sits at it."""
        return self.host_id == user_id or self.seat_of(user_id) is not None

    # -- the match ----------------------------------------------------------------------

    def start(self, who: Who) -> None:
        self.expect_host(who, "start")
        self.expect(OPEN, "start")
        seated = [chair for chair in self.seats if chair is not None]
        match = self.seating.new_match(len(seated))
        # Before anything changes: an id may be refused (the room's ids are taken ahead
        # from the database), and the table must then be as it was.
        match_id = self.host.new_match_id()
        self.seats = list(seated)
        self.match = match
        self.match_id = match_id
        self.last_mover = None
        self.resigned = set()
        self.result = None
        self.status = RUNNING
        self.invitations.withdraw_all("started")
        self.time.anew(len(seated))
        self.agreements.anew()
        counts = finish.rates(self.rated, self.seats)
        rows: list[Write] = [
            MatchRow(
                self.match_id,
                self.id,
                self.game.id,
                len(seated),
                dict(match.options),
                [chair.to_json() for chair in seated],
                self.host.now(),
                counts,
            )
        ]
        self._play_chance(match)
        self.timing.clock_turn()
        rows.extend(self._log_rows(match, 0, self.version + 1))
        self.event(rows, lambda _version: self._after_start())

    def _after_start(self) -> None:
        self.privacy.send_away_spectators()
        self.audience.sync_all()
        self.host.table_changed(self)
        self.timing.watch_absence()
        self.bots.soon()
        self.host.turn(self)

    def play(self, who: Who, version: int, text: str) -> None:
        self.expect(RUNNING, "move")
        match = self.live
        seat = self.seat_of(who.id)
        if seat is None:
            raise Refusal("not_seated", "you do not play at this table; spectators cannot move")
        if seat in self.resigned:
            raise Refusal("resigned", "you resigned: a bot plays this seat now")
        if seat in self.time.replaced:
            raise Refusal("replaced", "a bot plays your seat now: /join to take it back")
        if self.time.paused:
            raise Refusal("paused", "the match is paused: /pause again to go on")
        if version > self.announced:
            # A client knows only the versions it was told of: a later one is made up.
            raise Refusal(
                "bad_version",
                f"version {version} is not one this table has had: it is at {self.announced}",
                v=version,
                current=self.announced,
            )
        if version < self.state_version or self.in_flight:
            raise Stale(
                "stale",
                f"your move was made on version {version}, but the table is at "
                f"{self.state_version}: here is the current state",
            )
        actor = match.to_move
        if actor is CHANCE:
            raise Refusal("drawing", "wait: the server is drawing a chance outcome")
        if actor != seat:
            name = chairs.seat_name(self.seats, actor)
            raise Refusal("not_your_turn", f"it is {name}'s turn, not yours", name=name)
        self.play_seat(seat, text)

    def play_seat(self, seat: int, text: str) -> None:
        """``seat`` (a person checked by ``play``, or a bot) plays ``text``."""
        match = self.live
        try:
            move = match.parse(text)
        except MoveSyntaxError as error:
            raise Refusal("bad_move", str(error)) from None
        if move.is_chance:
            # Whether a forced outcome were accepted would tell what is left in a deck.
            raise Refusal("chance_only", "only the server plays chance outcomes")
        since = match.moves_played
        try:
            match.play(move)
        except IllegalMove as error:
            raise Refusal("illegal", str(error)) from None
        self.last_mover = seat
        self._play_chance(match)
        if self.time.clocks is not None:
            self.timing.clock_turn()
        rows = self._log_rows(match, since, self.version + 1)
        over = match.is_over
        if over:
            result = finish.by_rules(
                match.result().to_json(), self.resigned, self.time.was_replaced
            )
            self.finish(rows, result)
        info = self.info() if over else None
        # A move's rows carry the version; the table row is rewritten only when it changed
        # (or when its clocks run: they are stored with it).
        announce = functools.partial(self._announce_moves, since=since, info=info)
        self.event(rows, announce, table_row=over or self.time.clocks is not None)

    def _announce_moves(self, version: int, *, since: int, info: p.TableInfo | None) -> None:
        self.audience.moves(version, since, info)
        if info is not None:
            self.host.table_changed(self)
        else:
            self.host.turn_changed(self)
        self.bots.soon()
        self.host.turn(self)

    def _play_chance(self, match: Match) -> None:
        chance = self.host.chance
        while match.to_move is CHANCE:
            match.play_chance(chance)

    def _log_rows(self, match: Match, since: int, version: int) -> list[Write]:
        now = self.host.now()
        match_id = self.match_id or 0
        return [
            MoveRow(
                self.id,
                match_id,
                n,
                CHANCE_BY if entry.actor is CHANCE else entry.actor,
                entry.text,
                now,
                version,
            )
            for n, entry in enumerate(match.log_since(since), start=since)
        ]

    def finish(self, rows: list[Write], result: dict[str, Any], resigned: bool = True) -> None:
        """The match has ended with ``result``: the rows to store it go on ``rows``."""
        self.result = result
        self.status = FINISHED
        self.timing.stop()
        counts = finish.rates(self.rated, self.seats)
        rated = (self.host.ratings, self.game.id, self.seats) if counts else None
        ended_by = self.resigned if resigned else ()
        # A bot plays the seat of whoever left the match before its end (resigned while
        # the others played on, or replaced and never back): they abandoned it.
        abandoned = {
            chair.user_id: chair.bot is not None
            for chair in self.seats
            if chair is not None and chair.user_id is not None
        }
        now = self.host.now()
        rows.extend(
            finish.ended(self.id, self.match_id or 0, result, ended_by, now, abandoned, rated)
        )

    def resign(self, who: Who) -> None:
        self.expect(RUNNING, "resign")
        seat = self.seat_of(who.id)
        if seat is None:
            raise Refusal("not_seated", "only a player at this table can resign")
        if seat in self.resigned:
            raise Refusal("resigned", "you have already resigned")
        self.resigned.add(seat)
        remaining = [s for s in range(len(self.seats)) if s not in self.resigned]
        rows: list[Write] = []
        if len(remaining) == 1:
            ranking = [remaining, *[[s] for s in sorted(self.resigned)]]
            self.finish(rows, finish.by_resignation(ranking, self.resigned, self.time.was_replaced))
            self.event(rows, self.announce_end)
            self.announce("resigns", f"{who.name} resigns", name=who.name)
            return
        chair = self.seats[seat]
        if chair is not None:
            chair.bot = DEFAULT_LEVEL
        self.changed(rows)
        self.announce(
            "resigns_bot",
            f"{who.name} resigns; a bot ({DEFAULT_LEVEL}) plays the seat on",
            name=who.name,
            level=DEFAULT_LEVEL,
        )

    def announce_end(self, version: int) -> None:
        """A match ended without a move (called off, resigned): the result goes out with
        the table, in each watcher's own view."""
        self._announce_change(version, self.info())
        self.audience.sync_all()

    def rematch(self, who: Who) -> None:
        self.expect(FINISHED, "rematch")
        if self.seat_of(who.id) is None and self.host_id != who.id:
            raise Refusal("not_player", "only the players of the last match can ask for a rematch")
        for chair in self.seats:
            if chair is not None and chair.user_id is not None:
                chair.bot = None  # a resigned player plays their own seat again
        self.seats += [None] * (self.game.max_players - len(self.seats))
        self.status = OPEN
        self.time.anew(None)
        self.agreements.anew()
        self.match = None
        self.result = None
        self.changed()
        if who.id == self.host_id:
            self.start(who)

    # -- events -------------------------------------------------------------------------

    def changed(self, rows: list[Write] | None = None) -> None:
        """Chairs, options, host or status changed: store the table, then tell everyone."""
        self.invitations.check()
        info = self.info()
        self.event(rows or [], lambda version: self._announce_change(version, info))

    def _announce_change(self, version: int, info: p.TableInfo) -> None:
        self.privacy.send_away_spectators()
        self.audience.send_all(p.TableChanged(table=info, v=version, clocks=self.clock_info()))
        self.host.table_changed(self)
        self.bots.soon()

    def event(
        self, rows: list[Write], announce: Callable[[int], None], table_row: bool = True
    ) -> None:
        """A change of the match or the chairs: stored, then announced with its version."""
        self.version += 1
        self.state_version = version = self.version
        if table_row:
            rows = [*rows, self.row()]
        self.in_flight += 1

        def announced() -> None:
            self.in_flight -= 1
            self.announced = max(self.announced, version)
            announce(version)
            if self.audience.waiting:
                self.audience.sync_waiting()

        self.host.store(rows, announced)

    def row(self) -> TableRow:
        time = self.time
        return TableRow(
            rated=self.rated,
            clock=None if time.control is None else time.control.to_json(),
            grace=time.grace,
            timing=time.to_json(),
            id=self.id,
            game=self.game.id,
            options=dict(self.options),
            seats=[None if chair is None else chair.to_json() for chair in self.seats],
            host_id=self.host_id,
            status=self.status,
            version=self.version,
            match_id=self.match_id,
            created_at=self.created_at,
            private_key=self.privacy.key,
            spectators=self.privacy.spectators,
            minimum_finish=self.seating.minimum_finish,
        )

    def expect(self, status: TableStatus, action: str) -> None:
        if self.status != status:
            raise Refusal(
                "wrong_state",
                f"you can {action} only when the table is {status}; it is {self.status}",
                expected=status,
                status=self.status,
            )

    def expect_host(self, who: Who, action: str) -> None:
        if who.id != self.host_id:
            host = self.name_of(self.host_id) or "nobody"
            raise Refusal("not_host", f"only the host ({host}) can {action}", host=host)
