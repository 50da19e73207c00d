"""The room: its tables, who is online, the lobby, and what each client message does.

The room holds the live state of every table in memory and is the only place that
turns a client message into a change. It runs on one event loop: a message is handled
from start to end without waiting, so two messages never interleave inside a table.
Its parts: ``people`` (who is online), ``lobby``, ``messages`` (the dispatch), and
``host`` (what it lends each table).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Callable, Collection, Coroutine, Mapping
from typing import Any

import ludoteca
from ludoteca.bots import strength
from ludoteca.engine import Game, OptionValue

from .. import protocol as p
from ..accounts import SESSION_SECONDS
from ..bus import RedisBus, Remote
from ..connection import Connection
from ..journal import Journal
from ..reputation import Reputation
from ..shared.presence import Alone, Presence
from ..storage.rows import LiveTable
from ..storage.store import Store
from ..table import Table, TableStatus, Who, thinking
from ..table.clock import ClockKind, TimeControl
from ..table.time import MatchTime
from . import messages, revocations
from .botmatches import BotMatches
from .host import TableHost
from .ids import Ids
from .lag import Lag
from .lobby import LOBBY_CHAT_KEPT, Lobby
from .mailer import Mailer
from .mine import MyTables
from .outage import Outage
from .ownership import Ownership
from .people import People
from .relations import Relations
from .relay import Relay
from .settings import Settings

log = logging.getLogger("ludoteca.server")

OPEN, RUNNING, FINISHED = TableStatus.OPEN, TableStatus.RUNNING, TableStatus.FINISHED


class Room:
    def __init__(self, settings: Settings, store: Store, presence: Presence | None = None) -> None:
        self.settings = settings
        self.store = store
        self.journal = Journal(store)
        self.journal.on_failure = self._not_stored
        self.lag = Lag(self.journal)
        self.tables: dict[int, Table] = {}
        self.outage = Outage(self)
        self.ownership = Ownership(self, store.leases)
        self.journal.on_lease_lost = self.ownership.drop
        self.ids = Ids(store)
        self.presence = presence or Alone(settings.process_id)
        self.people = People(settings, self.tables, self.presence)
        self.relations = Relations()
        self.reputation = Reputation(store)
        self.bot_matches = BotMatches(settings.bot_matches_per_day, settings.now)
        self.lobby = Lobby(
            self.tables,
            self.people.connections,
            self.people.online_names,
            self.people.online_bots,
            self.relations.hides,
            self.finish_by_name,
        )
        self.mine = MyTables(self.people.connections)
        self._housekeeping: asyncio.Task[None] | None = None
        self._revocations: asyncio.Task[None] | None = None
        #: Look-ups a message waits for (a name in the database): kept until done.
        self._tasks: set[asyncio.Task[None]] = set()
        self.mailer = Mailer(settings, store, self.spawn)
        #: (user id, game) -> (rating, rated matches), kept as the journal stores them.
        self.ratings: dict[tuple[int, str], tuple[float, int]] = {}
        self.host = TableHost(
            now=settings.now,
            store=self.lag.write,
            online_ids=self.people.online_ids,
            name_of=self.people.name_of,
            new_match_id=self.new_match_id,
            table_changed=self._table_changed,
            turn_changed=self.mine.turn_changed,
            table_closed=self.table_closed,
            ratings=self.ratings,
            bot_delay=settings.bot_delay,
            tell=self.tell,
            new_offer_id=self.new_offer_id,
            blocks=self.relations.blocks,
            hides=self.relations.hides,
            turn=self.your_turn,
            finish_rate=self.reputation.percent,
        )
        #: Carry out one client message here (``messages.handle``).
        self.handle_here: Callable[[Connection | Remote, p.ClientMessage], None] = (
            functools.partial(messages.handle, self)
        )
        #: Carry out one client message: here, or (several processes) at its table's owner.
        self.handle: Callable[[Connection, p.ClientMessage], None] = self.handle_here
        #: Several processes share the room over Redis; one process needs no bus at all.
        self.relay: Relay | None = None
        if settings.redis_url is not None:
            bus = RedisBus(settings.redis_url, settings.process_id, settings.redis_prefix)
            self.relay = Relay(self, bus, self.ownership)
            self.handle = self.relay.handle
            self.lobby.others = self.relay.others
            self.lobby.on_flush = self.relay.tables_changed
            self.mine.published = self.relay.mine_changed
        self.games = [
            {
                **ludoteca.game(g).describe(),
                "components": ludoteca.game(g).components(),
                "bot_levels": [rung.to_json() for rung in strength.by_strength(g)],
            }
            for g in ludoteca.game_ids()
        ]

    # -- life cycle ---------------------------------------------------------------------

    async def open(self) -> None:
        self.host.on_loop(asyncio.get_running_loop())
        await self.store.migrate()
        await self.ids.open()
        for line in await self.store.recent_chat(None, LOBBY_CHAT_KEPT):
            self.lobby.chat.append((p.ChatLine(line.name, line.text, line.at), line.user_id))
        self.ratings.update(await self.store.ratings())
        self.relations.load(await self.store.relations())
        self.mailer.keyed(await self.store.server_key("mail"))
        self.mailer.addresses.update(await self.store.turn_mail_addresses())
        self.journal.start()
        await self.ownership.open()
        if self.relay is not None:
            await self.relay.start()
        # Nobody is online after a restart: the open tables wait for their people.
        self.close_if_abandoned_soon([t.id for t in self.tables.values() if t.status == OPEN])
        await self.presence.start(self.people.here, self._elsewhere)
        await self.keep_house()
        self._housekeeping = asyncio.get_running_loop().create_task(self._keep_house_often())
        self._revocations = asyncio.get_running_loop().create_task(
            revocations.watch(self.store, self.people.all, self.settings.token_check_seconds)
        )

    async def keep_house(self) -> None:
        """Forget what nothing can reach any more: sessions older than their cookies may
        be, and guests no session holds (their names are free; 300 entries were 300 rows
        kept for ever). A guest online or seated is kept, session or not."""
        now = time.time()
        await self.store.forget_sessions_before(now - SESSION_SECONDS)
        held = self.people.held()
        for table in self.tables.values():
            held.update(c.user_id for c in table.seats if c is not None and c.user_id is not None)
        await self.store.forget_guests(held, now - self.settings.guest_rows_kept)

    async def _keep_house_often(self) -> None:
        while True:
            await asyncio.sleep(self.settings.housekeeping_seconds)
            try:
                await self.keep_house()
            except Exception:
                log.exception("housekeeping failed; it runs again after housekeeping_seconds")

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` beside the loop's messages; a failure is logged, not lost."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a look-up failed", exc_info=task.exception())

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for background in (self._housekeeping, self._revocations):
            if background is not None:
                background.cancel()
        await self.presence.stop()
        await self.journal.stop()
        await self.outage.close()
        await self.ownership.close()
        if self.relay is not None:
            # After the leases are given up: the watchers it sends on find them free.
            self.relay.leaving()
            await self.relay.stop()
        await self.store.close()
        thinking.stop()

    async def bring_back(self, live: LiveTable, taken_over: bool = False) -> None:
        """A table as it was stored: its chairs, and its match replayed from the log,
        its clocks from the stored times, its bots and timers going again (on a start,
        and when this process takes a table over from one that stopped or died)."""
        chat = await self.store.recent_chat(live.row.id, 50)
        table = Table.restore(self.host, live, chat)
        if table.status == FINISHED and not taken_over:
            # Nobody watches it after a restart: it leaves the room. Taken over, it
            # stays: its players are still in the room, and may ask for a rematch.
            table.seating.close_as_stored()
            return
        self.tables[table.id] = table
        self.mine.table_changed(table)
        if table.status == OPEN:
            table.invitations.restore(await self.store.open_invitations(table.id))
        if table.status == RUNNING:
            table.timing.resume()

    def _not_stored(self, table_ids: frozenset[int], error: BaseException) -> None:
        # What those tables have in memory is ahead of the database: they are held, and
        # read back from it once it answers (room/outage.py).
        self.lag.refused()
        self.outage.begin(table_ids)

    # -- tables ---------------------------------------------------------------------------

    def new_match_id(self) -> int:
        return self.ids.take("match")

    def new_offer_id(self) -> int:
        return self.ids.take("offer")

    def open_table(
        self,
        game: Game,
        who: Who,
        options: dict[str, OptionValue],
        rated: bool,
        control: TimeControl | None,
        grace: int,
    ) -> Table:
        table = Table(self.host, self.ids.take("table"), game, who)
        self.ownership.new_table(table.id)
        table.options = options
        table.rated = rated
        table.time = MatchTime(control, grace)
        self.tables[table.id] = table
        return table

    def _table_changed(self, table: Table) -> None:
        self.lobby.table_changed(table)
        self.mine.table_changed(table)
        if table.status == FINISHED:
            # Its end is stored: its people's finish rates are read again, here and at
            # the other processes (a seat there may be asked for a minimum).
            people = [c.user_id for c in table.seats if c is not None and c.user_id is not None]
            self.finish_rates_changed(people)
            if self.relay is not None and people:
                self.relay.match_ended(people)

    def finish_rates_changed(self, user_ids: list[int]) -> None:
        """A match of these people ended (here or at another process): their finish rates
        are read again."""
        self.spawn(self.reputation.load(user_ids))

    def table_closed(self, table: Table) -> None:
        self.tables.pop(table.id, None)
        self._table_changed(table)
        self.ownership.table_left(table.id)

    async def owner_of(self, table_id: int) -> str | None:
        """The process id of the process that plays the table, or None if none does
        (for routing a command to the table's owner)."""
        return await self.ownership.owner_of(table_id)

    def close_if_abandoned_soon(self, table_ids: list[int]) -> None:
        """Open tables whose people are gone close after ``open_table_grace`` unless
        someone comes back (after a restart, a takeover, the last person leaving)."""
        if table_ids:
            asyncio.get_running_loop().call_later(
                self.settings.open_table_grace, self._close_if_abandoned, table_ids
            )

    def _close_if_abandoned(self, table_ids: list[int]) -> None:
        for table_id in table_ids:
            table = self.tables.get(table_id)
            if table is not None:
                table.seating.close_if_abandoned()

    # -- people ---------------------------------------------------------------------------

    def connect(self, connection: Connection) -> None:
        user = connection.user
        first = self.people.arrive(connection)
        # Their "my tables": every open or running table where they sit, here or at
        # another process (private ones too): a tab reconnecting here reopens them.
        seated = sorted(self.mine.of.get(user.id, {}))
        connection.send(p.Welcome(you=user, games=self.games, seated=seated))
        connection.send(self.mine.message(user.id))
        # Seats offered while they were away (or in another tab) stand until answered.
        for table in self.tables.values():
            for offer in table.invitations.for_user(user.id):
                connection.send(offer)
        if self.relay is not None:
            self.relay.arrived(user.id)
        self.lobby.send(connection)
        if first:
            self.lobby.people(joined=user.name, bot=user.bot)
            self._presence_of(user.id)

    def disconnect(self, connection: Connection) -> None:
        user = connection.user
        if self.relay is not None:
            self.relay.gone(connection)
        self._unwatch_all(connection)
        if not self.people.depart(connection):
            return
        self.lobby.people(left=user.name)
        self._went(user.id)

    def remote_arrived(self, user: p.Person) -> None:
        """A connection of another process's acts at a table here."""
        if self.people.remote_arrive(user):
            self._presence_of(user.id)

    def remote_departed(self, remote: Remote) -> None:
        """Another process's connection closed (or that process is gone)."""
        self._unwatch_all(remote)
        if self.people.remote_depart(remote.user.id):
            self._went(remote.user.id)

    def _unwatch_all(self, watcher: Connection | Remote) -> None:
        for table_id in list(watcher.tables):
            table = self.tables.get(table_id)
            if table is not None:
                table.seating.unwatch(watcher)

    def _went(self, user_id: int) -> None:
        """Someone's last socket closed: the tables they sit at show it."""
        self._presence_of(user_id)
        self.close_if_abandoned_soon(
            [
                t.id
                for t in self.tables.values()
                if t.status == OPEN and t.seat_of(user_id) is not None
            ]
        )

    def _elsewhere(self, joined: Mapping[int, str], left: Mapping[int, str]) -> None:
        """Who is online in the other processes changed: those who came or went from
        the room as a whole (not online here) are told to the lobby and their tables."""
        self.people.elsewhere_changed(joined, left)
        if joined:
            self.spawn(self.reputation.load(list(joined)))
        for changes, came in ((joined, True), (left, False)):
            for user_id, name in changes.items():
                if user_id in self.people.connections:
                    continue
                if came:
                    self.lobby.people(joined=name)
                else:
                    self.lobby.people(left=name)
                self._presence_of(user_id)

    def finish_by_name(self, names: Collection[str] | None) -> dict[str, int]:
        """The finish rates of those online (all, or those of ``names``) who have one."""
        here = {user_id: self.people.names[user_id] for user_id in self.people.connections}
        return {
            name: rate
            for user_id, name in {**self.presence.others(), **here}.items()
            if (names is None or name in names)
            and (rate := self.reputation.percent(user_id)) is not None
        }

    def tell(self, user_id: int, message: p.ServerMessage) -> None:
        """To every socket of this person, at whichever process of the room they are."""
        data = p.encode(message)
        self.tell_here(user_id, data)
        if self.relay is not None:
            self.relay.tell(user_id, data)

    def tell_here(self, user_id: int, data: bytes) -> None:
        for connection in self.people.connections.get(user_id, ()):
            connection.send_bytes(data)

    def offered(self, offer: int) -> Table | None:
        """The table here that made this offer, if it stands."""
        for table in self.tables.values():
            if offer in table.invitations.open:
                return table
        return None

    def offer_again(self, user_id: int) -> None:
        """The offers that stand here for this person, to every socket of theirs (they
        connected at another process)."""
        for table in self.tables.values():
            for offer in table.invitations.for_user(user_id):
                self.tell(user_id, offer)

    def your_turn(self, table: Table) -> None:
        """A turn began at ``table``: at a turn-based one, a player who is away is mailed."""
        control = table.time.control
        seat = table.to_move()
        if control is None or control.kind != ClockKind.TURN or seat is None:
            return
        chair = table.seats[seat]
        if chair is None or chair.user_id is None or chair.bot is not None:
            return
        if chair.user_id in self.people.connections or table.match_id is None:
            return
        turn = (table.match_id, table.live.moves_played)
        self.mailer.turn(chair.user_id, chair.name, table.id, turn, table.game.title)

    def _presence_of(self, user_id: int) -> None:
        for table in self.tables.values():
            if table.seat_of(user_id) is not None:
                table.seating.presence_changed()

    def status(self) -> dict[str, Any]:
        """What /api/status shows of this process (docs/deploy.md, what to watch)."""
        return {
            "process": self.settings.process_id,
            "tables": len(self.tables),
            "running": sum(t.status == RUNNING for t in self.tables.values()),
            "connections": sum(len(c) for c in self.people.connections.values()),
            # Online with a socket here; online_everywhere counts the other processes'.
            "online": len(self.people.connections),
            "online_everywhere": len(self.people.online_ids()),
            "commits": self.journal.commits,
            "rows": self.journal.rows,
            "journal_lag_s": round(self.lag.seconds(), 3),
            # The database away: changes refused, these tables held until it answers.
            "db_ok": not self.outage.active,
            "held": len(self.outage.held),
            "owned": len(self.tables),
            "leases_renewed": 0 if self.store.leases is None else self.store.leases.renewals,
            "leases_lost": self.ownership.lost,
            **self.presence.status(),
            **({} if self.relay is None else self.relay.status()),
        }
