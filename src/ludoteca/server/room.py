"""The room: its tables, who is online, the lobby, and what each client message does.

The room holds the live state of every table in memory and is the only place that
turns a client message into a change. It runs on one event loop: a message is handled
from start to end without waiting, so two messages never interleave inside a table.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
import unicodedata
from collections import Counter, deque
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

import ludoteca
from ludoteca.engine import OptionError
from ludoteca.engine.options import check_options

from . import commands, thinking
from . import protocol as p
from .accounts import SESSION_SECONDS, name_key
from .clock import ClockError, TimeControl, check_grace
from .connection import Connection
from .journal import Journal
from .seats import Chair
from .storage.store import ChatRow, LiveTable, Store, Write
from .table import (
    CLOSED,
    FINISHED,
    OPEN,
    RATED_GUEST,
    RUNNING,
    Refusal,
    Stale,
    Table,
    Who,
    game_or_refuse,
)

log = logging.getLogger("ludoteca.server")

LOBBY_CHAT_KEPT = 50
#: A name entered but not yet connected stays taken this long.
ENTRY_HOLD_SECONDS = 120.0
#: How often the lobby's changes are gathered into one message.
LOBBY_FLUSH_SECONDS = 0.5


@dataclass
class Settings:
    db_url: str
    bot_delay: float = 0.6
    secure_cookies: bool = False
    #: What one connection may send: messages a second (with twice that at once), and
    #: chat lines a second (five at once).
    messages_per_second: float = 40.0
    chat_per_second: float = 0.5
    #: What one person may hold at once: open tables (hosted or sat at), and sockets;
    #: sockets from one address (behind a proxy, the address it forwards).
    tables_per_person: int = 5
    sockets_per_person: int = 10
    sockets_per_address: int = 200
    #: Seconds an open table waits for its seated people to come back before it closes.
    open_table_grace: float = 60.0
    #: Housekeeping, at the start and then this often: sessions past their age and the
    #: rows of guests no session holds (kept this long after they entered) are deleted.
    housekeeping_seconds: float = 3600.0
    guest_rows_kept: float = 3600.0
    #: Entering over HTTP (docs/security.md): wrong passwords for one name and from one
    #: address within ``login_window`` seconds, and entries (as a guest or registering)
    #: from one address a minute.
    login_failures_per_name: int = 5
    login_failures_per_address: int = 20
    login_window: float = 300.0
    entries_per_minute: int = 20
    #: The room's clock (seconds): tests give a clock of their own, to run time on at will.
    now: Callable[[], float] = time.time


class Room:
    def __init__(self, settings: Settings, store: Store) -> None:
        self.settings = settings
        self.store = store
        self.journal = Journal(store)
        self.journal.on_failure = self._not_stored
        self.tables: dict[int, Table] = {}
        self.connections: dict[int, set[Connection]] = {}
        self._sockets_at: Counter[str] = Counter()
        self._housekeeping: asyncio.Task[None] | None = None
        self.names: dict[int, str] = {}
        self._online_keys: dict[str, int] = {}
        self._entered: dict[str, tuple[int, float]] = {}
        self.lobby_chat: deque[p.ChatLine] = deque(maxlen=LOBBY_CHAT_KEPT)
        #: (user id, game) -> (rating, rated matches), kept as the journal stores them.
        self.ratings: dict[tuple[int, str], tuple[float, int]] = {}
        #: Chance outcomes are drawn from the operating system's source, as ``secrets`` is.
        self.chance = secrets.SystemRandom()
        self._table_ids = 0
        self._match_ids = 0
        self._lobby_tables: dict[int, Table] = {}
        self._lobby_joined: list[str] = []
        self._lobby_left: list[str] = []
        self._lobby_timer: asyncio.TimerHandle | None = None
        self._lobby_snapshot: bytes | None = None
        self.games = [
            {**ludoteca.game(g).describe(), "components": ludoteca.game(g).components()}
            for g in ludoteca.games()
        ]

    # -- life cycle ---------------------------------------------------------------------

    async def open(self) -> None:
        await self.store.migrate()
        self._table_ids, self._match_ids = await self.store.highest_ids()
        for line in await self.store.recent_chat(None, LOBBY_CHAT_KEPT):
            self.lobby_chat.append(p.ChatLine(line.name, line.text, line.at))
        self.ratings = await self.store.ratings()
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
        held = set(self.connections)
        held.update(user for user, _until in self._entered.values())
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
        row = live.row
        table = Table(self, row.id, ludoteca.game(row.game), Who(row.host_id or 0, ""))
        table.host_id = row.host_id
        table.options = dict(row.options)
        table.seats = [Chair.from_json(chair) for chair in row.seats]
        table.status = row.status
        table.version = table.state_version = table.announced = row.version
        table.created_at = row.created_at
        table.rated = row.rated
        table.restore_timing(row.clock, row.grace, row.timing)
        table.match_id = row.match_id
        if live.match is not None:
            document = {
                "game": row.game,
                "players": live.match.players,
                "options": live.match.options,
                "log": [{"by": "chance" if by < 0 else by, "move": text} for by, text in live.log],
            }
            table.match = table.game.load(document)
            table.resigned = set(live.resigned)
            table.result = live.result
        for line in await self.store.recent_chat(row.id, 50):
            table.chat.append((line.v, p.ChatLine(line.name, line.text, line.at)))
        if table.status == FINISHED:
            # Nobody watches it after a restart: it leaves the room.
            table.close_as_stored()
            return
        self.tables[table.id] = table
        if table.status == RUNNING:
            table.resume()

    def _not_stored(self, rows: Sequence[Write], error: BaseException) -> None:
        # What is in memory is ahead of the database: the tables that wrote are
        # closed to new moves until the server is restarted from what is stored.
        log.error("the database refused a batch (%s); the room stops taking changes", error)
        for table in self.tables.values():
            table.refuse_changes()

    # -- numbering ------------------------------------------------------------------------

    def new_table_id(self) -> int:
        self._table_ids += 1
        return self._table_ids

    def new_match_id(self) -> int:
        self._match_ids += 1
        return self._match_ids

    # -- people ---------------------------------------------------------------------------

    def now(self) -> float:
        return self.settings.now()

    def online_ids(self) -> Collection[int]:
        return self.connections.keys()

    def name_of(self, user_id: int) -> str | None:
        return self.names.get(user_id)

    def name_taken(self, name: str, by_other_than: int | None = None) -> bool:
        """Whether someone else online (or just entered, or seated) goes by this name."""
        key = name_key(name)
        now = time.monotonic()
        held = self._entered.get(key)
        if held is not None and held[0] != by_other_than and held[1] > now:
            return True
        online = self._online_keys.get(key)
        if online is not None and online != by_other_than:
            return True
        return self.name_seated(name, by_other_than)

    def name_seated(self, name: str, by_other_than: int | None = None) -> bool:
        """Whether someone else has a seat under this name at an open or running table:
        a guest who lost their connection keeps their name for their way back."""
        key = name_key(name)
        return any(
            chair is not None
            and chair.user_id is not None
            and chair.user_id != by_other_than
            and name_key(chair.name) == key
            for table in self.tables.values()
            if table.status in (OPEN, RUNNING)
            for chair in table.seats
        )

    def hold_name(self, user_id: int, name: str) -> None:
        self.names[user_id] = name
        self._entered[name_key(name)] = (user_id, time.monotonic() + ENTRY_HOLD_SECONDS)

    def socket_limit(self, user_id: int, address: str) -> str | None:
        """Why one more socket of this person, from this address, is refused (or None)."""
        settings = self.settings
        if len(self.connections.get(user_id, ())) >= settings.sockets_per_person:
            return (
                f"too many connections: at most {settings.sockets_per_person} for one person "
                "(sockets_per_person); close another tab, then come back"
            )
        if self._sockets_at[address] >= settings.sockets_per_address:
            return (
                f"too many connections: at most {settings.sockets_per_address} from one "
                "address (sockets_per_address); try again when some have closed"
            )
        return None

    def connect(self, connection: Connection) -> None:
        user = connection.user
        first = user.id not in self.connections
        self.connections.setdefault(user.id, set()).add(connection)
        self._sockets_at[connection.address] += 1
        self.names[user.id] = user.name
        self._entered.pop(name_key(user.name), None)
        self._online_keys[name_key(user.name)] = user.id
        seated = [
            table.id
            for table in self.tables.values()
            if table.status in (OPEN, RUNNING) and table.seat_of(user.id) is not None
        ]
        connection.send(p.Welcome(you=user, games=self.games, seated=seated))
        self._send_lobby(connection)
        if first:
            self._lobby_update(joined=user.name)
            self._presence_of(user.id)

    def disconnect(self, connection: Connection) -> None:
        user = connection.user
        for table_id in list(connection.tables):
            table = self.tables.get(table_id)
            if table is not None:
                table.unwatch(connection)
        mine = self.connections.get(user.id)
        if mine is None or connection not in mine:
            return
        mine.discard(connection)
        self._sockets_at[connection.address] -= 1
        if not self._sockets_at[connection.address]:
            del self._sockets_at[connection.address]
        if not mine:
            del self.connections[user.id]
            self._online_keys.pop(name_key(user.name), None)
            self._lobby_update(left=user.name)
            self._presence_of(user.id)
            self._close_if_abandoned_soon(
                [
                    t.id
                    for t in self.tables.values()
                    if t.status == OPEN and t.seat_of(user.id) is not None
                ]
            )

    def _close_if_abandoned_soon(self, table_ids: list[int]) -> None:
        if table_ids:
            asyncio.get_running_loop().call_later(
                self.settings.open_table_grace, self._close_if_abandoned, table_ids
            )

    def _close_if_abandoned(self, table_ids: list[int]) -> None:
        for table_id in table_ids:
            table = self.tables.get(table_id)
            if table is not None:
                table.close_if_abandoned()

    def _presence_of(self, user_id: int) -> None:
        for table in self.tables.values():
            if table.seat_of(user_id) is not None:
                table.presence_changed()

    # -- the lobby ------------------------------------------------------------------------

    def _send_lobby(self, connection: Connection) -> None:
        connection.in_lobby = True
        if self._lobby_snapshot is None:
            # Many people arrive at once: one snapshot serves them until the lobby changes.
            self._lobby_snapshot = p.encode(
                p.Lobby(
                    tables=[table.info() for table in self.tables.values()],
                    online=sorted(self.names[user] for user in self.connections),
                    chat=list(self.lobby_chat),
                )
            )
        connection.send_bytes(self._lobby_snapshot)

    def lobby_changed(self, table: Table) -> None:
        self._lobby_tables[table.id] = table
        self._lobby_soon()

    def table_closed(self, table: Table) -> None:
        self.tables.pop(table.id, None)
        self._lobby_tables[table.id] = table
        self._lobby_soon()

    def _lobby_update(self, joined: str | None = None, left: str | None = None) -> None:
        if joined is not None:
            self._lobby_joined.append(joined)
        if left is not None:
            self._lobby_left.append(left)
        self._lobby_soon()

    def _lobby_soon(self) -> None:
        if self._lobby_timer is None:
            loop = asyncio.get_running_loop()
            self._lobby_timer = loop.call_later(LOBBY_FLUSH_SECONDS, self._flush_lobby)

    def _flush_lobby(self) -> None:
        # A snapshot stays good until the changes after it are sent: a connection that
        # got it then gets those changes too.
        self._lobby_timer = None
        self._lobby_snapshot = None
        changed = [t for t in self._lobby_tables.values() if t.status != CLOSED]
        closed = [t.id for t in self._lobby_tables.values() if t.status == CLOSED]
        message = p.encode(
            p.LobbyUpdate(
                tables=[t.info() for t in changed],
                closed=closed,
                joined=self._lobby_joined,
                left=self._lobby_left,
            )
        )
        self._lobby_tables, self._lobby_joined, self._lobby_left = {}, [], []
        self._to_lobby(message)

    def _to_lobby(self, data: bytes) -> None:
        for connections in self.connections.values():
            for connection in connections:
                if connection.in_lobby:
                    connection.send_bytes(data)

    # -- messages -------------------------------------------------------------------------

    def handle(self, connection: Connection, message: p.ClientMessage) -> None:
        """Carry out one client message; a refusal is answered and changes nothing."""
        table_id = getattr(message, "table", None)
        rid = message.rid
        try:
            if rid is not None and not connection.requests.first(rid):
                raise Refusal(
                    "repeated",
                    f"request {rid!r} was sent already: it is done once "
                    "(send a new id to ask again)",
                    rid=rid,
                )
            self._handle(connection, message)
        except Stale as stale:
            connection.send(p.Error(code=stale.code, text=stale.text, table=table_id, rid=rid))
            table = self.tables.get(table_id) if isinstance(table_id, int) else None
            if table is not None:
                table.sync(connection)
        except Refusal as refusal:
            connection.send(
                p.Error(
                    code=refusal.code,
                    text=refusal.text,
                    table=table_id,
                    params=refusal.params,
                    rid=rid,
                )
            )
        except commands.CommandError as error:
            connection.send(p.Error(code="bad_command", text=str(error), table=table_id, rid=rid))

    def _handle(self, connection: Connection, message: p.ClientMessage) -> None:
        who = Who(connection.user.id, connection.user.name, connection.user.guest)
        match message:
            case p.Play(table=table_id, v=version, move=text):
                self._table(table_id).play(who, version, text)
            case p.Chat(text=text, table=table_id):
                self._chat(connection, who, text, table_id)
            case p.Create(game=game_id, options=options, rated=rated, clock=clock, grace=grace):
                self._create(connection, who, game_id, options, rated, clock, grace)
            case p.Pause(table=table_id):
                self._table(table_id).pause(who)
            case p.Abort(table=table_id):
                self._table(table_id).abort(who)
            case p.Join(table=table_id, seat=seat):
                connection.in_lobby = False
                self._table(table_id).join(who, connection, seat)
            case p.Watch(table=table_id):
                connection.in_lobby = False
                self._table(table_id).watch(connection)
            case p.Leave(table=table_id):
                self._table(table_id).leave(who, connection)
                if not connection.tables:
                    self._send_lobby(connection)
            case p.Start(table=table_id):
                self._table(table_id).start(who)
            case p.SetOption(table=table_id, name=None):
                table = self._table(table_id)
                values = {o.name: table.options.get(o.name, o.default) for o in table.game.options}
                params: dict[str, Any] = {"game": table.game.id, "values": values}
                connection.send(p.Info("options", table.describe_options(), table_id, params))
            case p.SetOption(table=table_id, name=str() as name, value=value):
                if value is None:
                    raise Refusal("bad_option", f"give a value: /option {name} VALUE")
                self._table(table_id).set_option(who, name, value)
            case p.SeatBot(table=table_id, level=level, seat=seat):
                self._table(table_id).seat_bot(who, level, seat)
            case p.Kick(table=table_id, name=name):
                self._table(table_id).kick(who, name)
            case p.Resign(table=table_id):
                self._table(table_id).resign(who)
            case p.Rematch(table=table_id):
                self._table(table_id).rematch(who)
            case p.Who(table=None):
                names = sorted(self.names[user] for user in self.connections)
                connection.send(
                    p.Info("who", "online: " + ", ".join(names), params={"online": names})
                )
            case p.Who(table=int() as table_id):
                table = self._table(table_id)
                text, params = self._who_at(table)
                connection.send(p.Info("who", text, table_id, params))
            case p.Help(command=topic):
                text = commands.help_text(topic)
                params = {"commands": commands.help_commands(topic)}
                connection.send(p.Info("help", text, params=params))
            case p.Resync(table=table_id, v=version, log=since):
                table = self._table(table_id)
                if connection not in table.watchers:
                    raise Refusal("not_watching", f"/watch table {table_id} first", table=table_id)
                if version != table.announced or since != _log_length(table):
                    table.sync(connection, since)
            case p.Ping():
                connection.send(p.Pong())

    def _table(self, table_id: int) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            open_ids = ", ".join(str(t) for t in sorted(self.tables)) or "none"
            raise Refusal(
                "no_table", f"there is no table {table_id}; tables: {open_ids}", table=table_id
            )
        return table

    def _create(
        self,
        connection: Connection,
        who: Who,
        game_id: str,
        options: dict[str, Any],
        rated: bool = False,
        clock: p.ClockSetting | None = None,
        grace: int = 120,
    ) -> None:
        game = game_or_refuse(game_id)
        if rated and who.guest:
            raise Refusal("rated_guest", RATED_GUEST)
        most = self.settings.tables_per_person
        if sum(t.status == OPEN and t.holds(who.id) for t in self.tables.values()) >= most:
            raise Refusal(
                "too_many_tables",
                f"you have {most} open tables already, the most one person may have "
                "(tables_per_person): start or leave one, then open another",
                most=most,
                limit="tables_per_person",
            )
        try:
            control = (
                None if clock is None else TimeControl.checked(**msgspec.structs.asdict(clock))
            )
            grace = check_grace(grace)
        except ClockError as error:
            raise Refusal("bad_clock", str(error)) from None
        try:
            check_options(game.id, game.options, options)
        except OptionError as error:
            raise Refusal("bad_option", str(error)) from None
        table = Table(self, self.new_table_id(), game, who)
        table.options = dict(options)
        table.rated = rated
        table.control = control
        table.grace = grace
        self.tables[table.id] = table
        connection.in_lobby = False
        table.join(who, connection, 0)

    def _chat(self, connection: Connection, who: Who, text: str, table_id: int | None) -> None:
        text = text.strip()
        if text.startswith("/"):
            # Handled within this message, so that a refusal names its request id.
            self._handle(connection, commands.parse(text, table_id))
            return
        if not connection.chats.take():
            limit = p.slow_down("chat", connection.chats)
            raise Refusal(limit.code, limit.text, **limit.params)
        text = _clean(text)
        if table_id is None:
            line = p.ChatLine(who.name, text, self.now())
            self.lobby_chat.append(line)
            self._lobby_snapshot = None
            data = p.encode(p.LobbyChat(line=line))
            self.journal.write(
                [ChatRow(None, who.id, who.name, text, line.at)], lambda: self._to_lobby(data)
            )
            return
        table = self._table(table_id)
        if connection not in table.watchers:
            raise Refusal(
                "not_watching", f"/watch table {table_id} first to chat there", table=table_id
            )
        table.say(who, text)

    def _who_at(self, table: Table) -> tuple[str, dict[str, Any]]:
        """Who sits and who watches: in English, and as particulars for a client."""
        online = self.online_ids()
        seats = [
            {
                "seat": seat,
                "name": chair.name,
                "bot": chair.bot,
                "here": chair.bot is not None or chair.user_id in online,
            }
            for seat, chair in enumerate(table.seats)
            if chair is not None
        ]
        seated = [
            f"{s['seat']}: {s['name']}"
            + (f" (bot, {s['bot']})" if s["bot"] else "")
            + ("" if s["here"] else " (away)")
            for s in seats
        ]
        watching = sorted({c.user.name for c in table.watchers if table.seat_of(c.user.id) is None})
        text = (
            f"table {table.id} ({table.game.title}, {table.status}); seats: "
            + ("; ".join(seated) or "none")
            + "; watching: "
            + (", ".join(watching) or "nobody")
        )
        return text, {"seats": seats, "watching": watching}

    def status(self) -> dict[str, Any]:
        return {
            "tables": len(self.tables),
            "running": sum(t.status == RUNNING for t in self.tables.values()),
            "connections": sum(len(c) for c in self.connections.values()),
            "online": len(self.connections),
            "commits": self.journal.commits,
            "rows": self.journal.rows,
        }


def _log_length(table: Table) -> int:
    return 0 if table.match is None else table.match.moves_played


def _clean(text: str) -> str:
    """Chat text as stored and sent: no control characters, a bounded length."""
    if not text:
        raise Refusal("empty_chat", "an empty line is not sent")
    if len(text) > p.MAX_CHAT_CHARS:
        raise Refusal(
            "long_chat",
            f"a chat line has at most {p.MAX_CHAT_CHARS} characters",
            most=p.MAX_CHAT_CHARS,
        )
    if any(unicodedata.category(ch) in ("Cc", "Cf") for ch in text):
        raise Refusal("bad_chat", "a chat line cannot hold control characters")
    return text
