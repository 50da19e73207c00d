"""One table's events as lines of JSON over HTTP (``GET /api/bot/stream?table=ID``), for
a program that cannot hold a WebSocket (docs/bots.md, docs/protocol.md).

It is a socket's connection in all but its transport: entered with a token (``read`` or
``bot:play``), online as a socket is, watching the table as ``watch`` does, closed when
the token is revoked. So its first line is the ``sync`` a socket is sent on ``watch``,
and each line after it the bytes the table's audience sends to that seat: the stream
can carry nothing a socket of the same seat would not. Of what the room sends a
connection, only what is about that table goes into the stream (not the lobby, nor
"my tables").
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.types import Message

from . import protocol as p
from .answers import refuse
from .connection import Connection
from .room import Room
from .socket import connected, entry_refusal, token_holder
from .tokens import bearer

#: Seconds the first line may take: the table's owner may be another process.
FIRST_LINE_SECONDS = 10.0
#: The request id of the stream's ``watch``: its refusal names it.
WATCH = "stream"


class _Head(msgspec.Struct):
    """Whom a message is about: ``table`` is an id, or (``sync``, ``table``) the table's
    info, which has an ``id``."""

    t: str
    table: Any = None
    rid: str | None = None


_head = msgspec.json.Decoder(_Head)


def _table_of(head: _Head) -> int | None:
    table = head.table
    return table.get("id") if isinstance(table, dict) else table


async def stream(request: Request) -> Response:
    room: Room = request.app.state.room
    token = bearer(request.headers.get("authorization"))
    holder = None if token is None else await token_holder(room, token)
    if holder is None:
        return refuse(
            "bad_token",
            "send a token as 'Authorization: Bearer <token>': that one is missing, wrong or "
            "revoked",
            401,
        )
    try:
        table_id = int(request.query_params["table"])
    except (KeyError, ValueError):
        return refuse("bad_request", "name the table: /api/bot/stream?table=ID[&key=KEY]", 400)
    key = request.query_params.get("key")
    address = request.client.host if request.client else ""
    refusal = entry_refusal(room, holder.person, address)
    if refusal is not None:
        code, reason = refusal
        return refuse("entry_refused", reason, code - 4000)

    lines: asyncio.Queue[bytes | None] = asyncio.Queue()

    async def send(message: Message) -> None:
        if message["type"] == "websocket.close":
            lines.put_nowait(None)
            return
        text: str = message["text"]
        head = _head.decode(text)
        if _table_of(head) == table_id or head.rid == WATCH:
            lines.put_nowait(text.encode() + b"\n")

    connection = await connected(room, send, holder.person, address, holder.scopes, holder.token)
    try:
        room.handle(connection, p.Watch(table=table_id, key=key, rid=WATCH))
        first = await asyncio.wait_for(lines.get(), FIRST_LINE_SECONDS)
    except TimeoutError:
        first = None
    except BaseException:
        await _gone(room, connection)
        raise
    if first is None or _head.decode(first).t == "error":
        await _gone(room, connection)
        if first is None:
            return refuse(
                "stream_closed",
                "the stream ended before its first line (closed, or no answer in time): ask again",
                503,
            )
        error = msgspec.json.decode(first)
        status = 404 if error["code"] == "no_table" else 403
        return JSONResponse(
            {"error": error["text"], "code": error["code"], "params": error.get("params", {})},
            status_code=status,
        )

    async def body() -> AsyncIterator[bytes]:
        try:
            line: bytes | None = first
            while line is not None:
                yield line
                line = await lines.get()
        finally:
            await _gone(room, connection)

    return StreamingResponse(body(), media_type="application/x-ndjson")


async def _gone(room: Room, connection: Connection) -> None:
    room.disconnect(connection)
    await connection.stop()
