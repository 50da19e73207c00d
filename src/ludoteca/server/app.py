"""The Starlette app: pages, the routes (entering is in ``entry``), the WebSocket in
front, and the room's life cycle."""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import AsyncIterator
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send

import ludoteca

from . import botapi, stream
from .accounts import (
    Sessions,
)
from .answers import refuse
from .entry import (
    change_password,
    enter_as_guest,
    login,
    logout,
    register,
)
from .friends import friends, relations
from .guard import Guarded
from .history import (
    leaderboard,
    match_document,
    match_summary,
    match_view,
    my_matches,
    player_page,
    table_link,
)
from .limits import EntryLimits, Limit, Tally
from .mail import address, confirm, unsubscribe
from .replays import FinishedMatches
from .room import Room, Settings
from .shared import redis
from .shared.presence import Presence
from .socket import serve_socket
from .storage import Store

WEB = resources.files("ludoteca") / "web"


def create_app(settings: Settings) -> RoomApp:
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        owner = settings.process_id if settings.leases else None
        store = Store(settings.db_url, owner, settings.lease_seconds)
        room = Room(settings, store, shared.presence)
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
        Route("/tables/{table}", page("index.html")),
        Route("/api/tables/{table}", table_link),
        Route("/api/my/matches", my_matches),
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
        Route("/api/me", botapi.me),
        Route("/api/bot", botapi.become_bot, methods=["POST"]),
        Route("/api/tokens", botapi.tokens, methods=["GET", "POST"]),
        Route("/api/tokens/{token}/revoke", botapi.revoke, methods=["POST"]),
        Route("/api/bot/stream", stream.stream),
        Route("/api/status", status),
        Route("/api/relations", relations, methods=["GET", "POST"]),
        Route("/api/friends", friends),
        Route("/api/mail", address, methods=["GET", "POST"]),
        Route("/mail/confirm", confirm),
        Route("/mail/unsubscribe", unsubscribe),
        Route("/api/{rest:path}", no_such_api, methods=["GET", "HEAD", "POST"]),
        Mount("/static", StaticFiles(directory=str(WEB)), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.settings = settings
    app.state.finished = FinishedMatches()
    shared = Shared(settings)
    app.state.limits = shared.limits
    return RoomApp(app)


class Shared:
    """What the room's processes share (server/shared): with ``redis_url``, through
    Redis; without, nothing: this process is the room, its limits counted in memory."""

    def __init__(self, settings: Settings) -> None:
        window = settings.login_window
        limits = (
            Limit("login_failures_per_name", settings.login_failures_per_name, window),
            Limit("login_failures_per_address", settings.login_failures_per_address, window),
            Limit("entries_per_minute", settings.entries_per_minute, 60.0),
        )
        self.presence: Presence | None = None
        if settings.redis_url is None:
            self.limits = EntryLimits(*(Tally(limit) for limit in limits))
            return
        # The client connects on first use, in the server's own event loop.
        client = redis.connect(settings.redis_url)
        prefix = settings.redis_prefix
        self.limits = EntryLimits(*(redis.RedisTally(client, limit, prefix) for limit in limits))
        self.presence = redis.RedisPresence(client, settings.process_id, prefix)


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
    known = game is None or game in ludoteca.game_ids()
    page_file = str(WEB / "rules" / "rules.html")
    return FileResponse(page_file, media_type="text/html", status_code=200 if known else 404)


async def games(request: Request) -> Response:
    return JSONResponse(request.app.state.room.games)


async def no_such_api(request: Request) -> Response:
    # The path is not repeated: an answer that echoes what a link put in it is a way to
    # make the room say something it did not.
    return refuse("no_such_api", "no such API: see docs/protocol.md for those there are", 404)


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
