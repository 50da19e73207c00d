"""Sockets opened with a personal token close once the token is revoked, whoever revoked
it: this process (``botapi.revoke`` closes its own at once), another process of the
room, or ``ludoteca bot revoke`` on the server's command line, which tells no process.
So every ``token_check_seconds`` the tokens of the sockets open here are looked up, in
one query for all of them, and a socket whose token is gone is closed."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable

from ..connection import Connection
from ..storage import Store

log = logging.getLogger("ludoteca.server")

#: How a socket whose token was revoked is closed.
REVOKED = (4401, "the token was revoked: make a new one")


def close_revoked(connections: Iterable[Connection], token_id: int) -> None:
    for connection in connections:
        if connection.token == token_id:
            connection.close(*REVOKED)


async def check(store: Store, connections: Iterable[Connection]) -> None:
    """Close those of ``connections`` whose token was revoked."""
    with_token = [c for c in connections if c.token is not None]
    if not with_token:
        return
    standing = await store.standing_tokens({c.token for c in with_token if c.token is not None})
    for connection in with_token:
        if connection.token not in standing:
            connection.close(*REVOKED)


async def watch(
    store: Store, connections: Callable[[], Iterable[Connection]], every: float
) -> None:
    """Check every ``every`` seconds, until cancelled."""
    while True:
        await asyncio.sleep(every)
        try:
            await check(store, connections())
        except Exception:
            log.exception("looking for revoked tokens failed; it looks again shortly")
