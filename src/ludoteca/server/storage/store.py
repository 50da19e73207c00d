"""The store: every read and write of the database, in SQLAlchemy Core.

Writes come as small row values and are committed together: ``commit`` takes whatever
the journal gathered (moves of many tables, chat lines, table changes) and writes it in
one transaction, so a burst of moves costs one commit, not one each.
"""

from __future__ import annotations

import dataclasses
import operator
import secrets
from collections.abc import Collection, Sequence
from importlib import resources
from typing import Any, cast

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from ..reputation import FinishRate
from .leases import LIVE, Leases
from .people import PeopleRows
from .rows import (
    ChatRow,
    InvitationRow,
    LiveTable,
    MatchEnded,
    MatchRow,
    MoveRow,
    PlayerEnded,
    RatingChange,
    RelationRow,
    StoredMatch,
    TableRow,
    Write,
    table_of,
)
from .schema import (
    blocks,
    chat,
    follows,
    invitations,
    match_ids,
    match_players,
    matches,
    moves,
    mutes,
    offer_ids,
    rating_changes,
    ratings,
    server_keys,
    table_ids,
    tables,
    users,
)
from .tokens import TokenRows

#: The advisory lock (any number of the room's own) held while the schema is migrated.
MIGRATION_LOCK = 21_0004
#: Ids are PostgreSQL integers: a larger one names nothing stored.
MOST_ID = 2**31 - 1

#: The tables of each kind of ``RelationRow``.
RELATIONS = {"follow": follows, "block": blocks, "mute": mutes}

#: Seconds a session of a room with leases may sit idle inside a transaction before
#: PostgreSQL ends it (a lease's length if that is longer; see ``Store``).
STALL_FLOOR = 5.0

#: The WAL's length (in pages, 4 KiB each) beyond which a checkpoint restarts it.
WAL_RESTART_FRAMES = 4096


