"""The Starlette app: pages, the entry API, the WebSocket, and the room's life cycle."""

from __future__ import annotations

import contextlib
import logging
import os
import time
from collections.abc import AsyncIterator, Callable
from importlib import resources
from typing import Any, TypeVar

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
from .guard import Guarded
from .history import (
    leaderboard,
    match_document,
    match_summary,
    match_view,
    player_page,
)
from .limits import EntryLimits, Limit, Tally, TooMany, check
from .replays import FinishedMatches
from .room import Room, Settings
from .socket import person_of, serve_socket
from .storage import Store

log = logging.getLogger("ludoteca.server")
T = TypeVar("T")
WEB = resources.files("ludoteca") / "web"


class Entry(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    password: str | None = None


class PasswordChange(msgspec.Struct, forbid_unknown_fields=True):
    old: str
    new: str


_entry = msgspec.json.Decoder(Entry)
_password_change = msgspec.json.Decoder(PasswordChange)


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
        Route("/api/password", change_password, methods=["POST"]),
        Route("/api/me", me),
        Route("/api/status", status),
        Route("/api/{rest:path}", no_such_api, methods=["GET", "HEAD", "POST"]),
        Mount("/static", StaticFiles(directory=str(WEB)), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.settings = settings
    app.state.finished = FinishedMatches()
    window = settings.login_window
    app.state.limits = EntryLimits(
        Tally(Limit("login_failures_per_name", settings.login_failures_per_name, window)),
        Tally(Limit("login_failures_per_address", settings.login_failures_per_address, window)),
        Tally(Limit("entries_per_minute", settings.entries_per_minute, 60.0)),
    )
    return RoomApp(app)


class RoomApp:
    """The room's ASGI app: ``/ws`` goes straight to the room's socket, the rest to
    Starlette. A message then passes no routing or middleware layers on its way, which
    are most of the cost of a move at full load (docs/server.md)."""

    def __init__(self, app: Starlette) -> None:
        self.app = app
        self.http = Guarded(app)

    @property
    def state(self) -> Any:
        return self.app.state

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and scope["path"] == "/ws":
            await serve_socket(self.app.state, scope, receive, send)
        else:
            await self.http(scope, receive, send)


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
    return await _read(request, _entry, "{'name': …, 'password': …}")


async def _read(request: Request, decoder: msgspec.json.Decoder[T], shape: str) -> T:
    body = await request.body()
    if len(body) > 4096:
        raise AccountError("bad_request", "the request is too large")
    try:
        return decoder.decode(body)
    except msgspec.ValidationError as error:
        raise AccountError("bad_request", f"send {shape}: {error}") from None
    except msgspec.DecodeError:
        raise AccountError("bad_request", f"send a JSON object {shape}") from None


async def _entered(request: Request, user_id: int, name: str, guest: bool) -> Response:
    room: Room = request.app.state.room
    sessions: Sessions = request.app.state.sessions
    room.people.hold_name(user_id, name)
    session = sessions.new_id()
    await room.store.add_session(session, user_id)
    response = JSONResponse({"id": user_id, "name": name, "guest": guest})
    response.set_cookie(
        COOKIE,
        sessions.token(session),
        max_age=SESSION_SECONDS,
        httponly=True,
        samesite="lax",
        secure=request.app.state.settings.secure_cookies,
    )
    return response


def _address(request: Request) -> str:
    return request.client.host if request.client is not None else ""


def _too_many(too_many: TooMany) -> Response:
    """429 naming the limit (its setting) and when to try again, also as Retry-After."""
    limit = too_many.limit
    response = _refuse(
        "too_many_attempts",
        f"too many attempts ({limit.setting}: {limit.count} in {limit.seconds:g} s): "
        f"try again in {too_many.retry_after} s",
        429,
        limit=limit.setting,
        retry_after=too_many.retry_after,
    )
    response.headers["Retry-After"] = str(too_many.retry_after)
    return response


def _refuse(code: str, text: str, status: int = 400, **params: object) -> Response:
    """A refusal: ``error`` says in English what was wrong and what is allowed; ``code``
    and ``params`` let a client say it in its player's language."""
    return JSONResponse({"error": text, "code": code, "params": params}, status_code=status)


def _refuse_entry(error: AccountError) -> Response:
    if error.code == "busy":
        response = _refuse(error.code, str(error), 503, **error.params)
        response.headers["Retry-After"] = "1"
        return response
    return _refuse(error.code, str(error), 400, **error.params)


def _count_entry(request: Request) -> None:
    """An entry (as a guest, or registering) from the request's address: TooMany once
    the address has made too many."""
    entries: Tally = request.app.state.limits.entries_per_address
    address = _address(request)
    check((entries, address))
    entries.count(address)


async def enter_as_guest(request: Request) -> Response:
    room: Room = request.app.state.room
    try:
        _count_entry(request)
        entry = await _read_entry(request)
        name = check_name(entry.name)
    except TooMany as too_many:
        return _too_many(too_many)
    except AccountError as error:
        return _refuse_entry(error)
    if await room.store.registered(name_key(name)) is not None:
        return _refuse(
            "name_registered",
            f"{name!r} is a registered player's name: log in, or pick another",
            409,
            name=name,
        )
    if room.people.name_seated(name):
        return _refuse(
            "name_seated",
            f"someone called {name!r} has a seat at a table: pick another name",
            409,
            name=name,
        )
    if room.people.name_taken(name):
        return _refuse(
            "name_online", f"someone called {name!r} is online: pick another name", 409, name=name
        )
    user_id = await room.store.add_user(name, name_key(name), None)
    return await _entered(request, user_id, name, True)


async def register(request: Request) -> Response:
    room: Room = request.app.state.room
    try:
        _count_entry(request)
        entry = await _read_entry(request)
        name = check_name(entry.name)
        password = check_password(entry.password)
    except TooMany as too_many:
        return _too_many(too_many)
    except AccountError as error:
        return _refuse_entry(error)
    taken = _refuse("name_taken", f"the name {name!r} is taken: pick another", 409, name=name)
    if await room.store.registered(name_key(name)) is not None or room.people.name_taken(name):
        return taken
    try:
        password_hash = await hash_password(password)
    except AccountError as error:
        return _refuse_entry(error)
    try:
        user_id = await room.store.add_user(name, name_key(name), password_hash)
    except Exception:  # the unique index: someone registered it a moment ago
        return taken
    return await _entered(request, user_id, name, False)


async def _password_right(request: Request, key: str, stored: str | None, given: str) -> bool:
    """Whether ``given`` is the password of the player whose name has this key; a wrong
    one counts against the limits of the name and the address. Raises TooMany when
    either is used up, before any hashing: a flood of guesses costs the room nothing.
    Each try counts before its hash is checked, so that guesses at once cannot all
    slip under a limit; a right one is given back."""
    limits: EntryLimits = request.app.state.limits
    tallies = ((limits.failures_per_name, key), (limits.failures_per_address, _address(request)))
    check(*tallies)
    for tally, counted in tallies:
        tally.count(counted)
    if stored is not None and await password_matches(stored, given):
        for tally, counted in tallies:
            tally.refund(counted)
        return True
    return False


async def login(request: Request) -> Response:
    room: Room = request.app.state.room
    try:
        entry = await _read_entry(request)
        key = name_key(entry.name.strip())
        user = await room.store.registered(key)
        stored = None if user is None else user.password_hash
        right = await _password_right(request, key, stored, entry.password or "")
    except TooMany as too_many:
        return _too_many(too_many)
    except AccountError as error:
        return _refuse_entry(error)
    if user is None or not right:
        return _refuse("wrong_login", "no player with that name and password", 401)
    return await _entered(request, user.id, user.name, False)


async def change_password(request: Request) -> Response:
    """A registered player's new password, given the old one; every other session of
    theirs is revoked (whoever knew the old password is out)."""
    room: Room = request.app.state.room
    session = request.app.state.sessions.session_id(request.cookies.get(COOKIE))
    user = None if session is None else await room.store.session_user(session)
    if session is None or user is None:
        return _refuse("not_entered", "not entered", 401)
    if user.password_hash is None:
        return _refuse("guest_password", "a guest has no password: register a name", 400)
    shape = "{'old': …, 'new': …}"
    try:
        change = await _read(request, _password_change, shape)
        new = check_password(change.new)
        right = await _password_right(request, name_key(user.name), user.password_hash, change.old)
        if not right:
            return _refuse("wrong_password", "that is not your password", 401)
        await room.store.set_password(user.id, await hash_password(new))
    except TooMany as too_many:
        return _too_many(too_many)
    except AccountError as error:
        return _refuse_entry(error)
    await room.store.revoke_sessions(user.id, keep=session)
    _close_sockets(room, user.id, lambda other: other != session)
    return JSONResponse({"ok": True})


async def logout(request: Request) -> Response:
    """Ends this session, or with ``?everywhere`` every session of its player; their
    open sockets are closed."""
    room: Room = request.app.state.room
    session = request.app.state.sessions.session_id(request.cookies.get(COOKIE))
    user = None if session is None else await room.store.session_user(session)
    if session is not None and user is not None:
        if "everywhere" in request.query_params:
            await room.store.revoke_sessions(user.id)
            _close_sockets(room, user.id, lambda _other: True)
        else:
            await room.store.revoke_session(session)
            _close_sockets(room, user.id, lambda other: other == session)
    response = JSONResponse({"ok": True})
    response.delete_cookie(COOKIE)
    return response


def _close_sockets(room: Room, user_id: int, revoked: Callable[[str | None], bool]) -> None:
    for connection in list(room.people.connections.get(user_id, ())):
        if revoked(connection.session):
            connection.close(4401, "logged out: enter again")


async def me(request: Request) -> Response:
    session = request.app.state.sessions.session_id(request.cookies.get(COOKIE))
    person = await person_of(request.app.state.room, session)
    if person is None:
        return _refuse("not_entered", "not entered", 401)
    return JSONResponse(msgspec.to_builtins(person))


async def no_such_api(request: Request) -> Response:
    # The path is not repeated: an answer that echoes what a link put in it is a way to
    # make the room say something it did not.
    return _refuse("no_such_api", "no such API: see docs/protocol.md for those there are", 404)


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
