"""Running the room: the database URL by default, and uvicorn."""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import os
import socket
import sqlite3
from dataclasses import dataclass, fields
from pathlib import Path

import platformdirs
import sqlalchemy as sa
import uvicorn
from sqlalchemy.engine import make_url

from . import protocol as p
from .app import RoomApp, create_app
from .room import Settings
from .storage.store import Store

#: What --db takes: the databases the room's storage is written for, with async drivers.
DB_URL_FORMS = "sqlite+aiosqlite:///FILE or postgresql+asyncpg://USER@HOST/DATABASE"


class StartError(ValueError):
    """The room cannot start: the message says why, in one line."""


def default_db_url() -> str:
    folder = Path(platformdirs.user_data_dir("ludoteca"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite+aiosqlite:///{folder / 'ludoteca.db'}"


#: The cyclic garbage collector's thresholds in the server (Python's are 700, 10, 10).
COLLECTOR_THRESHOLDS = (10_000, 20, 100)


def collect_less() -> None:
    """Run the cyclic garbage collector far less often than Python does by default.

    A busy room allocates many short-lived objects (views, frames, rows) and keeps many
    long-lived ones (matches, their logs, connections); with the default thresholds the
    collector walked the long-lived ones over and over and took 18% of the server's CPU
    under load (issue 8), for little garbage: almost nothing the room makes is cyclic.
    What exists at start (modules, classes) is frozen out of every collection.
    """
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


def shown_url(url: str) -> str:
    """The database URL as it may be printed: with its password hidden."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except sa.exc.ArgumentError:
        return url


def check_database(url: str) -> None:
    """Open the database once before the room starts, so that a wrong URL or a database
    that cannot be reached is said in one line rather than in a traceback from the
    server's start-up."""
    try:
        parsed = make_url(url)
        dialect = parsed.get_dialect()
    except (sa.exc.ArgumentError, sa.exc.NoSuchModuleError, ImportError):
        raise StartError(f"--db {shown_url(url)!r} is not a database URL the room can use; "
                         f"it takes {DB_URL_FORMS}") from None  # fmt: skip
    if parsed.get_backend_name() not in ("sqlite", "postgresql") or not dialect.is_async:
        raise StartError(f"--db {shown_url(url)!r} uses {parsed.drivername}, which the room "
                         f"cannot use; it takes {DB_URL_FORMS}")  # fmt: skip
    if parsed.get_backend_name() == "sqlite":
        # The standard library opens the file as aiosqlite would, without a worker thread
        # left to fail as the process exits.
        try:
            sqlite3.connect(parsed.database or ":memory:").close()
        except sqlite3.Error as error:
            raise StartError(f"cannot open the database {parsed.database}: {error}") from None
        return

    async def touch() -> None:
        store = Store(url)
        try:
            async with store.engine.connect() as connection:
                await connection.exec_driver_sql("SELECT 1")
        finally:
            await store.engine.dispose()

    try:
        asyncio.run(touch())
    except (sa.exc.SQLAlchemyError, OSError) as error:
        reason = getattr(error, "orig", None) or error
        raise StartError(f"cannot open the database {shown_url(url)}: {reason}") from None


def check_redis(url: str, db_url: str) -> None:
    """Several processes need a database they all reach (PostgreSQL) and Redis answering:
    said in one line before the room starts."""
    if make_url(db_url).get_backend_name() != "postgresql":
        raise StartError("--redis joins several processes in one room: they share their "
                         "database, so give --db postgresql+asyncpg://HOST/DB too")  # fmt: skip
    from redis.exceptions import RedisError

    from .shared.redis import connect

    async def ping() -> None:
        client = connect(url)
        try:
            await client.ping()
        finally:
            await client.aclose()

    try:
        asyncio.run(ping())
    except ValueError as error:  # not a redis:// URL
        raise StartError(f"--redis {url!r} is not a Redis URL (it takes redis://HOST:PORT/DB): "
                         f"{error}") from None  # fmt: skip
    except (RedisError, OSError) as error:
        raise StartError(f"cannot reach Redis at --redis {url!r}: {error}") from None


def check_address(host: str, port: int) -> None:
    """Bind ``host:port`` once, as the server will, so that an address in use or unknown
    is said in one line before the room starts."""
    try:
        family, kind, proto, _name, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM
        )[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
            probe.bind(address)
    except OSError as error:
        reason = error.strerror or str(error)
        raise StartError(f"cannot listen on {host}:{port}: {reason}") from None


class ClientFaults(logging.Filter):
    """uvicorn logs a client's text frame that is not UTF-8 as a server error, with a
    traceback, before it closes the socket with 1007 as it should: a fault of the client,
    said in one line at INFO, so that an attacker cannot fill the log with tracebacks."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and isinstance(record.exc_info[1], UnicodeDecodeError):
            record.msg, record.args = "a client sent a text frame that is not UTF-8: closed", ()
            record.exc_info = record.exc_text = None
            record.levelno, record.levelname = logging.INFO, "INFO"
            return logging.getLogger(record.name).isEnabledFor(logging.INFO)
        return True


def check_workers(workers: int, db_url: str, redis_url: str | None) -> None:
    """Several processes make one room only on a database and a Redis they all reach:
    each process of SQLite's or of memory's room would be a room of its own."""
    if workers == 1:
        return
    if redis_url is None:
        raise StartError(f"--workers {workers} needs --redis redis://HOST:PORT: the "
                         "processes share who is online, names and limits there")  # fmt: skip
    if make_url(db_url).get_backend_name() != "postgresql":
        raise StartError(f"--workers {workers} needs --db postgresql+asyncpg://…: the "
                         "processes share one database, which SQLite cannot be")  # fmt: skip


#: The settings of ``serve --workers N``, handed to each worker process it starts.
SETTINGS_VARIABLE = "LUDOTECA_SERVE_SETTINGS"


def worker_app() -> RoomApp:
    """One worker's room (uvicorn calls this in each process ``--workers`` starts): each
    opens its own room on the shared database and Redis, under its own process id."""
    collect_less()
    logging.getLogger("uvicorn.error").addFilter(ClientFaults())
    return create_app(Settings(**json.loads(os.environ[SETTINGS_VARIABLE])))


async def _migrate(url: str) -> None:
    store = Store(url)
    try:
        await store.migrate()
    finally:
        await store.engine.dispose()


@dataclass(frozen=True)
class Mail:
    """How the room sends mail: the SMTP server (None: no mail), the sender, and the
    room's address for links."""

    smtp_url: str | None = None
    mail_from: str = Settings.mail_from
    site_url: str = Settings.site_url


def serve(
    host: str,
    port: int,
    db_url: str | None,
    bot_delay: float,
    rate: float,
    sockets_per_address: int = Settings.sockets_per_address,
    entries_per_minute: int = Settings.entries_per_minute,
    leases: bool = Settings.leases,
    lease_seconds: float = Settings.lease_seconds,
    redis_url: str | None = None,
    workers: int = 1,
    redis_prefix: str = Settings.redis_prefix,
    mail: Mail = Mail(),
    bot_matches_per_day: int = Settings.bot_matches_per_day,
) -> None:
    settings = Settings(
        db_url=db_url or default_db_url(),
        redis_url=redis_url,
        redis_prefix=redis_prefix,
        bot_delay=bot_delay,
        messages_per_second=rate,
        sockets_per_address=sockets_per_address,
        entries_per_minute=entries_per_minute,
        leases=leases,
        lease_seconds=lease_seconds,
        # Three renewals a lease: one late or lost renewal does not lose a table.
        renew_seconds=lease_seconds / 3,
        smtp_url=mail.smtp_url,
        mail_from=mail.mail_from,
        site_url=mail.site_url,
        bot_matches_per_day=bot_matches_per_day,
    )
    if workers > 1:
        # uvicorn binds the port once and starts the workers, each a whole room with its
        # own lifespan (Room.open) and process id; it starts again any that dies, and on
        # SIGHUP replaces them one by one, each new one ready before the old one stops.
        # The schema is brought up to date once, here: workers starting together on a new
        # database would each create its tables, and all but one would fail.
        asyncio.run(_migrate(settings.db_url))
        # Each worker makes its own process id: a lease or a presence is one process's.
        passed = [f.name for f in fields(settings) if f.name not in ("now", "process_id")]
        chosen = {name: getattr(settings, name) for name in passed}
        os.environ[SETTINGS_VARIABLE] = json.dumps(chosen)
        uvicorn.run(
            f"{__name__}:worker_app",
            factory=True,
            workers=workers,
            host=host,
            port=port,
            ws_max_size=2 * p.MAX_MESSAGE_BYTES,
            log_level="warning",
            access_log=False,
        )
        return
    collect_less()
    config = uvicorn.Config(
        create_app(settings),
        host=host,
        port=port,
        ws_max_size=2 * p.MAX_MESSAGE_BYTES,
        log_level="warning",
        access_log=False,
    )
    logging.getLogger("uvicorn.error").addFilter(ClientFaults())
    uvicorn.Server(config).run()
