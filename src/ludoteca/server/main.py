"""Running the room: the database URL by default, and uvicorn."""

from __future__ import annotations

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


def serve(host: str, port: int, db_url: str | None, bot_delay: float, rate: float) -> None:
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
