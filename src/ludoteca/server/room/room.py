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
from collections.abc import Callable, Sequence
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
from ..table.clock import TimeControl
from ..table.time import MatchTime
from . import messages
from .host import TableHost
from .lobby import LOBBY_CHAT_KEPT, Lobby
from .people import People
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
        self.lobby = Lobby(
            self.tables, self.people.connections, self.people.online_names, self.people.online_bots
        )
        self._housekeeping: asyncio.Task[None] | None = None
        #: (user id, game) -> (rating, rated matches), kept as the journal stores them.
        self.ratings: dict[tuple[int, str], tuple[float, int]] = {}
        self._table_ids = 0
        self._match_ids = 0
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
            self.lobby.chat.append(p.ChatLine(line.name, line.text, line.at))
        self.ratings.update(await self.store.ratings())
        self.journal.start()
        for live in await self.store.live_tables():
            await self._bring_back(live)
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

    async def close(self) -> None:
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
