"""The room's WebSocket, spoken in plain ASGI: entry checks, then one message at a time.

A frame is read, checked (size, rate), decoded into a protocol struct and handed to the
room; anything else is answered with an error. What the room sends goes out through the
connection's own queue and writer (connection.py).
"""

from __future__ import annotations

import logging
from http.cookies import SimpleCookie
from typing import Any, NamedTuple
from urllib.parse import urlsplit

import msgspec
from starlette.types import Receive, Scope, Send

from . import protocol as p
from .accounts import COOKIE, Sessions
from .connection import Connection
from .room import Room
from .tokens import bearer, digest

log = logging.getLogger("ludoteca.server")


async def person_of(room: Room, session: str | None) -> p.Person | None:
    """Whose a session is, if it stands (one look-up, as a socket opens)."""
    if session is None:
        return None
    user = await room.store.session_user(session)
    return None if user is None else p.Person(user.id, user.name, user.guest, user.bot)


class Holder(NamedTuple):
    """Who holds a personal token, what it may do, and which token it is."""

    person: p.Person
    scopes: frozenset[str]
    token: int


async def token_holder(room: Room, token: str) -> Holder | None:
    """Whose a personal token is and what it may do, if it stands."""
    found = await room.store.token_user(digest(token))
    if found is None:
        return None
    user, scopes, token_id = found
    person = p.Person(user.id, user.name, user.guest, user.bot)
    return Holder(person, frozenset(scopes.split()), token_id)


def _headers(scope: Scope) -> dict[str, str]:
    return {name.decode("latin-1"): value.decode("latin-1") for name, value in scope["headers"]}


def _cookie(headers: dict[str, str]) -> str | None:
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(headers.get("cookie", ""))
    except Exception:  # a malformed Cookie header: no session
        return None
    morsel = jar.get(COOKIE)
    return None if morsel is None else morsel.value


async def serve_socket(state: Any, scope: Scope, receive: Receive, send: Send) -> None:
    room: Room = state.room
    if (await receive())["type"] != "websocket.connect":
        return
    headers = _headers(scope)
    token = bearer(headers.get("authorization"))
    scopes: frozenset[str] | None = None  # a session's: everything its person may do
    session = None
    token_id = None
    if token is not None:
        # A token comes in a header no browser sends by itself: another site's page cannot
        # use it, so the Origin check (which guards the cookie) is not needed here.
        holder = await token_holder(room, token)
        if holder is None:
            await _refuse_upgrade(
                scope, send, 401, "bad_token", "that token is wrong or was revoked: make a new one"
            )
            return
        person, scopes, token_id = holder
    else:
        origin = headers.get("origin")
        if origin is not None and urlsplit(origin).netloc != headers.get("host"):
            # Another site's page may not act for a player whose cookie the browser sends:
            # refused before the handshake completes.
            await send({"type": "websocket.close", "code": 1008, "reason": "cross-origin"})
            return
        sessions: Sessions = state.sessions
        session = sessions.session_id(_cookie(headers))
        found = await person_of(room, session)
        if found is None:
            await send({"type": "websocket.accept"})
            await send(
                {
                    "type": "websocket.close",
                    "code": 4401,
                    "reason": "enter first: POST /api/guest or /api/login",
                }
            )
            return
        person = found
    await send({"type": "websocket.accept"})
    address = (scope.get("client") or ("", 0))[0]
    refusal = entry_refusal(room, person, address)
    if refusal is not None:
        code, reason = refusal
        await send({"type": "websocket.close", "code": code, "reason": reason})
        return
    connection = await connected(room, send, person, address, scopes, token_id)
    connection.session = session
    try:
        await _read(room, connection, receive)
    finally:
        room.disconnect(connection)
        await connection.stop()


def entry_refusal(room: Room, person: p.Person, address: str) -> tuple[int, str] | None:
    """Why one more connection of ``person`` is refused (a close code and the reason),
    or None: a socket's, and an event stream's (``stream``)."""
    if room.people.name_taken(person.name, by_other_than=person.id):
        return 4409, f"someone called {person.name!r} is online: enter again"
    if (limit := room.people.socket_limit(person.id, address)) is not None:
        return 4429, limit
    return None


async def connected(
    room: Room,
    send: Send,
    person: p.Person,
    address: str,
    scopes: frozenset[str] | None,
    token_id: int | None,
) -> Connection:
    """A connection in the room, writing through ``send``: online, told where it sits."""
    settings = room.settings
    connection = Connection(
        send, person, settings.messages_per_second, settings.chat_per_second, address
    )
    connection.scopes = scopes
    connection.token = token_id
    connection.start()
    # The finish rate shown beside their name, read before anyone is told they came.
    await room.reputation.load([person.id])
    room.connect(connection)
    return connection


async def _refuse_upgrade(scope: Scope, send: Send, status: int, code: str, text: str) -> None:
    """Refuse the upgrade with an HTTP answer whose JSON body says why (as the API's
    refusals do), where the server can send one; else close before accepting."""
    if "websocket.http.response" in scope.get("extensions", {}):
        body = msgspec.json.encode({"error": text, "code": code, "params": {}})
        await send(
            {
                "type": "websocket.http.response.start",
                "status": status,
                "headers": [(b"content-type", b"application/json")],
            }
        )
        await send({"type": "websocket.http.response.body", "body": body})
    else:
        await send({"type": "websocket.close", "code": 1008, "reason": text})


async def _read(room: Room, connection: Connection, receive: Receive) -> None:
    while connection.closing is None:
        frame = await receive()
        if frame["type"] != "websocket.receive":
            return  # websocket.disconnect
        text = frame.get("text")
        if text is None:
            connection.send(p.Error("bad_message", "send JSON as text frames, not binary"))
            continue
        if p.too_long(text):
            connection.close(1009, f"a message has at most {p.MAX_MESSAGE_BYTES} bytes")
            return
        if not connection.messages.take():
            if not connection.strikes.take():
                connection.close(1008, "flooding: too many messages")
                return
            if not connection.told_to_slow_down:
                connection.told_to_slow_down = True
                connection.send(p.slow_down("messages", connection.messages))
            continue
        connection.told_to_slow_down = False
        try:
            message = p.client_decoder.decode(text)
        except msgspec.ValidationError as error:
            connection.send(p.Error("bad_message", f"not a message this server knows: {error}"))
            continue
        except msgspec.DecodeError:
            connection.send(p.Error("bad_message", "not valid JSON"))
            continue
        except RecursionError:
            # msgspec refuses nesting deeper than Python's own limit this way.
            connection.send(p.Error("bad_message", p.TOO_DEEP))
            continue
        try:
            room.handle(connection, message)
        except Exception:
            log.exception("handling %r from %s failed", message, connection.user.name)
            connection.send(p.Error("server_error", "the server failed to handle that message"))