class Store(PeopleRows, TokenRows):
    """The room's database: the schema, the journal's commits, the live tables, what
    finished matches and ratings read; the people's rows come from ``PeopleRows``."""

    def __init__(self, url: str, owner: str | None = None, lease_seconds: float = 10.0) -> None:
        self.url = url
        leased = owner is not None and sa.make_url(url).get_backend_name() == "postgresql"
        # A commit share-locks its tables' lease rows from the fence to its end, and a
        # claim waits for it. A process frozen inside one (SIGSTOP, a stalled VM) would
        # keep its tables from every other process for as long as it stays frozen: its
        # session ends after STALL_FLOOR seconds idle in a transaction (or a lease's
        # length, if longer), which rolls it back and lets the claim through. Nothing
        # healthy idles that long in one: each runs its statements back to back.
        stall = max(lease_seconds, STALL_FLOOR)
        self.engine: AsyncEngine = create_async_engine(
            url,
            pool_pre_ping=False,
            connect_args={
                "server_settings": {"idle_in_transaction_session_timeout": f"{round(stall * 1000)}"}
            }
            if leased
            else {},
        )
        #: On PostgreSQL, a room's store (``owner``: its process id) writes only for the
        #: tables it holds the lease of; a SQLite room is one process and owns them all.
        self.leases: Leases | None = None
        if leased and owner is not None:
            self.leases = Leases(self.engine, owner, lease_seconds)
        if self.engine.dialect.name == "sqlite":
            sa.event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
        # Moves are most of what the room writes: they go to the driver as plain tuples in
        # the statement SQLAlchemy wrote once for this database, which skips its work per
        # row (a fifth of a commit's CPU under load).
        # Every table a batch changed, in one statement: inserted if new, else replaced
        # whole. One at a time, each statement was a round trip to the driver's thread,
        # and a batch of 50 tables took 15 ms under load, most of it waiting for the GIL.
        self._write_tables = _upsert(self.engine.dialect.name, tables, TableRow.__slots__)
        self._write_invitations = _upsert(
            self.engine.dialect.name, invitations, InvitationRow.__slots__
        )
        insert = moves.insert().compile(dialect=self.engine.dialect)
        self._insert_moves = str(insert)
        self._move_values = operator.attrgetter(*insert.positiontup or ())

    async def close(self) -> None:
        await self.checkpoint()
        await self.engine.dispose()

    async def ping(self) -> None:
        """Raise unless the database answers (a connection from the pool, one query)."""
        async with self.engine.connect() as connection:
            await connection.exec_driver_sql("SELECT 1")

    async def checkpoint(self) -> None:
        """SQLite: copy what the WAL holds into the database without holding up a commit
        (a passive checkpoint). Under steady writing a passive checkpoint never catches
        the last frame, and the WAL would grow without end; past WAL_RESTART_FRAMES, a
        restarting checkpoint follows, which holds commits up only for the few frames
        written since the passive one, and the WAL starts again from its beginning.
        Other databases: nothing to do."""
        if self.engine.dialect.name != "sqlite":
            return
        async with self.engine.connect() as connection:
            found = await connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
            _busy, frames, _copied = cast("tuple[int, int, int]", found.one())
            if frames > WAL_RESTART_FRAMES:
                await connection.exec_driver_sql("PRAGMA wal_checkpoint(RESTART)")

    async def migrate(self) -> None:
        """Bring the schema to the newest migration (alembic), as the server starts."""

        def upgrade(connection: sa.Connection) -> None:
            if connection.dialect.name == "postgresql":
                # Processes of one room start together: one migrates, the others wait
                # for its transaction and then find nothing left to do.
                connection.execute(sa.text(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})"))
            config = Config()
            config.set_main_option(
                "script_location", str(resources.files("ludoteca.server.storage") / "migrations")
            )
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

        async with self.engine.begin() as connection:
            await connection.run_sync(upgrade)

    # -- keys and ids ---------------------------------------------------------------------

    async def server_key(self, name: str) -> str:
        """A secret made once and kept, so that sessions outlive a restart. Processes
        started side by side may both make one: the first stored wins, and every
        process reads that one."""
        dialect = self.engine.dialect.name
        insert: Any = postgresql.insert if dialect == "postgresql" else sqlite.insert
        async with self.engine.begin() as connection:
            await connection.execute(
                insert(server_keys)
                .values(name=name, value=secrets.token_urlsafe(48))
                .on_conflict_do_nothing(index_elements=[server_keys.c.name])
            )
            value = await connection.scalar(
                sa.select(server_keys.c.value).where(server_keys.c.name == name)
            )
            return str(value)

    async def highest_ids(self) -> tuple[int, int]:
        """The highest table and match ids so far: the room numbers new ones after them."""
        async with self.engine.connect() as connection:
            table = await connection.scalar(sa.select(sa.func.max(tables.c.id)))
            match = await connection.scalar(sa.select(sa.func.max(matches.c.id)))
        return int(table or 0), int(match or 0)

    async def new_ids(self, kind: str, count: int) -> list[int]:
        """``count`` fresh ids of ``kind`` ("table", "match" or "offer") from PostgreSQL's
        sequence, unique across every process on the database, in one round trip."""
        sequence = {"table": table_ids, "match": match_ids, "offer": offer_ids}[kind]
        async with self.engine.connect() as connection:
            found = await connection.scalars(
                sa.select(sequence.next_value()).select_from(sa.func.generate_series(1, count))
            )
            return list(found)

    # -- the room -------------------------------------------------------------------------

    async def commit(self, writes: Sequence[Write]) -> None:
        """Write a batch in one transaction: all of it is stored, or none. With leases,
        nothing is written unless every table the batch writes for is still this
        process's (``LeaseLost``), checked in the same transaction."""
        move_rows = [self._move_values(w) for w in writes if isinstance(w, MoveRow)]
        chat_rows = [_fields(w) for w in writes if isinstance(w, ChatRow)]
        new_matches = [_fields(w) for w in writes if isinstance(w, MatchRow)]
        newest_tables = {w.id: w for w in writes if isinstance(w, TableRow)}
        ended = [w for w in writes if isinstance(w, MatchEnded)]
        rated = [w for w in writes if isinstance(w, RatingChange)]
        parts = [w for w in writes if isinstance(w, PlayerEnded)]
        offers = {w.id: w for w in writes if isinstance(w, InvitationRow)}
        relations = [w for w in writes if isinstance(w, RelationRow)]
        fresh: set[int] = set()
        async with self.engine.begin() as connection:
            if self.leases is not None:
                fenced = {t for t in map(table_of, writes) if t is not None}
                if fenced:
                    fresh = await self.leases.fence(connection, fenced)
            if offers:
                await connection.execute(
                    self._write_invitations, [_fields(row) for row in offers.values()]
                )
            for relation in relations:
                await _relate(connection, relation)
            if new_matches:
                await connection.execute(
                    matches.insert(), [{**m, "resigned": []} for m in new_matches]
                )
            if move_rows:
                await connection.exec_driver_sql(self._insert_moves, move_rows)
            if chat_rows:
                await connection.execute(chat.insert(), chat_rows)
            for end in ended:
                await connection.execute(
                    matches.update()
                    .where(matches.c.id == end.id)
                    .values(finished_at=end.finished_at, result=end.result, resigned=end.resigned)
                )
            if parts:
                await connection.execute(
                    match_players.insert(),
                    [
                        {"match_id": w.match_id, "user_id": w.user_id}
                        | {"abandoned": w.abandoned, "at": w.at}
                        for w in parts
                    ],
                )
            for change in rated:
                await connection.execute(rating_changes.insert().values(_fields(change)))
                where = (ratings.c.user_id == change.user_id) & (ratings.c.game == change.game)
                updated = await connection.execute(
                    ratings.update()
                    .where(where)
                    .values(rating=change.after, games=ratings.c.games + 1)
                )
                if updated.rowcount == 0:
                    await connection.execute(
                        ratings.insert().values(
                            user_id=change.user_id, game=change.game, rating=change.after, games=1
                        )
                    )
            if newest_tables:
                await connection.execute(
                    self._write_tables, [_fields(row) for row in newest_tables.values()]
                )
        if fresh and self.leases is not None:
            self.leases.fresh -= fresh

    async def live_tables(self, table_ids: Collection[int] | None = None) -> list[LiveTable]:
        """Tables still open or playing (all, or those of ``table_ids``), each with its
        match and that match's log."""
        live = []
        query = sa.select(tables).where(tables.c.status.in_(LIVE)).order_by(tables.c.id)
        if table_ids is not None:
            query = query.where(tables.c.id.in_(table_ids))
        async with self.engine.connect() as connection:
            rows = (await connection.execute(query)).all()
            for row in rows:
                table = TableRow(**{c: getattr(row, c) for c in TableRow.__slots__})
                match = None
                resigned: list[int] = []
                result = None
                log: list[tuple[int, str]] = []
                if row.match_id is not None:
                    found = (
                        await connection.execute(
                            sa.select(matches).where(matches.c.id == row.match_id)
                        )
                    ).first()
                    if found is not None:
                        match = MatchRow(**{c: getattr(found, c) for c in MatchRow.__slots__})
                        resigned = list(found.resigned)
                        result = found.result
                        log = [
                            (r.by, r.text)
                            for r in await connection.execute(
                                sa.select(moves.c.by, moves.c.text)
                                .where(moves.c.match_id == row.match_id)
                                .order_by(moves.c.n)
                            )
                        ]
                newest_move = await connection.scalar(
                    sa.select(sa.func.max(moves.c.v)).where(moves.c.match_id == row.match_id)
                )
                newest_chat = await connection.scalar(
                    sa.select(sa.func.max(chat.c.v)).where(chat.c.table_id == row.id)
                )
                newest = max(newest_move or 0, newest_chat or 0)
                if newest > table.version:
                    table = dataclasses.replace(table, version=int(newest))
                live.append(LiveTable(table, match, resigned, result, log))
        return live

    async def open_invitations(self, table_id: int) -> list[InvitationRow]:
        async with self.engine.connect() as connection:
            rows = await connection.execute(
                sa.select(invitations).where(
                    invitations.c.status == "open", invitations.c.table_id == table_id
                )
            )
            return [
                InvitationRow(**{c: getattr(r, c) for c in InvitationRow.__slots__}) for r in rows
            ]

    async def table_of_offer(self, offer: int) -> int | None:
        """The table that made this offer, if it stands."""
        if not 0 < offer <= MOST_ID:
            return None
        async with self.engine.connect() as connection:
            found = await connection.scalar(
                sa.select(invitations.c.table_id).where(
                    invitations.c.id == offer, invitations.c.status == "open"
                )
            )
        return None if found is None else int(found)

    async def highest_invitation(self) -> int:
        async with self.engine.connect() as connection:
            return int(await connection.scalar(sa.select(sa.func.max(invitations.c.id))) or 0)

    async def relations(self) -> list[tuple[str, int, int]]:
        """Every (kind, user, other) standing: the room keeps them all in memory."""
        found: list[tuple[str, int, int]] = []
        async with self.engine.connect() as connection:
            for kind, table in RELATIONS.items():
                rows = await connection.execute(sa.select(table.c.user_id, table.c.other_id))
                found.extend((kind, r.user_id, r.other_id) for r in rows)
        return found

    async def recent_chat(self, table_id: int | None, limit: int) -> list[ChatRow]:
        where = chat.c.table_id.is_(None) if table_id is None else chat.c.table_id == table_id
        async with self.engine.connect() as connection:
            rows = (
                await connection.execute(
                    sa.select(chat).where(where).order_by(chat.c.id.desc()).limit(limit)
                )
            ).all()
        return [ChatRow(r.table_id, r.user_id, r.name, r.text, r.at, r.v) for r in reversed(rows)]

    async def match(self, match_id: int) -> StoredMatch | None:
        """One match with its whole log, or None."""
        async with self.engine.connect() as connection:
            row = (
                await connection.execute(sa.select(matches).where(matches.c.id == match_id))
            ).first()
            if row is None:
                return None
            log = [
                (r.by, r.text)
                for r in await connection.execute(
                    sa.select(moves.c.by, moves.c.text)
                    .where(moves.c.match_id == match_id)
                    .order_by(moves.c.n)
                )
            ]
        return _stored(row, log)

    async def finished_matches(self, limit: int) -> list[StoredMatch]:
        """The most recently finished matches, newest first, without their logs."""
        async with self.engine.connect() as connection:
            rows = await connection.execute(
                sa.select(matches)
                .where(matches.c.finished_at.is_not(None))
                .order_by(matches.c.finished_at.desc(), matches.c.id.desc())
                .limit(limit)
            )
            return [_stored(row, []) for row in rows]

    async def ratings(self) -> dict[tuple[int, str], tuple[float, int]]:
        """Every rating: (user id, game) -> (rating, rated matches)."""
        async with self.engine.connect() as connection:
            rows = await connection.execute(sa.select(ratings))
            return {(r.user_id, r.game): (r.rating, r.games) for r in rows}

    async def finish_rates(self, user_ids: Collection[int]) -> dict[int, FinishRate]:
        """Each person's matches played to the end and matches ended (those with any)."""
        finished = sa.func.sum(sa.case((match_players.c.abandoned, 0), else_=1))
        async with self.engine.connect() as connection:
            rows = await connection.execute(
                sa.select(match_players.c.user_id, finished, sa.func.count())
                .where(match_players.c.user_id.in_(sorted(user_ids)))
                .group_by(match_players.c.user_id)
            )
            return {user: FinishRate(int(done), int(ended)) for user, done, ended in rows}

    async def leaderboard(
        self, game: str, limit: int, bots: bool = False
    ) -> list[tuple[str, float, int]]:
        """The best rated players of a game (or bot accounts: a pool of their own, as
        they never play rated against people): (name, rating, rated matches)."""
        async with self.engine.connect() as connection:
            rows = await connection.execute(
                sa.select(users.c.name, ratings.c.rating, ratings.c.games)
                .join(users, users.c.id == ratings.c.user_id)
                .where(ratings.c.game == game, users.c.bot.is_(bots))
                .order_by(ratings.c.rating.desc(), users.c.name)
                .limit(limit)
            )
            return [(r.name, r.rating, r.games) for r in rows]

    async def rating_history(self, user_id: int, limit: int) -> list[RatingChange]:
        """A player's rating changes, newest first."""
        async with self.engine.connect() as connection:
            rows = await connection.execute(
                sa.select(rating_changes)
                .where(rating_changes.c.user_id == user_id)
                .order_by(rating_changes.c.at.desc(), rating_changes.c.match_id.desc())
                .limit(limit)
            )
            return [
                RatingChange(**{c: getattr(r, c) for c in RatingChange.__slots__}) for r in rows
            ]

    async def match_rating_changes(self, match_ids: Collection[int]) -> list[RatingChange]:
        """What these matches did to their players' ratings."""
        if not match_ids:
            return []
        async with self.engine.connect() as connection:
            rows = await connection.execute(
                sa.select(rating_changes).where(rating_changes.c.match_id.in_(list(match_ids)))
            )
            return [
                RatingChange(**{c: getattr(r, c) for c in RatingChange.__slots__}) for r in rows
            ]

    async def last_match_of_table(self, table_id: int) -> int | None:
        """The newest finished match played at a table, for a link to a closed one."""
        async with self.engine.connect() as connection:
            found = await connection.scalar(
                sa.select(sa.func.max(matches.c.id)).where(
                    matches.c.table_id == table_id, matches.c.finished_at.is_not(None)
                )
            )
            return None if found is None else int(found)

    async def rated_matches(self) -> list[StoredMatch]:
        """Every finished rated match, in the order they finished (without logs); a match
        the players called off is not scored, so it is not here."""
        async with self.engine.connect() as connection:
            rows = await connection.execute(
                sa.select(matches)
                .where(matches.c.rated.is_(True), matches.c.finished_at.is_not(None))
                .order_by(matches.c.finished_at, matches.c.id)
            )
            return [
                _stored(row, []) for row in rows if not (row.result or {}).get("aborted", False)
            ]

    async def match_log(self, match_id: int) -> list[tuple[int, str]]:
        async with self.engine.connect() as connection:
            rows = await connection.execute(
                sa.select(moves.c.by, moves.c.text)
                .where(moves.c.match_id == match_id)
                .order_by(moves.c.n)
            )
            return [(r.by, r.text) for r in rows]


