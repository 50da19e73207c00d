"""Running the room: the database URL by default, and uvicorn."""

from __future__ import annotations

import gc
from pathlib import Path

import platformdirs
import uvicorn

from . import protocol as p
from .app import create_app
from .room import Settings


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


def serve(host: str, port: int, db_url: str | None, bot_delay: float, rate: float) -> None:
    collect_less()
    settings = Settings(
        db_url=db_url or default_db_url(), bot_delay=bot_delay, messages_per_second=rate
    )
    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        ws_max_size=2 * p.MAX_MESSAGE_BYTES,
        log_level="warning",
        access_log=False,
    )
