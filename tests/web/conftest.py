"""The fixtures of the browser tests, in one style: pytest fixtures here, page helpers in
browser.py (a board alone on the preview page) and room.py (a person in the room).

- ``browser``: one headless Chromium per test module.
- ``base_url``: the worktree served on loopback, for the preview page and its fixtures.
- ``start_room(**settings)``: a real ``ludoteca serve`` on a fresh database, stopped after
  the test; ``server`` is the usual one (bots answer at once, no rate limit in the way).
  A module whose tests share one room overrides ``server`` with a module-scoped one
  (test_room_language.py).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from tests.server.live import running

from .browser import chromium, served


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    with served() as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as launched:
        yield launched


@pytest.fixture
def start_room(tmp_path: Path) -> Iterator[Callable[..., Any]]:
    with ExitStack() as stack:
        count = itertools.count()

        def start(**settings: Any) -> Any:
            db = tmp_path / f"room-{next(count)}.db"
            return stack.enter_context(running(f"sqlite+aiosqlite:///{db}", **settings))

        yield start


@pytest.fixture
def server(start_room: Callable[..., Any]) -> Any:
    return start_room(bot_delay=0, rate=200)
