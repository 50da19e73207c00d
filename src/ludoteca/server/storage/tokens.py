"""The rows of personal tokens: a part of the ``Store`` (mixed into it), apart because a
token is its own way in (docs/bots.md); only a token's sha256 is stored."""

from __future__ import annotations

import time
from collections.abc import Collection

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

from .rows import TokenRow, UserRow
from .schema import tokens, users


class TokenRows:
    engine: AsyncEngine

    async def add_token(self, user_id: int, digest: str, scopes: str, label: str = "") -> int:
        async with self.engine.begin() as connection:
            result = await connection.execute(
                tokens.insert().values(
                    user_id=user_id,
                    hash=digest,
                    scopes=scopes,
                    created_at=time.time(),
                    label=label,
                )
            )
            key = result.inserted_primary_key
            if key is None:
                raise RuntimeError("the database gave the new token no id")
            return int(key[0])

    async def token_user(self, digest: str) -> tuple[UserRow, str, int] | None:
        """The user a token stands for, its scopes and id, or None (never made, or
        revoked); the token is marked used now."""
        async with self.engine.begin() as connection:
            row = (
                await connection.execute(
                    sa.select(users, tokens.c.scopes, tokens.c.id.label("token_id"))
                    .join(tokens, tokens.c.user_id == users.c.id)
                    .where(tokens.c.hash == digest)
                )
            ).first()
            if row is None:
                return None
            await connection.execute(
                tokens.update().where(tokens.c.id == row.token_id).values(last_used=time.time())
            )
        user = UserRow(row.id, row.name, row.guest, row.password_hash, row.bot)
        return user, row.scopes, row.token_id

    async def user_tokens(self, user_id: int) -> list[TokenRow]:
        async with self.engine.connect() as connection:
            rows = await connection.execute(
                sa.select(
                    tokens.c.id,
                    tokens.c.scopes,
                    tokens.c.created_at,
                    tokens.c.label,
                    tokens.c.last_used,
                )
                .where(tokens.c.user_id == user_id)
                .order_by(tokens.c.id)
            )
            return [TokenRow(r.id, r.scopes, r.created_at, r.label, r.last_used) for r in rows]

    async def standing_tokens(self, token_ids: Collection[int]) -> set[int]:
        """Those of ``token_ids`` not revoked."""
        if not token_ids:
            return set()
        async with self.engine.connect() as connection:
            rows = await connection.execute(
                sa.select(tokens.c.id).where(tokens.c.id.in_(list(token_ids)))
            )
            return {r.id for r in rows}

    async def revoke_token(self, user_id: int, token_id: int) -> bool:
        """Delete one of a user's tokens; False if they have none with that id."""
        async with self.engine.begin() as connection:
            result = await connection.execute(
                tokens.delete().where(tokens.c.id == token_id, tokens.c.user_id == user_id)
            )
        return bool(result.rowcount)
