"""The Starlette app: pages, the entry API, the WebSocket, and the room's life cycle."""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import AsyncIterator
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

import msgspec
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

import ludoteca

from . import protocol as p
from .accounts import (
    COOKIE,
    SESSION_SECONDS,
    AccountError,
    Sessions,
    check_name,
    check_password,
    hash_password,
    name_key,
    password_matches,
)
from .connection import Connection
from .room import Room, Settings
from .storage import Store

log = logging.getLogger("ludoteca.server")
WEB = resources.files("ludoteca") / "web"


class Entry(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    password: str | None = None


_entry = msgspec.json.Decoder(Entry)


def create_app(settings: Settings) -> Starlette:
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(settings.db_url)
        room = Room(settings, store)
        await room.open()
        app.state.room = room
        app.state.sessions = Sessions(await store.server_key("session"))
        try:
            yield
        finally:
            await room.close()

    routes = [
        Route("/", page("index.html")),
        Route("/api/games", games),
        Route("/api/guest", enter_as_guest, methods=["POST"]),
        Route("/api/register", register, methods=["POST"]),
        Route("/api/login", login, methods=["POST"]),
        Route("/api/logout", logout, methods=["POST"]),
        Route("/api/me", me),
        Route("/api/status", status),
        WebSocketRoute("/ws", socket),
        Mount("/static", StaticFiles(directory=str(WEB)), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.settings = settings
    return app


def page(name: str) -> Any:
    async def serve(request: Request) -> Response:
        return FileResponse(str(WEB / name), media_type="text/html")

    return serve


# -- entering -------------------------------------------------------------------------------


async def games(request: Request) -> Response:
    return JSONResponse(request.app.state.room.games)


async def _read_entry(request: Request) -> Entry:
    body = await request.body()
    if len(body) > 4096:
        raise AccountError("the request is too large")
    try:
        return _entry.decode(body)
    except msgspec.ValidationError as error:
        raise AccountError(f"send {{'name': …, 'password': …}}: {error}") from None
    except msgspec.DecodeError:
        raise AccountError("send a JSON object {'name': …, 'password': …}") from None


def _entered(request: Request, user_id: int, name: str, guest: bool) -> Response:
    room: Room = request.app.state.room
    room.hold_name(user_id, name)
    response = JSONResponse({"id": user_id, "name": name, "guest": guest})
    response.set_cookie(
        COOKIE,
        request.app.state.sessions.token(user_id),
        max_age=SESSION_SECONDS,
        httponly=True,
        samesite="lax",
        secure=request.app.state.settings.secure_cookies,
    )
    return response


def _refuse(text: str, status: int = 400) -> Response:
    return JSONResponse({"error": text}, status_code=status)


async def enter_as_guest(request: Request) -> Response:
    room: Room = request.app.state.room
    try:
        entry = await _read_entry(request)
        name = check_name(entry.name)
    except AccountError as error:
        return _refuse(str(error))
    if await room.store.registered(name_key(name)) is not None:
        return _refuse(f"{name!r} is a registered player's name: log in, or pick another", 409)
    if room.name_taken(name):
        return _refuse(f"someone called {name!r} is online: pick another name", 409)
    user_id = await room.store.add_user(name, name_key(name), None)
    return _entered(request, user_id, name, True)


async def register(request: Request) -> Response:
    room: Room = request.app.state.room
    try:
        entry = await _read_entry(request)
        name = check_name(entry.name)
        password = check_password(entry.password)
    except AccountError as error:
        return _refuse(str(error))
    if await room.store.registered(name_key(name)) is not None or room.name_taken(name):
        return _refuse(f"the name {name!r} is taken: pick another", 409)
    try:
        user_id = await room.store.add_user(name, name_key(name), hash_password(password))
    except Exception:  # the unique index: someone registered it a moment ago
        return _refuse(f"the name {name!r} is taken: pick another", 409)
    return _entered(request, user_id, name, False)


async def login(request: Request) -> Response:
    room: Room = request.app.state.room
    try:
        entry = await _read_entry(request)
    except AccountError as error:
        return _refuse(str(error))
    user = await room.store.registered(name_key(entry.name.strip()))
    if (
        user is None
        or user.password_hash is None
        or entry.password is None
        or not password_matches(user.password_hash, entry.password)
    ):
        return _refuse("no player with that name and password", 401)
    return _entered(request, user.id, user.name, False)


async def logout(request: Request) -> Response:
    response = JSONResponse({"ok": True})
    response.delete_cookie(COOKIE)
    return response


async def _person(room: Room, sessions: Sessions, cookie: str | None) -> p.Person | None:
    user_id = sessions.user_id(cookie)
    if user_id is None:
        return None
    user = await room.store.user(user_id)
    return None if user is None else p.Person(user.id, user.name, user.guest)


async def me(request: Request) -> Response:
    person = await _person(
        request.app.state.room, request.app.state.sessions, request.cookies.get(COOKIE)
    )
    if person is None:
        return _refuse("not entered", 401)
    return JSONResponse(msgspec.to_builtins(person))


async def status(request: Request) -> Response:
    room: Room = request.app.state.room
    return JSONResponse(
        {**room.status(), "rss_mb": round(_rss_bytes() / 2**20, 1), "version": ludoteca.__version__}
    )


def _rss_bytes() -> int:
    with contextlib.suppress(OSError), open(f"/proc/{os.getpid()}/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    return 0


# -- the WebSocket --------------------------------------------------------------------------


async def socket(websocket: WebSocket) -> None:
    room: Room = websocket.app.state.room
    origin = websocket.headers.get("origin")
    host = websocket.headers.get("host")
    if origin is not None and urlsplit(origin).netloc != host:
        # Another site's page may not act for a player whose cookie the browser sends.
        await websocket.close(1008, "cross-origin connection refused")
        return
    person = await _person(room, websocket.app.state.sessions, websocket.cookies.get(COOKIE))
    if person is None:
        await websocket.close(4401, "enter first: POST /api/guest or /api/login")
        return
    if room.name_taken(person.name, by_other_than=person.id):
        await websocket.close(4409, f"someone called {person.name!r} is online: enter again")
        return
    await websocket.accept()
    settings = room.settings
    connection = Connection(
        websocket, person, settings.messages_per_second, settings.chat_per_second
    )
    connection.start()
    room.connect(connection)
    try:
        await _read(room, connection)
    except WebSocketDisconnect:
        pass
    finally:
        room.disconnect(connection)
        await connection.stop()


async def _read(room: Room, connection: Connection) -> None:
    websocket = connection.websocket
    while connection.closing is None:
        frame = await websocket.receive()
        if frame["type"] == "websocket.disconnect":
            return
        text = frame.get("text")
        if text is None:
            connection.send(p.Error("bad_message", "send JSON as text frames, not binary"))
            continue
        if len(text) > p.MAX_MESSAGE_BYTES:
            connection.close(1009, f"a message has at most {p.MAX_MESSAGE_BYTES} bytes")
            return
        if not connection.messages.take():
            if not connection.strikes.take():
                connection.close(1008, "flooding: too many messages")
                return
            if not connection.told_to_slow_down:
                connection.told_to_slow_down = True
                connection.send(p.Error("slow_down", "too many messages: wait a moment"))
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
        try:
            room.handle(connection, message)
        except Exception:
            log.exception("handling %r from %s failed", message, connection.user.name)
            connection.send(p.Error("server_error", "the server failed to handle that message"))
