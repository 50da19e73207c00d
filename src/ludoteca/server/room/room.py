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
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

import ludoteca
from ludoteca.engine import Game, OptionValue

from .. import protocol as p
from ..accounts import SESSION_SECONDS
from ..connection import Connection
from ..journal import Journal
from ..storage.rows import LiveTable, Write
from ..storage.store import Store
from ..table import Table, TableStatus, Who, thinking
from ..table.clock import ClockKind, TimeControl
from ..table.time import MatchTime
from . import messages
from .botmatches import BotMatches
from .host import TableHost
from .lobby import LOBBY_CHAT_KEPT, Lobby
from .mailer import Mailer
from .people import People
from .relations import Relations
from .settings import Settings

log = logging.getLogger("ludoteca.server")

OPEN, RUNNING, FINISHED = TableStatus.OPEN, TableStatus.RUNNING, TableStatus.FINISHED


class Room:
    def __init__(self, settings: Settings, store: Store) -> None:
        self.settings = settings
        self.store = store
        self.journal = Journal(store)
        self.journal.on_failure = self._not_stored
        self.tables: dict[int, Table] = {}
        self.people = People(settings, self.tables)
        self.relations = Relations()
        self.bot_matches = BotMatches(settings.bot_matches_per_day, settings.now)
        self.lobby = Lobby(
            self.tables,
            self.people.connections,
            self.people.online_names,
            self.people.online_bots,
            self.relations.hides,
        )
        self._housekeeping: asyncio.Task[None] | None = None
        #: Look-ups a message waits for (a name in the database): kept until done.
        self._tasks: set[asyncio.Task[None]] = set()
        self.mailer = Mailer(settings, self.spawn)
        #: (user id, game) -> (rating, rated matches), kept as the journal stores them.
        self.ratings: dict[tuple[int, str], tuple[float, int]] = {}
        self._table_ids = 0
        self._match_ids = 0
        self._offer_ids = 0
        self.host = TableHost(
            now=settings.now,
            store=self.journal.write,
            online_ids=self.people.online_ids,
            name_of=self.people.name_of,
            new_match_id=self.new_match_id,
            table_changed=self.lobby.table_changed,
            table_closed=self.table_closed,
            ratings=self.ratings,
            bot_delay=settings.bot_delay,
            tell=self.tell,
            new_offer_id=self.new_offer_id,
            blocks=self.relations.blocks,
            hides=self.relations.hides,
            turn=self.your_turn,
        )
        #: Carry out one client message (``messages.handle``).
        self.handle: Callable[[Connection, p.ClientMessage], None] = functools.partial(
            messages.handle, self
        )
        self.games = [
            {**ludoteca.game(g).describe(), "components": ludoteca.game(g).components()}
            for g in ludoteca.game_ids()
        ]

    # -- life cycle ---------------------------------------------------------------------

    async def open(self) -> None:
        self.host.on_loop(asyncio.get_running_loop())
        await self.store.migrate()
        self._table_ids, self._match_ids = await self.store.highest_ids()
        for line in await self.store.recent_chat(None, LOBBY_CHAT_KEPT):
            self.lobby.chat.append((p.ChatLine(line.name, line.text, line.at), line.user_id))
        self.ratings.update(await self.store.ratings())
        self.relations.load(await self.store.relations())
        self.mailer.keyed(await self.store.server_key("mail"))
        self.mailer.addresses.update(await self.store.turn_mail_addresses())
        self._offer_ids = await self.store.highest_invitation()
        self.journal.start()
        for live in await self.store.live_tables():
            await self._bring_back(live)
        for offer in await self.store.open_invitations():
            table = self.tables.get(offer.table_id)
            if table is not None and table.status == OPEN:
                table.invitations.restore([offer])
        # Nobody is online after a restart: the open tables wait for their people.
        self._close_if_abandoned_soon([t.id for t in self.tables.values() if t.status == OPEN])
        await self.keep_house()
        self._housekeeping = asyncio.get_running_loop().create_task(self._keep_house_often())

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
        if self._housekeeping is not None:
            self._housekeeping.cancel()
        await self.journal.stop()
        await self.store.close()
        thinking.stop()

    async def _bring_back(self, live: LiveTable) -> None:
        """A table as it was stored: its chairs, and its match replayed from the log."""
        chat = await self.store.recent_chat(live.row.id, 50)
        table = Table.restore(self.host, live, chat)
        if table.status == FINISHED:
            # Nobody watches it after a restart: it leaves the room.
            table.seating.close_as_stored()
            return
        self.tables[table.id] = table
        if table.status == RUNNING:
            table.timing.resume()

    def _not_stored(self, rows: Sequence[Write], error: BaseException) -> None:
        # What is in memory is ahead of the database: the tables that wrote are
        # closed to new moves until the server is restarted from what is stored.
        log.error("the database refused a batch (%s); the room stops taking changes", error)
        for table in self.tables.values():
            table.seating.refuse_changes()

    # -- tables ---------------------------------------------------------------------------

    def new_match_id(self) -> int:
        self._match_ids += 1
        return self._match_ids

    def new_offer_id(self) -> int:
        self._offer_ids += 1
        return self._offer_ids

    def open_table(
        self,
        game: Game,
        who: Who,
        options: dict[str, OptionValue],
        rated: bool,
        control: TimeControl | None,
        grace: int,
    ) -> Table:
        self._table_ids += 1
        table = Table(self.host, self._table_ids, game, who)
        table.options = options
        table.rated = rated
        table.time = MatchTime(control, grace)
        self.tables[table.id] = table
        return table

    def table_closed(self, table: Table) -> None:
        self.tables.pop(table.id, None)
        self.lobby.table_changed(table)

    def _close_if_abandoned_soon(self, table_ids: list[int]) -> None:
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
        seated = [
            table.id
            for table in self.tables.values()
            if table.status in (OPEN, RUNNING) and table.seat_of(user.id) is not None
        ]
        connection.send(p.Welcome(you=user, games=self.games, seated=seated))
        # Seats offered while they were away (or in another tab) stand until answered.
        for table in self.tables.values():
            for offer in table.invitations.for_user(user.id):
                connection.send(offer)
        self.lobby.send(connection)
        if first:
            self.lobby.people(joined=user.name)
            self._presence_of(user.id)

    def disconnect(self, connection: Connection) -> None:
        user = connection.user
        for table_id in list(connection.tables):
            table = self.tables.get(table_id)
            if table is not None:
                table.seating.unwatch(connection)
        if not self.people.depart(connection):
            return
        self.lobby.people(left=user.name)
        self._presence_of(user.id)
        self._close_if_abandoned_soon(
            [
                t.id
                for t in self.tables.values()
                if t.status == OPEN and t.seat_of(user.id) is not None
            ]
        )

    def tell(self, user_id: int, message: p.ServerMessage) -> None:
        connections = self.people.connections.get(user_id)
        if connections:
            data = p.encode(message)
            for connection in connections:
                connection.send_bytes(data)

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
        return {
            "tables": len(self.tables),
            "running": sum(t.status == RUNNING for t in self.tables.values()),
            "connections": sum(len(c) for c in self.people.connections.values()),
            "online": len(self.people.connections),
            "commits": self.journal.commits,
            "rows": self.journal.rows,
        }
