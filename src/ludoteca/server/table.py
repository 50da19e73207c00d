"""One table's authority: its chairs, options, host, live match and version.

Every change goes the same way: check (refuse with a ``Refusal`` and change nothing),
change the table in memory, hand the rows to the journal, and announce from the
journal's callback once they are stored. A move is checked by the engine, played,
followed by any chance events the server draws, stored, and only then announced.

The match in memory is never more than one stored event ahead of the database: a person's
move must name the newest version they have been told of, and bots move only once the
previous event is announced. Views and syncs are therefore built when announcing, from a
match that is exactly what is stored.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import ludoteca
from ludoteca.engine import (
    CHANCE,
    Game,
    IllegalMove,
    LudotecaError,
    Match,
    Move,
    MoveSyntaxError,
    OptionError,
    OptionValue,
)

from . import protocol as p
from . import thinking
from .clock import TURN, Clocks, TimeControl
from .ratings import START, changes
from .seats import DEFAULT_LEVEL, QUICK_LEVELS, Chair, bot_levels, bot_name, choose
from .storage.store import (
    CHANCE_BY,
    ChatRow,
    MatchEnded,
    MatchRow,
    MoveRow,
    RatingChange,
    TableRow,
    Write,
)

if TYPE_CHECKING:
    from .connection import Connection
    from .room import Room

log = logging.getLogger("ludoteca.server")

OPEN, RUNNING, FINISHED, CLOSED = "open", "running", "finished", "closed"
CHAT_KEPT = 50
#: A match may be called off (/abort) while its players have made fewer than this many
#: moves each: a mistake at the start, not a way out of a game going badly.
ABORT_MOVES_PER_PLAYER = 2
#: A bot waits the room's ``bot_delay`` before the first move of its turn and this many
#: times less before each of its turn's further moves.
BOT_STEPS_PER_DELAY = 6


class Refusal(Exception):
    """A request that changes nothing; ``code`` names the kind, the text says why."""

    def __init__(self, code: str, text: str, **params: Any) -> None:
        super().__init__(text)
        self.code = code
        self.text = text
        self.params = params


class Stale(Refusal):
    """A move made on an old version: the client is sent the current state."""


@dataclass(frozen=True, slots=True)
class Who:
    """The person asking: a user id, their name, and whether they are a guest."""

    id: int
    name: str
    guest: bool = False


RATED_GUEST = "only registered players sit at a rated table: register to play rated games"


class Table:
    def __init__(self, room: Room, table_id: int, game: Game, host: Who) -> None:
        self.room = room
        self.id = table_id
        self.game = game
        self.options: dict[str, OptionValue] = {}
        self.host_id: int | None = host.id
        self.status = OPEN
        self.version = 0
        #: The version of the last event that changed the match or the chairs: a move
        #: made on an older version was made on a position that is gone.
        self.state_version = 0
        self.seats: list[Chair | None] = [None] * game.max_players
        self.match: Match | None = None
        self.match_id: int | None = None
        self.resigned: set[int] = set()
        self.result: dict[str, Any] | None = None
        #: Recent chat as (version, line): a sync shows only lines already announced.
        self.chat: deque[tuple[int, p.ChatLine]] = deque(maxlen=CHAT_KEPT)
        #: The newest version announced to the table.
        self.announced = 0
        self.watchers: set[Connection] = set()
        self.created_at = self.room.now()
        self._in_flight = 0
        self._waiting_syncs: list[tuple[Connection, int]] = []
        self._bot_timer: asyncio.TimerHandle | None = None
        self._thinking = False
        #: A rated table seats registered players only and no bots (docs/ratings.md).
        self.rated = False
        #: Time: the control chosen at the start (None: no clocks), the seconds a player
        #: may be gone, the clocks of the running match, the seats bots play for people
        #: (seat -> "time" or "away"), a pause, and who asked for a pause or an abort.
        self.control: TimeControl | None = None
        self.grace = 120
        self.clocks: Clocks | None = None
        self.replaced: dict[int, str] = {}
        #: Every seat a bot played for a while in this match, and why (for the result).
        self.was_replaced: dict[int, str] = {}
        self.paused = False
        self._asked: dict[str, set[int]] = {"pause": set(), "abort": set()}
        self._gone_since: dict[int, float] = {}
        self._time_timer: asyncio.TimerHandle | None = None

    # -- what is seen -------------------------------------------------------------------

    def info(self) -> p.TableInfo:
        online = self.room.online_ids()
        return p.TableInfo(
            id=self.id,
            game=self.game.id,
            options=dict(self.options),
            host=self._name_of(self.host_id),
            status=self.status,
            seats=[
                p.SeatInfo(None)
                if chair is None
                else p.SeatInfo(
                    chair.name,
                    chair.bot,
                    chair.bot is not None or chair.user_id in online,
                    self.replaced.get(seat),
                )
                for seat, chair in enumerate(self.seats)
            ],
            watchers=self._spectators(),
            to_move=self._to_move(),
            match=self.match_id,
            rated=self.rated,
            clock=None if self.control is None else p.ClockSetting(**self.control.to_json()),
            grace=self.grace,
            paused=self.paused,
        )

    def _spectators(self) -> int:
        """How many people watch without a seat: a player follows the table too, and
        someone with two tabs open is one person."""
        return len({c.user.id for c in self.watchers if self.seat_of(c.user.id) is None})

    def clock_info(self) -> p.Clocks | None:
        """Each seat's time left now, for a message about to leave."""
        if self.clocks is None:
            return None
        left = self.clocks.remaining(self.room.now())
        return p.Clocks([round(x, 1) for x in left], self.clocks.running, self.clocks.paused)

    @property
    def live(self) -> Match:
        """The match of a table that has one (running or finished)."""
        if self.match is None or self.match_id is None:
            raise RuntimeError(f"table {self.id} has no match; it is {self.status}")
        return self.match

    def seat_of(self, user_id: int) -> int | None:
        for seat, chair in enumerate(self.seats):
            if chair is not None and chair.user_id == user_id:
                return seat
        return None

    def _match_seat(self, user_id: int) -> int | None:
        """The seat whose view this person gets: only once a match is under way."""
        return None if self.match is None else self.seat_of(user_id)

    def _to_move(self) -> int | None:
        if self.match is None or self.status != RUNNING:
            return None
        actor = self.match.to_move
        return actor if isinstance(actor, int) else None

    def _name_of(self, user_id: int | None) -> str | None:
        if user_id is None:
            return None
        for chair in self.seats:
            if chair is not None and chair.user_id == user_id:
                return chair.name
        return self.room.name_of(user_id)

    def view_for(self, seat: int | None, since: int = 0) -> dict[str, Any] | None:
        if self.match is None:
            return None
        view = self.match.view(seat, since)
        if self.result is not None:
            view["result"] = self.result
            if self.result.get("aborted", False):  # called off: nobody is to move any more
                view["to_move"], view["legal_moves"] = None, []
        return view

    def sync(self, connection: Connection, since: int = 0) -> None:
        """Send ``connection`` the table as it may see it, once what is pending is stored."""
        if self._in_flight:
            self._waiting_syncs.append((connection, since))
            return
        seat = self._match_seat(connection.user.id)
        log_length = 0 if self.match is None else self.match.moves_played
        connection.send(
            p.Sync(
                table=self.info(),
                v=self.announced,
                you=seat,
                chat=[line for version, line in self.chat if version <= self.announced],
                match=self.view_for(seat, min(max(since, 0), log_length)),
                clocks=self.clock_info(),
            )
        )

    # -- who is here --------------------------------------------------------------------

    def watch(self, connection: Connection) -> None:
        fresh = connection not in self.watchers
        self.watchers.add(connection)
        connection.tables.add(self.id)
        self.sync(connection)
        if fresh:
            self._presence()

    def unwatch(self, connection: Connection) -> None:
        if connection in self.watchers:
            self.watchers.discard(connection)
            connection.tables.discard(self.id)
            self._presence()
            self._close_if_empty()

    def presence_changed(self) -> None:
        self._presence()
        self._watch_absence()

    def _presence(self) -> None:
        if self.status == CLOSED:
            return
        info = self.info()
        message = p.Presence(
            table=self.id,
            v=self.announced,
            connected=[seat.connected for seat in info.seats],
            watchers=info.watchers,
        )
        self._send_all(message)

    # -- chairs and options, before the start -------------------------------------------

    def join(self, who: Who, connection: Connection | None, seat: int | None) -> None:
        mine = self.seat_of(who.id)
        if self.status == RUNNING and mine in self.replaced:
            self._take_back(mine)
            if connection is not None:
                self.watch(connection)
            return
        self._expect(OPEN, "join")
        if self.rated and who.guest:
            raise Refusal("rated_guest", RATED_GUEST)
        if self.seat_of(who.id) is not None:
            raise Refusal("seated", "you already sit at this table; /leave first to move")
        seat = self._free_seat(seat)
        self.seats[seat] = Chair(who.name, user_id=who.id)
        if self.host_id is None:
            self.host_id = who.id
        if connection is not None and connection not in self.watchers:
            self.watchers.add(connection)
            connection.tables.add(self.id)
        self._changed()
        if connection is not None:
            self.sync(connection)

    def leave(self, who: Who, connection: Connection | None) -> None:
        seat = self.seat_of(who.id)
        if seat is not None and self.status == OPEN:
            self.seats[seat] = None
            if self.host_id == who.id:
                self.host_id = self._next_host(who.id)
            self._changed()
        elif self.host_id == who.id and self.status != RUNNING:
            self.host_id = self._next_host(who.id)
            self._changed()
        if connection is not None:
            self.unwatch(connection)
        else:
            self._close_if_empty()

    def set_option(self, who: Who, name: str, value: str) -> None:
        self._expect_host(who, "set options")
        self._expect(OPEN, "set options")
        declared = {option.name: option for option in self.game.options}
        if name not in declared:
            known = ", ".join(declared) or "none"
            raise Refusal(
                "unknown_option",
                f"{self.game.title} has no option {name!r}; its options: {known}",
                name=name,
                known=known,
            )
        try:
            self.options[name] = declared[name].parse(value)
        except OptionError as error:
            raise Refusal("bad_option", str(error)) from None
        self._changed()

    def describe_options(self) -> str:
        if not self.game.options:
            return f"{self.game.title} has no options"
        lines = []
        for option in self.game.options:
            value = self.options.get(option.name, option.default)
            lines.append(
                f"{option.name} = {_plain(value)} ({option.allowed()}): {option.description}"
            )
        return "\n".join(lines)

    def seat_bot(self, who: Who, level: str | None, seat: int | None) -> None:
        self._expect_host(who, "seat a bot")
        self._expect(OPEN, "seat a bot")
        if self.rated:
            raise Refusal("rated_bot", "a rated table seats no bots: people only")
        level = level or DEFAULT_LEVEL
        if level not in bot_levels():
            levels = ", ".join(bot_levels())
            raise Refusal(
                "bad_bot",
                f"no bot level {level!r}; the levels are: {levels}",
                level=level,
                levels=levels,
            )
        seat = self._free_seat(seat)
        taken = {chair.name for chair in self.seats if chair is not None}
        self.seats[seat] = Chair(bot_name(level, taken), bot=level)
        self._changed()

    def kick(self, who: Who, name: str) -> None:
        self._expect_host(who, "kick")
        self._expect(OPEN, "kick")
        for seat, chair in enumerate(self.seats):
            if chair is not None and chair.name.casefold() == name.strip().casefold():
                if chair.user_id == who.id:
                    raise Refusal("kick_self", "you cannot kick yourself; /leave instead")
                self.seats[seat] = None
                self._changed()
                return
        seated = ", ".join(chair.name for chair in self.seats if chair is not None)
        raise Refusal(
            "no_such_player",
            f"nobody called {name!r} sits here; seated: {seated}",
            name=name,
            seated=seated,
        )

    def _free_seat(self, seat: int | None) -> int:
        if seat is None:
            for index, chair in enumerate(self.seats):
                if chair is None:
                    return index
            raise Refusal("full", f"all {len(self.seats)} seats are taken", n=len(self.seats))
        if not 0 <= seat < len(self.seats):
            last = len(self.seats) - 1
            raise Refusal(
                "bad_seat", f"seats are numbered 0 to {last}, not {seat}", seat=seat, last=last
            )
        if self.seats[seat] is not None:
            free = ", ".join(str(i) for i, chair in enumerate(self.seats) if chair is None)
            raise Refusal(
                "seat_taken",
                f"seat {seat} is taken; free seats: {free or 'none'}",
                seat=seat,
                free=free,
            )
        return seat

    def _next_host(self, leaving: int) -> int | None:
        for chair in self.seats:
            if chair is not None and chair.is_person and chair.user_id != leaving:
                return chair.user_id
        for connection in self.watchers:
            if connection.user.id != leaving:
                return connection.user.id
        return None

    # -- the match ----------------------------------------------------------------------

    def start(self, who: Who) -> None:
        self._expect_host(who, "start")
        self._expect(OPEN, "start")
        chairs = [chair for chair in self.seats if chair is not None]
        if len(chairs) < self.game.min_players:
            raise Refusal(
                "too_few",
                f"{self.game.title} needs at least {self.game.min_players} players; "
                f"{len(chairs)} seated (/join, or /bot to add a bot)",
                min=self.game.min_players,
                seated=len(chairs),
            )
        try:
            match = self.game.new_match(len(chairs), self.options)
        except OptionError as error:
            raise Refusal("bad_option", str(error)) from None
        self.seats = list(chairs)
        self.match = match
        self.match_id = self.room.new_match_id()
        self.resigned = set()
        self.result = None
        self.status = RUNNING
        self._time_anew(len(chairs))
        rows: list[Write] = [
            MatchRow(
                self.match_id,
                self.id,
                self.game.id,
                len(chairs),
                dict(match.options),
                [chair.to_json() for chair in chairs],
                self.room.now(),
                self._rates(),
            )
        ]
        self._play_chance()
        self._clock_turn()
        rows.extend(self._log_rows(0, self.version + 1))
        self._event(rows, lambda _version: self._after_start())

    def _after_start(self) -> None:
        for connection in list(self.watchers):
            self.sync(connection)
        self.room.lobby_changed(self)
        self._watch_absence()
        self._bot_soon()

    def play(self, who: Who, version: int, text: str) -> None:
        self._expect(RUNNING, "move")
        match = self.live
        seat = self.seat_of(who.id)
        if seat is None:
            raise Refusal("not_seated", "you do not play at this table; spectators cannot move")
        if seat in self.resigned:
            raise Refusal("resigned", "you resigned: a bot plays this seat now")
        if seat in self.replaced:
            raise Refusal("replaced", "a bot plays your seat now: /join to take it back")
        if self.paused:
            raise Refusal("paused", "the match is paused: /pause again to go on")
        if version > self.announced:
            # A client knows only the versions it was told of: a later one is made up.
            raise Refusal(
                "bad_version",
                f"version {version} is not one this table has had: it is at {self.announced}",
                v=version,
                current=self.announced,
            )
        if version < self.state_version or self._in_flight:
            raise Stale(
                "stale",
                f"your move was made on version {version}, but the table is at "
                f"{self.state_version}: here is the current state",
            )
        actor = match.to_move
        if actor is CHANCE:
            raise Refusal("drawing", "wait: the server is drawing a chance outcome")
        if actor != seat:
            name = self._seat_name(actor)
            raise Refusal("not_your_turn", f"it is {name}'s turn, not yours", name=name)
        self._play_seat(seat, text)

    def _seat_name(self, seat: object) -> str:
        chair = self.seats[seat] if isinstance(seat, int) else None
        return f"seat {seat}" if chair is None else chair.name

    def _play_seat(self, seat: int, text: str) -> None:
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
        self._play_chance()
        self._clock_turn()
        self._moved(since)

    def _play_chance(self) -> None:
        match = self.live
        while match.to_move is CHANCE:
            match.play_chance(self.room.chance)

    def _log_rows(self, since: int, version: int) -> list[Write]:
        match = self.live
        now = self.room.now()
        return [
            MoveRow(
                self.match_id or 0,
                n,
                CHANCE_BY if entry.actor is CHANCE else entry.actor,
                entry.text,
                now,
                version,
            )
            for n, entry in enumerate(match.log_since(since), start=since)
        ]

    def _moved(self, since: int) -> None:
        match = self.live
        rows = self._log_rows(since, self.version + 1)
        over = match.is_over
        if over:
            self._finish(rows)
        info = self.info() if over else None
        # A move's rows carry the version; the table row is rewritten only when it changed
        # (or when its clocks run: they are stored with it).
        self._event(
            rows,
            lambda version: self._announce_moves(version, since, info),
            table_row=over or self.clocks is not None,
        )

    def _announce_moves(self, version: int, since: int, info: p.TableInfo | None) -> None:
        # Each seat's view is built and encoded once for every tab of that seat, and
        # spectators share one.
        audience = {c: self._match_seat(c.user.id) for c in self.watchers}
        views = self.live.views(set(audience.values()), since)
        encoded: dict[int | None, bytes] = {}
        positions: dict[int, Any] = {}
        clocks = self.clock_info()
        for connection, seat in audience.items():
            data = encoded.get(seat)
            if data is None:
                view = views[seat]
                if self.result is not None:
                    view["result"] = self.result
                p.position_written_once(view, positions)
                data = encoded[seat] = p.encode(
                    p.MatchUpdate(table=self.id, v=version, view=view, changed=info, clocks=clocks)
                )
            connection.send_bytes(data)
        over = info is not None
        if over:
            self.room.lobby_changed(self)
        self._bot_soon()

    def _finish(self, rows: list[Write], ranking: list[list[int]] | None = None) -> None:
        """The match has ended, by its rules (``ranking`` None) or by resignation."""
        match = self.live
        if ranking is None:
            result = match.result().to_json()
            standing = [
                [seat for seat in place if seat not in self.resigned] for place in result["ranking"]
            ]
            standing = [place for place in standing if place]
            standing += [[seat] for seat in sorted(self.resigned)]
            result["standing"] = standing
        else:
            result = {"ranking": ranking, "scores": None, "rounds": 0, "details": {}}
            result["standing"] = ranking
            result["ended_by"] = "resignation"
        result["resigned"] = sorted(self.resigned)
        result["replaced"] = [[seat, why] for seat, why in sorted(self.was_replaced.items())]
        self.result = result
        self.status = FINISHED
        self._stop_time()
        at = self.room.now()
        rows.append(MatchEnded(self.match_id or 0, at, result, sorted(self.resigned)))
        if self._rates():
            rows.extend(self._rate(result["standing"], at))

    def _rates(self) -> bool:
        """Whether the match here counts for the ratings: a rated table, people only."""
        return self.rated and all(c is not None and c.user_id is not None for c in self.seats)

    def _rate(self, standing: list[list[int]], at: float) -> list[Write]:
        """Move each player's rating by the standing; the rows store what moved."""
        users = [chair.user_id for chair in self.seats if chair is not None and chair.user_id]
        before = [self.room.ratings.get((user, self.game.id), (START, 0)) for user in users]
        moved = changes([rating for rating, _ in before], standing)
        rows: list[Write] = []
        for seat, user in enumerate(users):
            rating, games = before[seat]
            self.room.ratings[(user, self.game.id)] = (rating + moved[seat], games + 1)
            change = RatingChange(
                self.match_id or 0, user, self.game.id, rating, rating + moved[seat], at
            )
            rows.append(change)
        return rows

    def resign(self, who: Who) -> None:
        self._expect(RUNNING, "resign")
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
            self._finish(rows, ranking)
            # No move carries this result to the pages: each is sent the table with it.
            self._event(rows, self._announce_end)
        else:
            chair = self.seats[seat]
            if chair is not None:
                chair.bot = DEFAULT_LEVEL
            self._changed(rows)
        if len(remaining) > 1:
            self.announce(
                "resigns_bot",
                f"{who.name} resigns; a bot ({DEFAULT_LEVEL}) plays the seat on",
                name=who.name,
                level=DEFAULT_LEVEL,
            )
        else:
            self.announce("resigns", f"{who.name} resigns", name=who.name)

    def rematch(self, who: Who) -> None:
        self._expect(FINISHED, "rematch")
        if self.seat_of(who.id) is None and self.host_id != who.id:
            raise Refusal("not_player", "only the players of the last match can ask for a rematch")
        for chair in self.seats:
            if chair is not None and chair.user_id is not None:
                chair.bot = None  # a resigned player plays their own seat again
        self.seats += [None] * (self.game.max_players - len(self.seats))
        self.status = OPEN
        self._time_anew(None)
        self.match = None
        self.result = None
        self._changed()
        if who.id == self.host_id:
            self.start(who)

    # -- chat ---------------------------------------------------------------------------

    def say(self, who: Who, text: str) -> None:
        """A person's chat line."""
        self._chat(who, p.ChatLine(who.name, text, self.room.now()))

    def announce(self, code: str, text: str, **params: Any) -> None:
        """The room speaks at the table (a resignation, a bot taking over): ``text`` in
        English, ``code`` and ``params`` for the players' own languages."""
        self._chat(None, p.ChatLine(None, text, self.room.now(), code, params))

    def _chat(self, who: Who | None, line: p.ChatLine) -> None:
        if self.status == CLOSED:
            raise Refusal("closed", "this table is closed")
        name, text = line.name, line.text
        self.version += 1
        version = self.version
        self.chat.append((version, line))
        rows: list[Write] = [
            ChatRow(self.id, None if who is None else who.id, name, text, line.at, version)
        ]

        def announce() -> None:
            self.announced = max(self.announced, version)
            self._send_all(p.TableChat(table=self.id, v=version, line=line))

        self.room.journal.write(rows, announce)

    # -- events -------------------------------------------------------------------------

    def _changed(self, rows: list[Write] | None = None) -> None:
        """Chairs, options, host or status changed: store the table, then tell everyone."""
        info = self.info()
        self._event(rows or [], lambda version: self._announce_change(version, info))

    def _announce_change(self, version: int, info: p.TableInfo) -> None:
        self._send_all(p.TableChanged(table=info, v=version, clocks=self.clock_info()))
        self.room.lobby_changed(self)
        self._bot_soon()

    def _event(
        self, rows: list[Write], announce: Callable[[int], None], table_row: bool = True
    ) -> None:
        """A change of the match or the chairs: stored, then announced with its version."""
        self.version += 1
        self.state_version = version = self.version
        if table_row:
            rows = [*rows, self._row()]
        self._in_flight += 1

        def announced() -> None:
            self._in_flight -= 1
            self.announced = max(self.announced, version)
            announce(version)
            waiting, self._waiting_syncs = self._waiting_syncs, []
            for connection, since in waiting:
                if connection in self.watchers:
                    self.sync(connection, since)

        self.room.journal.write(rows, announced)

    def _row(self) -> TableRow:
        return TableRow(
            rated=self.rated,
            clock=None if self.control is None else self.control.to_json(),
            grace=self.grace,
            timing=self._timing(),
            id=self.id,
            game=self.game.id,
            options=dict(self.options),
            seats=[None if chair is None else chair.to_json() for chair in self.seats],
            host_id=self.host_id,
            status=self.status,
            version=self.version,
            match_id=self.match_id,
            created_at=self.created_at,
        )

    def _send_all(self, message: p.ServerMessage) -> None:
        data = p.encode(message)
        for connection in list(self.watchers):
            connection.send_bytes(data)

    def holds(self, user_id: int) -> bool:
        """Whether this person hosts the table or sits at it."""
        return self.host_id == user_id or self.seat_of(user_id) is not None

    def _close_if_empty(self) -> None:
        if self.status == RUNNING or self.watchers:
            return
        if self.status == OPEN and any(c is not None and c.is_person for c in self.seats):
            return
        self._close()

    def close_if_abandoned(self) -> None:
        """An open table nobody watches whose seated people are all gone closes: else it
        would wait in the lobby, for nobody, for ever."""
        if self.status != OPEN or self.watchers:
            return
        online = self.room.online_ids()
        if any(c is not None and c.is_person and c.user_id in online for c in self.seats):
            return
        self._close()

    def _close(self) -> None:
        self.status = CLOSED
        self._cancel_bot()
        self.room.journal.write([self._row()])
        self.room.table_closed(self)

    # -- after a restart, or when the database fails ------------------------------------

    def resume(self) -> None:
        """Carry on after a restart: clocks run on, absences count from now, a bot moves."""
        self._watch_absence()
        self._bot_soon()

    def close_as_stored(self) -> None:
        """Leave the room, writing the table closed (a finished table after a restart)."""
        self.status = CLOSED
        self.room.journal.write([self._row()])

    def refuse_changes(self) -> None:
        """Take no more moves: what is in memory is ahead of what could be stored."""
        self._in_flight += 1  # never announced, so every move is refused as stale

    # -- time, leavers, pauses ----------------------------------------------------------

    def _clock_turn(self) -> None:
        """The seat to move has changed, maybe: its clock runs if a person plays it."""
        if self.clocks is None:
            return
        seat = self._to_move()
        chair = None if seat is None else self.seats[seat]
        person = self.status == RUNNING and chair is not None and chair.bot is None
        self.clocks.turn_to(seat if person else None, self.room.now())
        self._schedule()

    def _schedule(self) -> None:
        """Wake at the next moment a clock runs out or a player has been gone too long."""
        if self._time_timer is not None:
            self._time_timer.cancel()
            self._time_timer = None
        if self.status != RUNNING:
            return
        moments = [since + self.grace for since in self._gone_since.values()]
        deadline = None if self.clocks is None else self.clocks.deadline()
        if deadline is not None:
            moments.append(deadline)
        if moments:
            delay = max(0.0, min(moments) - self.room.now())
            self._time_timer = asyncio.get_running_loop().call_later(delay + 0.05, self.tick)

    def tick(self) -> None:
        """Hand to a bot every seat whose time ran out or whose player is gone too long."""
        self._time_timer = None
        if self.status != RUNNING or self._in_flight:
            if self.status == RUNNING:
                asyncio.get_running_loop().call_later(0.05, self.tick)
            return
        now = self.room.now()
        deadline = None if self.clocks is None else self.clocks.deadline()
        if deadline is not None and now >= deadline and self.clocks is not None:
            running = self.clocks.running
            if running is not None:
                self._replace(running, "time")
        for seat, since in list(self._gone_since.items()):
            if now >= since + self.grace and seat not in self.replaced:
                self._replace(seat, "away")
        self._schedule()

    def _watch_absence(self) -> None:
        """Note who of the players is gone since when; one who comes back plays again.
        At a turn-based table players come and go over days: only the clock counts."""
        if self.status != RUNNING:
            return
        if self.control is not None and self.control.kind == TURN:
            self._gone_since.clear()
            return
        online = self.room.online_ids()
        now = self.room.now()
        for seat, chair in enumerate(self.seats):
            if chair is None or chair.user_id is None or seat in self.resigned:
                continue
            if chair.user_id in online:
                self._gone_since.pop(seat, None)
                if self.replaced.get(seat) == "away":
                    self._take_back(seat)
            elif seat not in self.replaced:
                self._gone_since.setdefault(seat, now)
        self._schedule()

    def _replace(self, seat: int, why: str) -> None:
        chair = self.seats[seat]
        if chair is None or chair.user_id is None or seat in self.resigned:
            return
        chair.bot = DEFAULT_LEVEL
        self.replaced[seat] = why
        self.was_replaced[seat] = why
        self._gone_since.pop(seat, None)
        self._asked["pause"].discard(seat)
        self._asked["abort"].discard(seat)
        self._clock_turn()
        self._changed()
        plays_on = f"a bot ({DEFAULT_LEVEL}) plays on until they are back"
        if why == "time":
            text = f"{chair.name} ran out of time: {plays_on}"
            self.announce("replaced_time", text, name=chair.name, level=DEFAULT_LEVEL)
        else:
            text = f"{chair.name} has been away too long: {plays_on}"
            self.announce("replaced_away", text, name=chair.name, level=DEFAULT_LEVEL)

    def _take_back(self, seat: int) -> None:
        chair = self.seats[seat]
        why = self.replaced.pop(seat, None)
        if chair is None or why is None:
            return
        chair.bot = None
        self._cancel_bot()
        if why == "time" and self.clocks is not None:
            self.clocks.comeback(seat)
        self._clock_turn()
        self._changed()
        self.announce("back", f"{chair.name} takes the seat back", name=chair.name)

    def _player_seat(self, who: Who, action: str) -> int:
        seat = self.seat_of(who.id)
        if seat is None or seat in self.resigned or seat in self.replaced:
            raise Refusal("not_player", f"only the players of this match can {action}")
        return seat

    def _people(self) -> set[int]:
        """The seats people play now (not bots, not resigned, not replaced)."""
        return {
            seat
            for seat, chair in enumerate(self.seats)
            if chair is not None and chair.user_id is not None and chair.bot is None
        }

    def pause(self, who: Who) -> None:
        """Ask for a pause; once every player has asked, the match and clocks stop.
        Asked while paused, it goes on."""
        self._expect(RUNNING, "pause")
        seat = self._player_seat(who, "pause")
        now = self.room.now()
        if self.paused:
            self.paused = False
            self._asked["pause"].clear()
            if self.clocks is not None:
                self.clocks.resume(now)
            self._schedule()
            self._changed()
            self.announce("resumed", f"{who.name} goes on: the match runs again", name=who.name)
            return
        self._asked["pause"].add(seat)
        if self._asked["pause"] >= self._people():
            self.paused = True
            self._cancel_bot()
            if self.clocks is not None:
                self.clocks.pause(now)
            self._schedule()
            self._changed()
            self.announce("paused", "everyone agreed: the match is paused (/pause to go on)")
        else:
            self.announce(
                "pause_asked", f"{who.name} asks for a pause (/pause to agree)", name=who.name
            )

    def abort(self, who: Who) -> None:
        """Ask to call the match off; once every player has asked, it ends unscored.
        Only in its first moves (ABORT_MOVES_PER_PLAYER each)."""
        self._expect(RUNNING, "abort")
        seat = self._player_seat(who, "abort")
        played = sum(1 for entry in self.live.log if entry.actor is not CHANCE)
        most = ABORT_MOVES_PER_PLAYER * len(self.seats)
        if played >= most:
            raise Refusal(
                "too_late",
                f"a match can be called off only in its first {most} moves; {played} are played",
                most=most,
                played=played,
            )
        self._asked["abort"].add(seat)
        if not self._asked["abort"] >= self._people():
            self.announce(
                "abort_asked",
                f"{who.name} asks to call the match off (/abort to agree)",
                name=who.name,
            )
            return
        self.result = {
            "ranking": [],
            "scores": None,
            "rounds": 0,
            "details": {},
            "standing": [],
            "resigned": [],
            "replaced": [],
            "aborted": True,
        }
        self.status = FINISHED
        self._stop_time()
        self._cancel_bot()
        rows: list[Write] = [MatchEnded(self.match_id or 0, self.room.now(), self.result, [])]
        self._event(rows, self._announce_end)
        self.announce("aborted", "everyone agreed: the match is called off, unscored")

    def _announce_end(self, version: int) -> None:
        """A match ended without a move (called off, resigned): the result goes out with
        the table, in each watcher's own view."""
        self._announce_change(version, self.info())
        for connection in list(self.watchers):
            self.sync(connection)

    def _time_anew(self, players: int | None) -> None:
        """What runs with a match, fresh: clocks for ``players`` (None: no match yet)."""
        self.replaced = {}
        self.was_replaced = {}
        self.paused = False
        self._asked = {"pause": set(), "abort": set()}
        self.clocks = None
        if players is not None and self.control is not None:
            self.clocks = Clocks(self.control, players)

    def _stop_time(self) -> None:
        """The match is over: every clock stops, and nothing more is waited for."""
        if self.clocks is not None:
            self.clocks.turn_to(None, self.room.now())
        if self._time_timer is not None:
            self._time_timer.cancel()
            self._time_timer = None
        self._gone_since.clear()

    def _timing(self) -> dict[str, Any] | None:
        """What runs with the match, as the table row stores it."""
        if self.clocks is None and not self.was_replaced and not self.paused:
            return None
        return {
            "clocks": None if self.clocks is None else self.clocks.to_json(),
            "replaced": {str(seat): why for seat, why in self.replaced.items()},
            "was_replaced": {str(seat): why for seat, why in self.was_replaced.items()},
            "paused": self.paused,
        }

    def restore_timing(
        self, control: dict[str, Any] | None, grace: int, timing: dict[str, Any] | None
    ) -> None:
        """The time control and what ran with the match, as stored (on a restart)."""
        self.control = TimeControl.from_json(control)
        self.grace = grace
        if timing is None:
            return
        if timing["clocks"] is not None and self.control is not None:
            self.clocks = Clocks.from_json(self.control, timing["clocks"])
        self.replaced = {int(seat): why for seat, why in timing["replaced"].items()}
        was = timing.get("was_replaced", timing["replaced"])
        self.was_replaced = {int(seat): why for seat, why in was.items()}
        self.paused = bool(timing["paused"])

    # -- bots ---------------------------------------------------------------------------

    def _bot_soon(self) -> None:
        seat = self._to_move()
        if seat is None or self._bot_timer is not None or self._thinking or self.paused:
            return
        chair = self.seats[seat]
        if chair is None or chair.bot is None:
            return
        # A bot is paced by its turn, not by its move: a Krone turn is a dozen small moves,
        # and a delay before each made it last seconds. A short step between them still
        # lets a watcher follow.
        delay = self.room.settings.bot_delay
        if self._turn_goes_on(seat):
            delay /= BOT_STEPS_PER_DELAY
        loop = asyncio.get_running_loop()
        self._bot_timer = loop.call_later(delay, self._bot_turn)

    def _turn_goes_on(self, seat: int) -> bool:
        """Whether ``seat`` played the last move that was not chance's."""
        for entry in reversed(self.live.log):
            if entry.actor is not CHANCE:
                return entry.actor == seat
        return False

    def _cancel_bot(self) -> None:
        if self._bot_timer is not None:
            self._bot_timer.cancel()
            self._bot_timer = None

    def _bot_turn(self) -> None:
        self._bot_timer = None
        seat = self._to_move()
        if seat is None or self._in_flight or self.match is None:
            return
        chair = self.seats[seat]
        if chair is None or chair.bot is None:
            return
        if chair.bot in QUICK_LEVELS:
            self._bot_moves(seat, str(choose(chair.bot, self.match)))
        else:
            self._thinking = True
            asyncio.get_running_loop().create_task(self._think(seat, chair.bot))

    async def _think(self, seat: int, level: str) -> None:
        played = self.live.moves_played
        move: Move | None = None
        try:
            move = await thinking.think(level, self.live)
        except Exception:
            log.exception("table %s: the %s bot in seat %s failed to decide", self.id, level, seat)
        finally:
            self._thinking = False
        chair = self.seats[seat]
        still_a_bot = chair is not None and chair.bot is not None and not self.paused
        if self.match is None or self.match.moves_played != played or not still_a_bot:
            return
        if move is None:  # a bot that failed must not stop the table: the quick policy moves
            move = choose(DEFAULT_LEVEL, self.live)
        self._bot_moves(seat, str(move))

    def _bot_moves(self, seat: int, text: str) -> None:
        try:
            self._play_seat(seat, text)
        except (Refusal, LudotecaError):
            log.exception(
                "table %s: the bot in seat %s chose %r, which was refused", self.id, seat, text
            )

    # -- checks -------------------------------------------------------------------------

    def _expect(self, status: str, action: str) -> None:
        if self.status != status:
            raise Refusal(
                "wrong_state",
                f"you can {action} only when the table is {status}; it is {self.status}",
                expected=status,
                status=self.status,
            )

    def _expect_host(self, who: Who, action: str) -> None:
        if who.id != self.host_id:
            host = self._name_of(self.host_id) or "nobody"
            raise Refusal("not_host", f"only the host ({host}) can {action}", host=host)


def _plain(value: OptionValue) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def game_or_refuse(game_id: str) -> Game:
    try:
        return ludoteca.game(game_id)
    except LudotecaError:
        games = ", ".join(ludoteca.games())
        raise Refusal(
            "unknown_game",
            f"no game {game_id!r}; the games are: {games}",
            game=game_id,
            games=games,
        ) from None
