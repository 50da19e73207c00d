"""The Starlette app: pages, the entry API, the WebSocket, and the room's life cycle."""

from __future__ import annotations

import contextlib
import logging
import os
import time
from collections.abc import AsyncIterator
from importlib import resources
from typing import Any

import msgspec
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send

import ludoteca

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
from .history import (
    leaderboard,
    match_document,
    match_summary,
    match_view,
    player_page,
)
from .replays import FinishedMatches
from .room import Room, Settings
from .socket import person_of, serve_socket
from .storage import Store

log = logging.getLogger("ludoteca.server")
WEB = resources.files("ludoteca") / "web"


class Entry(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    password: str | None = None


_entry = msgspec.json.Decoder(Entry)


def create_app(settings: Settings) -> RoomApp:
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
            app.state.finished.close()

    routes: list[BaseRoute] = [
        Route("/", page("index.html")),
        Route("/matches/{match}", page("history/match.html")),
        Route("/players/{name}", page("history/player.html")),
        Route("/api/matches/{match}", match_summary),
        Route("/api/matches/{match}/view", match_view),
        Route("/api/matches/{match}/document", match_document),
        Route("/api/players/{name}", player_page),
        Route("/api/ratings/{game}", leaderboard),
        Route("/ratings/{game}", page("history/ratings.html")),
        Route("/rules", rules_page),
        Route("/rules/{game}", rules_page),
        Route("/api/games", games),
        Route("/api/guest", enter_as_guest, methods=["POST"]),
        Route("/api/register", register, methods=["POST"]),
        Route("/api/login", login, methods=["POST"]),
        Route("/api/logout", logout, methods=["POST"]),
        Route("/api/me", me),
        Route("/api/status", status),
        Mount("/static", StaticFiles(directory=str(WEB)), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.settings = settings
    app.state.finished = FinishedMatches()
    return RoomApp(app)


class RoomApp:
    """The room's ASGI app: ``/ws`` goes straight to the room's socket, the rest to
    Starlette. A message then passes no routing or middleware layers on its way, which
    are most of the cost of a move at full load (docs/server.md)."""

    def __init__(self, app: Starlette) -> None:
        self.app = app

    @property
    def state(self) -> Any:
        return self.app.state

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and scope["path"] == "/ws":
            await serve_socket(self.app.state, scope, receive, send)
        else:
            await self.app(scope, receive, send)


def page(name: str) -> Any:
    async def serve(request: Request) -> Response:
        return FileResponse(str(WEB / name), media_type="text/html")

    return serve


async def rules_page(request: Request) -> Response:
    """A game's rules (or the list of games); an unknown game is a 404 whose page lists
    the games there are."""
    game = request.path_params.get("game")
    known = game is None or game in ludoteca.games()
    page_file = str(WEB / "rules" / "rules.html")
    return FileResponse(page_file, media_type="text/html", status_code=200 if known else 404)


# -- entering -------------------------------------------------------------------------------


async def games(request: Request) -> Response:
    return JSONResponse(request.app.state.room.games)


async def _read_entry(request: Request) -> Entry:
    body = await request.body()
    if len(body) > 4096:
        raise AccountError("bad_request", "the request is too large")
    try:
        return _entry.decode(body)
    except msgspec.ValidationError as error:
        raise AccountError("bad_request", f"send {{'name': …, 'password': …}}: {error}") from None
    except msgspec.DecodeError:
        raise AccountError("bad_request", "send a JSON object {'name': …, 'password': …}") from None


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


def _refuse(code: str, text: str, status: int = 400, **params: object) -> Response:
    """A refusal: ``error`` says in English what was wrong and what is allowed; ``code``
    and ``params`` let a client say it in its player's language."""
    return JSONResponse({"error": text, "code": code, "params": params}, status_code=status)


def _refuse_entry(error: AccountError) -> Response:
    return _refuse(error.code, str(error), 400, **error.params)


async def enter_as_guest(request: Request) -> Response:
    room: Room = request.app.state.room
    try:
        entry = await _read_entry(request)
        name = check_name(entry.name)
    except AccountError as error:
        return _refuse_entry(error)
    if await room.store.registered(name_key(name)) is not None:
        return _refuse(
            "name_registered",
            f"{name!r} is a registered player's name: log in, or pick another",
            409,
            name=name,
        )
    if room.name_taken(name):
        return _refuse(
            "name_online", f"someone called {name!r} is online: pick another name", 409, name=name
        )
    user_id = await room.store.add_user(name, name_key(name), None)
    return _entered(request, user_id, name, True)


async def register(request: Request) -> Response:
    room: Room = request.app.state.room
    try:
        entry = await _read_entry(request)
        name = check_name(entry.name)
        password = check_password(entry.password)
    except AccountError as error:
        return _refuse_entry(error)
    taken = _refuse("name_taken", f"the name {name!r} is taken: pick another", 409, name=name)
    if await room.store.registered(name_key(name)) is not None or room.name_taken(name):
        return taken
    try:
        user_id = await room.store.add_user(name, name_key(name), hash_password(password))
    except Exception:  # the unique index: someone registered it a moment ago
        return taken
    return _entered(request, user_id, name, False)


async def login(request: Request) -> Response:
    room: Room = request.app.state.room
    try:
        entry = await _read_entry(request)
    except AccountError as error:
        return _refuse_entry(error)
    user = await room.store.registered(name_key(entry.name.strip()))
    if (
        user is None
        or user.password_hash is None
        or entry.password is None
        or not password_matches(user.password_hash, entry.password)
    ):
        return _refuse("wrong_login", "no player with that name and password", 401)
    return _entered(request, user.id, user.name, False)


async def logout(request: Request) -> Response:
    response = JSONResponse({"ok": True})
    response.delete_cookie(COOKIE)
    return response


async def me(request: Request) -> Response:
    person = await person_of(
        request.app.state.room, request.app.state.sessions, request.cookies.get(COOKIE)
    )
    if person is None:
        return _refuse("not_entered", "not entered", 401)
    return JSONResponse(msgspec.to_builtins(person))


async def status(request: Request) -> Response:
    room: Room = request.app.state.room
    return JSONResponse(
        {
            **room.status(),
            "rss_mb": round(_rss_bytes() / 2**20, 1),
            # CPU seconds of the server process (all its threads) since it started: a load
            # test reads it before and after, for the CPU each accepted move costs.
            "cpu_s": round(time.process_time(), 3),
            "version": ludoteca.__version__,
        }
    )


def _rss_bytes() -> int:
    with contextlib.suppress(OSError), open(f"/proc/{os.getpid()}/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    return 0
