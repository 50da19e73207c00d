"""The room as one of several processes (docs/deploy.md): each process is the gateway of
its own sockets and the owner of some tables.

As a gateway, a client's message for a table another process owns is sent to that owner
with a request id; the owner's answer (``Done``) says what the connection now follows
there. On no answer or ``not owner`` the owner is looked up again and asked once more,
else the client is told ``unavailable``. What an owner sends a remote connection arrives
as bytes with the connection ids they are for, passed on unread. A gap in a peer's
numbered letters (or its beat), or the bus coming back, resyncs every table followed
there: by watching it again at its owner as it is now, which also serves a takeover.

As an owner, a remote connection is a ``Remote`` in the table's audience: the table
refuses, syncs and announces to it as to a local socket, through the same code.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import logging
import time
import weakref
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

import msgspec

from .. import protocol as p
from ..bus import (
    Arrived,
    Beat,
    Bus,
    Command,
    Deliver,
    Done,
    Ended,
    Gone,
    Mine,
    Moved,
    News,
    Owners,
    Remote,
    TableNews,
    Tell,
)
from ..bus.envelope import Envelope, Letter, decoder, encoder
from ..connection import Connection
from ..storage.store import MOST_ID
from ..table import Table

if TYPE_CHECKING:
    from .room import Room

log = logging.getLogger("ludoteca.server")

#: What ``_owner_of`` says when the database could not be asked.
UNKNOWN = "\0unknown"

#: Seconds between beats (and lobby news in full) to every peer.
BEAT_SECONDS = 2.0
#: A peer not heard from for this many beats is gone: its stand-ins and tables are dropped.
SILENT_BEATS = 4
#: Seconds a gateway waits for a table the lobby shows to be claimed again.
CLAIM_WAIT_SECONDS = 3 * BEAT_SECONDS
#: Seconds a gateway waits for the owner to carry out a command, each of two tries.
COMMAND_SECONDS = 3.0
#: Seconds between tries; a resync tries this often, for a takeover to finish.
RETRY_SECONDS = 0.5
RESYNC_TRIES = 10


class Relay:
    def __init__(self, room: Room, bus: Bus, owners: Owners) -> None:
        self.room = room
        self.bus = bus
        self.owners = owners
        self.process = bus.process
        # -- as a gateway
        self._ids: dict[Connection, int] = {}
        self._connections: dict[int, Connection] = {}
        self._next_conn = itertools.count(1)
        self._next_req = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[Done]] = {}
        #: Each connection's tables owned elsewhere: table -> owner.
        self.following: dict[Connection, dict[int, str]] = {}
        #: The owners holding a stand-in of each connection.
        self._held_at: dict[Connection, set[str]] = {}
        self._owner: dict[int, str] = {}
        #: The key each connection brought to a private table (table -> key): a resync
        #: watches again with it, wherever the table is played by then.
        self._keys: dict[Connection, dict[int, str]] = {}
        #: Sockets closed while a message of theirs was on its way.
        self._closed: weakref.WeakSet[Connection] = weakref.WeakSet()
        # -- as an owner
        self.remotes: dict[tuple[str, int], Remote] = {}
        self._batch: dict[str, dict[bytes, list[int]]] = {}
        # -- both
        self._sent: dict[str, int] = {}
        self._seen: dict[str, int] = {}
        self._heard: dict[str, float] = {}
        #: The tables other processes own, as their lobbies show them, and who said so.
        self.others: dict[int, p.TableInfo] = {}
        self._told_by: dict[int, str] = {}
        #: Tables other processes own in their people's "my tables", and who said so.
        self._mine_told_by: dict[int, str] = {}
        #: This process's tables whose "my tables" entries changed, to tell the others.
        self._mine_batch: dict[int, dict[int, p.MyTable]] = {}
        self._beat: asyncio.Task[None] | None = None
        #: Client messages on their way to an owner, and resyncs asked (for /api/status).
        self.forwarding = 0
        self.resyncs = 0

    async def start(self) -> None:
        await self.bus.start(self.receive, self.reconnected)
        self._beat = asyncio.get_running_loop().create_task(self._beat_often())

    async def stop(self) -> None:
        if self._beat is not None:
            self._beat.cancel()
        await self.bus.stop()

    def status(self) -> dict[str, int]:
        """For /api/status: what passes through this process, as gateway and as owner."""
        return {
            "remote_sockets": len(self.remotes),
            "following_elsewhere": sum(len(f) for f in self.following.values()),
            "forwarding": self.forwarding,
            "resyncs": self.resyncs,
            "bus_peers": len(self._heard),
            "bus_letters_sent": sum(self._sent.values()),
        }

    # -- a gateway's client messages ----------------------------------------------------

    def handle(self, connection: Connection, message: p.ClientMessage) -> None:
        """Carry out a client message here, or send it to the owner of its table."""
        table_id = getattr(message, "table", None)
        if isinstance(message, p.Watch | p.Join) and message.key is not None:
            self._keys.setdefault(connection, {})[message.table] = message.key
        if (
            not isinstance(table_id, int)
            or table_id in self.room.tables
            or not 0 < table_id <= MOST_ID
        ):
            if (
                isinstance(message, p.Accept | p.Decline)
                and self.room.offered(message.offer) is None
            ):
                # An offer another process's table made, or none: its table decides.
                self._track(self._answer_offer(connection, message))
                return
            # Here, or an id no table can have: the room answers (or refuses) at once.
            self.room.handle_here(connection, message)
            return
        owner = self._owner.get(table_id)
        if owner is not None:
            # The owner is known: sent now, in the order the client sent.
            done = self._ask(owner, connection, message, table_id)
            self._track(self._settle(connection, message, table_id, owner, done))
        else:
            self._track(self._forward(connection, message, table_id))

    def _track(self, forwarding: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(forwarding)
        self.forwarding += 1
        task.add_done_callback(self._forwarded)

    def _forwarded(self, task: asyncio.Task[None]) -> None:
        self.forwarding -= 1

    async def _answer_offer(self, connection: Connection, message: p.Accept | p.Decline) -> None:
        """An offer's answer names no table: the offer's table, found in the database
        (every offer is stored before its person hears of it), carries it out."""
        try:
            table_id = await self.room.store.table_of_offer(message.offer)
        except Exception as error:
            log.warning("the table of offer %d is not known now: %s", message.offer, error)
            connection.send(
                p.Error(
                    "unavailable",
                    "try again in a moment: the room's database is away",
                    rid=message.rid,
                )
            )
            return
        if table_id is None:
            # No such offer standing: refused here as such.
            self.room.handle_here(connection, message)
            return
        await self._forward(connection, message, table_id)

    def _ask(
        self, owner: str, connection: Connection, message: p.ClientMessage, table_id: int
    ) -> asyncio.Future[Done]:
        conn = self._ids.get(connection)
        if conn is None and connection in self._closed:
            conn = 0  # closed meanwhile: the owner answers a socket that is not there
        elif conn is None:
            conn = self._ids[connection] = next(self._next_conn)
            self._connections[conn] = connection
        if conn:
            self._held_at.setdefault(connection, set()).add(owner)
        req = next(self._next_req)
        done: asyncio.Future[Done] = asyncio.get_running_loop().create_future()
        self._waiting[req] = done
        # Answered, or given up on (``wait_for`` cancels it): forgotten either way.
        done.add_done_callback(lambda _: self._waiting.pop(req, None))
        user = connection.user
        self._send(
            owner,
            lambda seq: Command(
                self.process,
                seq,
                req,
                conn,
                user,
                connection.address,
                msgspec.json.encode(message),
                None if connection.scopes is None else sorted(connection.scopes),
                table_id,
            ),
        )
        return done

    async def _answer(self, done: asyncio.Future[Done]) -> Done | None:
        try:
            return await asyncio.wait_for(done, COMMAND_SECONDS)
        except TimeoutError:
            return None

    async def _settle(
        self,
        connection: Connection,
        message: p.ClientMessage,
        table_id: int,
        owner: str,
        done: asyncio.Future[Done],
    ) -> None:
        answer = await self._answer(done)
        if answer is not None and answer.owner:
            self._followed(connection, owner, table_id, answer)
            return
        self._owner.pop(table_id, None)
        await self._forward(connection, message, table_id, tries=1)

    async def _forward(
        self,
        connection: Connection,
        message: p.ClientMessage,
        table_id: int,
        tries: int = 2,
        known: bool = False,
    ) -> None:
        for attempt in range(tries):
            if attempt:
                await asyncio.sleep(RETRY_SECONDS)
            owner = await self._owner_of(table_id)
            waited = 0.0
            known = known or table_id in self.others
            if owner is None and not known:
                # Live but held by nobody: its process stopped (its lobby news went with
                # it) or died, and the table is being claimed.
                known = await self._orphaned(table_id)
                if not known:
                    # Or claimed meanwhile (here too: it is being brought back).
                    owner = await self._owner_of(table_id)
            while owner is None and known and waited < CLAIM_WAIT_SECONDS:
                # A table followed or shown in the lobby whose claim is not there (Redis
                # came back empty, an owner is taking over): claims are renewed every beat.
                await asyncio.sleep(0.25)
                waited += 0.25
                owner = await self._owner_of(table_id)
            if table_id in self.room.tables or (owner is None and not known):
                # Here after all (a takeover), or nowhere: the room's own answer (a table
                # that is not there is refused as such).
                self.room.handle_here(connection, message)
                return
            if owner is None:
                # Live, and still not claimed (a takeover of many tables takes a while):
                # tried again, then answered "try again", not "no such table".
                continue
            if owner in (UNKNOWN, self.process):
                # The database is away, or this process claimed the table and is bringing
                # it back from the log: a moment later.
                continue
            answer = await self._answer(self._ask(owner, connection, message, table_id))
            if answer is not None and answer.owner:
                self._owner[table_id] = owner
                self._followed(connection, owner, table_id, answer)
                return
        connection.send(
            p.Error(
                "unavailable",
                f"table {table_id} did not answer: try again in a moment "
                "(its process may be restarting; another takes it over)",
                table=table_id,
                rid=message.rid,
            )
        )

    async def _owner_of(self, table_id: int) -> str | None:
        """The table's owner, None if nobody holds it, ``UNKNOWN`` if the database cannot
        say now (it is away: the command is tried again, then answered ``unavailable``)."""
        try:
            return await self.owners.owner_of(table_id)
        except Exception as error:
            log.warning("who owns table %d is not known now: %s", table_id, error)
            return UNKNOWN

    async def _orphaned(self, table_id: int) -> bool:
        try:
            return await self.owners.orphaned(table_id)
        except Exception as error:
            log.warning("whether table %d is held is not known now: %s", table_id, error)
            return False

    def _followed(self, connection: Connection, owner: str, table_id: int, done: Done) -> None:
        if connection in self._closed:
            return
        following = self.following.setdefault(connection, {})
        for table in [t for t, o in following.items() if o == owner and t not in done.tables]:
            del following[table]
        for table in done.tables:
            following[table] = owner
        if not following:
            del self.following[connection]
        if done.in_lobby:
            connection.in_lobby = True

    def gone(self, connection: Connection) -> None:
        """A local connection closed: the owners holding its stand-in drop it."""
        self._closed.add(connection)
        conn = self._ids.pop(connection, None)
        self.following.pop(connection, None)
        self._keys.pop(connection, None)
        owners = self._held_at.pop(connection, set())
        if conn is None:
            return
        del self._connections[conn]
        for owner in owners:
            self._send(owner, lambda seq: Gone(self.process, seq, conn))

    def follows(self, connection: Connection) -> bool:
        return connection in self.following

    # -- resync ---------------------------------------------------------------------------

    def resync(self, owner: str | None = None) -> None:
        """Watch again every table followed at ``owner`` (or anywhere): each connection is
        sent the table as it is, by whoever owns it now."""
        for connection, following in list(self.following.items()):
            for table_id, at in list(following.items()):
                if owner is None or at == owner:
                    self._owner.pop(table_id, None)
                    self._refollow(connection, table_id)

    def _refollow(self, connection: Connection, table_id: int) -> None:
        self.resyncs += 1
        watch = p.Watch(table=table_id, key=self._keys.get(connection, {}).get(table_id))
        asyncio.get_running_loop().create_task(
            self._forward(connection, watch, table_id, RESYNC_TRIES, known=True)
        )

    def moved(self, table: Table, only_remote: bool = False) -> None:
        """This process lost the table to another (its lease was taken): whoever watched
        it, here or through a gateway, follows it to its new owner."""
        table_id = table.id
        gateways: dict[str, list[int]] = {}
        for watcher in list(table.audience.watchers):
            table.audience.remove(watcher)
            if isinstance(watcher, Remote):
                gateways.setdefault(watcher.gateway, []).append(watcher.conn)
            elif isinstance(watcher, Connection) and not only_remote:
                self.following.setdefault(watcher, {})[table_id] = ""
                self._refollow(watcher, table_id)
        for gateway, conns in gateways.items():
            self._send(gateway, functools.partial(self._moved, table_id, conns))

    def leaving(self) -> None:
        """This process stops: the watchers on other processes of every table here follow
        it to whoever takes it over, at once rather than when this one falls silent."""
        for table in list(self.room.tables.values()):
            self.moved(table, only_remote=True)

    def _moved(self, table_id: int, conns: list[int], seq: int) -> Moved:
        return Moved(self.process, seq, table_id, conns)

    def reconnected(self) -> None:
        # Anything may have been published while the bus was away.
        self.resync()

    # -- letters ------------------------------------------------------------------------

    def _send(self, peer: str, letter: Callable[[int], Letter]) -> None:
        seq = self._sent[peer] = self._sent.get(peer, 0) + 1
        self.bus.send(peer, encoder.encode(letter(seq)))

    def receive(self, data: bytes) -> None:
        try:
            letter = decoder.decode(data)
        except msgspec.DecodeError:
            log.warning("the bus carried a letter this process cannot read: dropped")
            return
        try:
            self._receive(letter)
        except Exception:
            # One letter's failure is logged; the bus's reader goes on with the next.
            log.exception("a letter from %s failed", letter.sender)

    def _receive(self, letter: Envelope) -> None:
        sender = letter.sender
        if isinstance(letter, News):
            if sender != self.process:  # news reaches its sender too
                self._heard[sender] = time.monotonic()
                self._news(letter)
            return
        self._heard[sender] = time.monotonic()
        last = self._seen.get(sender)
        if isinstance(letter, Beat):
            self._seen[sender] = max(letter.seq, last or 0)
            if last is not None and letter.seq > last:
                self.resync(sender)  # the last letters were lost
            self._beat_from(letter)
            return
        if last is not None and letter.seq != last + 1:
            self.resync(sender)
        self._seen[sender] = letter.seq
        match letter:
            case Command():
                self._command(letter)
            case Done():
                waiting = self._waiting.pop(letter.req, None)
                if waiting is not None and not waiting.done():
                    waiting.set_result(letter)
            case Deliver():
                connections = self._connections
                for conn in letter.conns:
                    connection = connections.get(conn)
                    if connection is not None:
                        connection.send_bytes(letter.data)
            case Gone():
                self._drop(self.remotes.pop((sender, letter.conn), None))
            case Moved():
                # Given up by a process that stops (or lost by it): claimed here now if
                # nobody holds it, rather than at the next renewal.
                self.room.ownership.claim_now()
                self._owner.pop(letter.table, None)
                for conn in letter.conns:
                    connection = self._connections.get(conn)
                    if connection is not None:
                        self._refollow(connection, letter.table)

    # -- an owner's side ----------------------------------------------------------------

    def _command(self, command: Command) -> None:
        room = self.room
        try:
            message = p.client_decoder.decode(command.message)
        except (msgspec.DecodeError, RecursionError):
            log.warning("%s sent a command this process cannot read: refused", command.sender)
            self._done(command, None, owner=True)
            return
        table_id = getattr(message, "table", command.table)
        if not isinstance(table_id, int) or table_id not in room.tables:
            self._done(command, None, owner=False)
            return
        key = (command.sender, command.conn)
        remote = self.remotes.get(key)
        scopes = None if command.scopes is None else frozenset(command.scopes)
        if remote is None or remote.user != command.user or remote.scopes != scopes:
            self._drop(remote)
            remote = self.remotes[key] = Remote(
                command.sender,
                command.conn,
                command.user,
                command.address,
                self._deliver,
                room.settings.chat_per_second,
                scopes,
            )
            room.remote_arrived(remote.user)
        try:
            room.handle_here(remote, message)
        except Exception:
            # As the socket's own reader does: logged, answered, and the bus reads on.
            log.exception("handling %r from %r failed", message, remote)
            remote.send(p.Error("server_error", "the server failed to handle that message"))
        self._done(command, remote, owner=True)

    def _done(self, command: Command, remote: Remote | None, owner: bool) -> None:
        self._flush()  # what the command made goes before its answer
        tables = [] if remote is None else sorted(remote.tables)
        in_lobby = remote is not None and remote.in_lobby
        remote_req, conn = command.req, command.conn
        self._send(
            command.sender,
            lambda seq: Done(self.process, seq, remote_req, conn, owner, tables, in_lobby),
        )
        if remote is not None:
            remote.in_lobby = False  # told once; the gateway's lobby sends the rest

    def _deliver(self, remote: Remote, data: bytes) -> None:
        if not self._batch:
            asyncio.get_running_loop().call_soon(self._flush)
        self._batch.setdefault(remote.gateway, {}).setdefault(data, []).append(remote.conn)

    def _flush(self) -> None:
        batch, self._batch = self._batch, {}
        for gateway, sends in batch.items():
            for data, conns in sends.items():
                self._send(gateway, functools.partial(self._delivery, conns, data))

    def _delivery(self, conns: list[int], data: bytes, seq: int) -> Deliver:
        return Deliver(self.process, seq, conns, data)

    def _drop(self, remote: Remote | None) -> None:
        if remote is not None:
            self.room.remote_departed(remote)

    def _beat_from(self, beat: Beat) -> None:
        held = set(beat.conns)
        for key in [k for k in self.remotes if k[0] == beat.sender and k[1] not in held]:
            self._drop(self.remotes.pop(key))

    # -- people wherever they are connected ----------------------------------------------

    def tell(self, user_id: int, data: bytes) -> None:
        """Bytes for every socket of this person at the other processes."""
        self.bus.broadcast(encoder.encode(Tell(self.process, 0, user_id, data)))

    def arrived(self, user_id: int) -> None:
        """This person opened a socket here: the other processes' offers for them come."""
        self.bus.broadcast(encoder.encode(Arrived(self.process, 0, user_id)))

    def match_ended(self, user_ids: list[int]) -> None:
        """A match here ended, its end stored: its people's finish rates, kept by every
        process for those online, are read again there too."""
        self.bus.broadcast(encoder.encode(Ended(self.process, 0, user_ids)))

    # -- "my tables" ---------------------------------------------------------------------

    def mine_changed(self, table_id: int, entries: dict[int, p.MyTable]) -> None:
        """What a table here is in its people's lists changed: the others hear it, the
        changes of one turn of the loop in one letter."""
        if not self._mine_batch:
            asyncio.get_running_loop().call_soon(self._flush_mine)
        self._mine_batch[table_id] = entries

    def _flush_mine(self) -> None:
        batch, self._mine_batch = self._mine_batch, {}
        self.bus.broadcast(encoder.encode(Mine(self.process, 0, batch, False)))

    def _mine_news(self, news: Mine) -> None:
        told_by = self._mine_told_by
        if news.full:
            self._forget_mine(
                [t for t, s in told_by.items() if s == news.sender and t not in news.tables]
            )
        for table_id, entries in news.tables.items():
            if table_id in self.room.tables:
                continue  # this process's own (taken over): its own entries stand
            self.room.mine.elsewhere(table_id, entries)
            if entries:
                told_by[table_id] = news.sender
            else:
                told_by.pop(table_id, None)

    def _forget_mine(self, table_ids: list[int]) -> None:
        for table_id in table_ids:
            self._mine_told_by.pop(table_id, None)
            if table_id not in self.room.tables:
                self.room.mine.elsewhere(table_id, {})

    # -- the lobby ----------------------------------------------------------------------

    def tables_changed(self, tables: list[p.TableInfo], closed: list[int]) -> None:
        """This process's lobby changed: every other process's lobby hears it."""
        self.bus.broadcast(encoder.encode(TableNews(self.process, 0, tables, closed, False)))

    def _news(self, news: News) -> None:
        match news:
            case Mine():
                self._mine_news(news)
            case Tell():
                self.room.tell_here(news.user, news.data)
            case Arrived():
                self.room.offer_again(news.user)
            case Ended():
                self.room.finish_rates_changed(news.users)
            case TableNews():
                self._tables_news(news)

    def _tables_news(self, news: TableNews) -> None:
        if news.full:
            said = {t.id for t in news.tables}
            gone = [t for t, s in self._told_by.items() if s == news.sender and t not in said]
            self._forget(gone)
        for info in news.tables:
            if info.id in self.room.tables:
                continue
            if self.others.get(info.id) != info:
                self.room.lobby.news(info)
            self.others[info.id] = info
            self._told_by[info.id] = news.sender
        self._forget(news.closed)

    def _forget(self, table_ids: list[int]) -> None:
        for table_id in table_ids:
            if self.others.pop(table_id, None) is not None:
                self._told_by.pop(table_id, None)
                self.room.lobby.news(None, closed=table_id)

    # -- every few seconds --------------------------------------------------------------

    async def _beat_often(self) -> None:
        while True:
            await asyncio.sleep(BEAT_SECONDS)
            try:
                await self.beat()
            except Exception:
                log.exception("the bus's beat failed; it runs again in %s s", BEAT_SECONDS)

    async def beat(self) -> None:
        room = self.room
        now = time.monotonic()
        silent = [
            s for s, heard in self._heard.items() if now - heard > SILENT_BEATS * BEAT_SECONDS
        ]
        for peer in silent:
            del self._heard[peer]
            self._seen.pop(peer, None)
            self._sent.pop(peer, None)
            for key in [k for k in self.remotes if k[0] == peer]:
                self._drop(self.remotes.pop(key))
            self._forget([t for t, s in self._told_by.items() if s == peer])
            self._forget_mine([t for t, s in self._mine_told_by.items() if s == peer])
            # Its tables are taken over by another process: follow them there.
            self.resync(peer)
        held: dict[str, list[int]] = {}
        for connection, owners in self._held_at.items():
            for owner in owners:
                held.setdefault(owner, []).append(self._ids[connection])
        for peer in set(self._sent) | set(held):
            conns = held.get(peer, [])
            seq = self._sent.get(peer, 0)
            self.bus.send(peer, encoder.encode(Beat(self.process, seq, conns)))
        infos = [t.info() for t in room.tables.values() if not t.privacy.private]
        self.bus.broadcast(encoder.encode(TableNews(self.process, 0, infos, [], True)))
        mine = {t: entries for t in room.tables if (entries := room.mine.entries(t))}
        self.bus.broadcast(encoder.encode(Mine(self.process, 0, mine, True)))
