"""The rows of people: users (guests and registered players) and their sessions.

A part of the ``Store`` (which it is mixed into), apart because who someone is and
whether their session stands is its own concern: the entry routes and the socket's
entry check ask it, the journal never does.
"""

from __future__ import annotations

import time
from collections.abc import Collection
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncEngine

from .rows import UserRow
from .schema import mail, matches, sessions, turn_mails, users


class PeopleRows:
    engine: AsyncEngine

    # -- people ---------------------------------------------------------------------------

    async def add_user(
        self, name: str, name_key: str, password_hash: str | None, bot: bool = False
    ) -> int:
        async with self.engine.begin() as connection:
            result = await connection.execute(
                users.insert().values(
                    name=name,
                    name_key=name_key,
                    password_hash=password_hash,
                    guest=password_hash is None,
                    created_at=time.time(),
                    bot=bot,
                )
            )
            key = result.inserted_primary_key
            if key is None:
                raise RuntimeError("the database gave the new user no id")
            return int(key[0])

    async def registered(self, name_key: str) -> UserRow | None:
        async with self.engine.connect() as connection:
            row = (
                await connection.execute(
                    sa.select(users).where(users.c.name_key == name_key, sa.not_(users.c.guest))
                )
            ).first()
        return None if row is None else _user(row)

    async def users(self, ids: Collection[int]) -> dict[int, UserRow]:
        """The rows of these users that are still kept, by id."""
        if not ids:
            return {}
        async with self.engine.connect() as connection:
            rows = await connection.execute(sa.select(users).where(users.c.id.in_(sorted(ids))))
            return {r.id: _user(r) for r in rows}

    async def set_password(self, user_id: int, password_hash: str) -> None:
        async with self.engine.begin() as connection:
            await connection.execute(
                users.update().where(users.c.id == user_id).values(password_hash=password_hash)
            )

    # -- e-mail ---------------------------------------------------------------------------

    async def mail_of(self, user_id: int) -> tuple[str, bool, bool] | None:
        """(address, confirmed, wants turn mails), if the player gave an address."""
        async with self.engine.connect() as connection:
            row = (
                await connection.execute(sa.select(mail).where(mail.c.user_id == user_id))
            ).first()
        return None if row is None else (row.address, row.confirmed, row.turns)

    async def set_mail(self, user_id: int, address: str, confirmed: bool, turns: bool) -> None:
        async with self.engine.begin() as connection:
            await connection.execute(mail.delete().where(mail.c.user_id == user_id))
            await connection.execute(
                mail.insert().values(
                    user_id=user_id, address=address, confirmed=confirmed, turns=turns
                )
            )

    async def turn_mail_addresses(self) -> dict[int, str]:
        """The confirmed addresses of those who want turn mails, by user."""
        async with self.engine.connect() as connection:
            rows = await connection.execute(
                sa.select(mail.c.user_id, mail.c.address).where(mail.c.confirmed, mail.c.turns)
            )
            return {r.user_id: r.address for r in rows}

    async def claim_turn_mail(self, user_id: int, table_id: int, match_id: int, turn: int) -> bool:
        """Note that this turn is mailed to this player, unless it was already: whether
        the caller is the one to send it. One statement (an upsert whose update applies
        only to a later turn), so two processes told of one turn cannot both win."""
        insert: Any = (
            postgresql.insert(turn_mails)
            if self.engine.dialect.name == "postgresql"
            else sqlite.insert(turn_mails)
        )
        # Only a later turn replaces the one noted: a late notice of an earlier turn,
        # come from another process, is not a new turn.
        later = (insert.excluded.match_id > turn_mails.c.match_id) | (
            (insert.excluded.match_id == turn_mails.c.match_id)
            & (insert.excluded.turn > turn_mails.c.turn)
        )
        statement = insert.values(
            user_id=user_id, table_id=table_id, match_id=match_id, turn=turn
        ).on_conflict_do_update(
            index_elements=[turn_mails.c.user_id, turn_mails.c.table_id],
            set_={"match_id": insert.excluded.match_id, "turn": insert.excluded.turn},
            where=later,
        )
        # A row comes back only if this statement wrote it (SQLite's rowcount of an
        # upsert that changed nothing is the previous statement's).
        async with self.engine.begin() as connection:
            result = await connection.execute(statement.returning(turn_mails.c.turn))
            return result.first() is not None

    # -- sessions -------------------------------------------------------------------------

    async def add_session(self, session_id: str, user_id: int) -> None:
        async with self.engine.begin() as connection:
            await connection.execute(
                sessions.insert().values(id=session_id, user_id=user_id, created_at=time.time())
            )

    async def session_user(self, session_id: str) -> UserRow | None:
        """The user of a session that stands (one look-up by primary key, with the user's
        row), or None once it was revoked."""
        async with self.engine.connect() as connection:
            row = (
                await connection.execute(
                    sa.select(users)
                    .join(sessions, sessions.c.user_id == users.c.id)
                    .where(sessions.c.id == session_id)
                )
            ).first()
        return None if row is None else _user(row)

    async def revoke_session(self, session_id: str) -> None:
        async with self.engine.begin() as connection:
            await connection.execute(sessions.delete().where(sessions.c.id == session_id))

    async def revoke_sessions(self, user_id: int, keep: str | None = None) -> None:
        """Every session of a user, but ``keep``."""
        where = sessions.c.user_id == user_id
        if keep is not None:
            where &= sessions.c.id != keep
        async with self.engine.begin() as connection:
            await connection.execute(sessions.delete().where(where))

    async def forget_sessions_before(self, moment: float) -> None:
        """Sessions older than their cookies may be: nothing can name them any more."""
        async with self.engine.begin() as connection:
            await connection.execute(sessions.delete().where(sessions.c.created_at < moment))

    async def forget_guests(self, keep: Collection[int], created_before: float) -> int:
        """Delete the rows of guests no session holds, created before ``created_before``,
        but those in ``keep`` (online, seated); how many went. Their matches keep their
        names in the seats. The newest row of all is never deleted: SQLite gives a new
        row the highest id plus one, and an id handed out again would make a newcomer the
        player of a gone guest's matches."""
        newest = sa.select(sa.func.max(users.c.id)).scalar_subquery()
        where = (
            users.c.guest.is_(True)
            & (users.c.created_at < created_before)
            & (users.c.id < newest)
            & users.c.id.not_in(sa.select(sessions.c.user_id))
        )
        if keep:
            where &= users.c.id.not_in(sorted(keep))
        async with self.engine.begin() as connection:
            result = await connection.execute(users.delete().where(where))
        return int(result.rowcount or 0)

    async def make_bot(self, user_id: int) -> bool:
        """Mark a registered player with no matches a bot; False if they have played (a
        person's matches and ratings are not a bot's) or are a guest."""
        # A rare act: the seats of every match are read and looked through here rather
        # than kept in an index of players each match would have to write.
        async with self.engine.begin() as connection:
            for (seats,) in await connection.execute(sa.select(matches.c.seats)):
                if any(chair and chair.get("user_id") == user_id for chair in seats):
                    return False
            result = await connection.execute(
                users.update().where(users.c.id == user_id, sa.not_(users.c.guest)).values(bot=True)
            )
        return bool(result.rowcount)

    async def user(self, user_id: int) -> UserRow | None:
        async with self.engine.connect() as connection:
            row = (await connection.execute(sa.select(users).where(users.c.id == user_id))).first()
        return None if row is None else _user(row)


def _user(row: Any) -> UserRow:
    return UserRow(row.id, row.name, row.guest, row.password_hash, row.bot)