def _stored(row: Any, log: list[tuple[int, str]]) -> StoredMatch:
    return StoredMatch(
        id=row.id,
        game=row.game,
        players=row.players,
        options=dict(row.options),
        seats=list(row.seats),
        started_at=row.started_at,
        finished_at=row.finished_at,
        result=row.result,
        log=log,
    )


def _upsert(dialect: str, table: sa.Table, fields: Sequence[str]) -> Any:
    """INSERT … ON CONFLICT (id) DO UPDATE for SQLite and PostgreSQL alike."""
    statement: Any = postgresql.insert(table) if dialect == "postgresql" else sqlite.insert(table)
    return statement.on_conflict_do_update(
        index_elements=[table.c.id],
        set_={name: statement.excluded[name] for name in fields if name != "id"},
    )


async def _relate(connection: Any, row: RelationRow) -> None:
    table = RELATIONS[row.kind]
    pair = (table.c.user_id == row.user_id) & (table.c.other_id == row.other_id)
    await connection.execute(table.delete().where(pair))
    if row.on:
        await connection.execute(
            table.insert().values(user_id=row.user_id, other_id=row.other_id, at=row.at)
        )


def _fields(row: Any) -> dict[str, Any]:
    return {name: getattr(row, name) for name in row.__slots__}


def _sqlite_pragmas(connection: Any, _record: object) -> None:
    # WAL lets readers work while a commit is written; synchronous=FULL makes a commit
    # survive a power cut, not only a killed process. No commit copies the WAL back into
    # the database (SQLite's automatic checkpoint would, every 1000 pages, holding up
    # every move behind it for a tenth of a second or more): Store.checkpoint() does it
    # on a connection of its own, beside the commits.
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.close()
