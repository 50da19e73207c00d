"""Bot accounts and tokens made on the server itself (``ludoteca bot create | token |
revoke | tokens``): the operator's way, beside the account page's (``botapi``).

A bot made here has no password (``NO_PASSWORD`` matches none): it enters with tokens.
"""

from __future__ import annotations

from .accounts import AccountError, check_name, name_key
from .storage import Store
from .storage.rows import TokenRow, UserRow
from .tokens import Scope, TokenError, check_label, check_scopes, digest, new_token

#: Stored as a bot's password hash: no argon2 hash, so no password matches it.
NO_PASSWORD = "!bot: enters with tokens"


class BotAccountError(ValueError):
    """What the operator asked cannot be done; the text says why."""


async def create(db_url: str, name: str) -> tuple[int, str]:
    """A new bot account and its first token (``bot:play``): (user id, token)."""
    try:
        name = check_name(name)
    except AccountError as error:
        raise BotAccountError(str(error)) from None
    store = await _open(db_url)
    try:
        if await store.registered(name_key(name)) is not None:
            raise BotAccountError(f"the name {name!r} is taken: pick another")
        user_id = await store.add_user(name, name_key(name), NO_PASSWORD, bot=True)
        token = new_token()
        await store.add_token(user_id, digest(token), Scope.PLAY.value)
        return user_id, token
    finally:
        await store.close()


async def add_token(db_url: str, name: str, scopes: list[str], label: str = "") -> tuple[int, str]:
    """A new token of a registered account: (token id, token)."""
    store = await _open(db_url)
    try:
        user = await _registered(store, name)
        try:
            stored = check_scopes(scopes, user.bot)
            label = check_label(label)
        except TokenError as error:
            raise BotAccountError(str(error)) from None
        token = new_token()
        return await store.add_token(user.id, digest(token), stored, label), token
    finally:
        await store.close()


async def tokens(db_url: str, name: str) -> list[TokenRow]:
    store = await _open(db_url)
    try:
        return await store.user_tokens((await _registered(store, name)).id)
    finally:
        await store.close()


async def revoke(db_url: str, name: str, token_id: int) -> None:
    store = await _open(db_url)
    try:
        if not await store.revoke_token((await _registered(store, name)).id, token_id):
            raise BotAccountError(
                f"{name!r} has no token {token_id}: 'ludoteca bot tokens' lists them"
            )
    finally:
        await store.close()


async def _open(db_url: str) -> Store:
    store = Store(db_url)
    await store.migrate()
    return store


async def _registered(store: Store, name: str) -> UserRow:
    user = await store.registered(name_key(name.strip()))
    if user is None:
        raise BotAccountError(f"no registered player or bot is called {name!r}")
    return user
