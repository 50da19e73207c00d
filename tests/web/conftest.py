"""The fixtures of the browser tests, in one style: pytest fixtures here, page helpers in
browser.py (a board alone on the preview page) and room.py (a person in the room).

- ``browser``: one headless Chromium per test module.
- ``base_url``: the worktree served on loopback, for the preview page and its fixtures.
- ``start_room(**settings)``: a real ``ludoteca serve`` on a fresh database, stopped after
  the test; ``server`` is the usual one (bots answer at once, no rate limit in the way).
  A module whose tests share one room overrides ``server`` with a module-scoped one
  (test_room_language.py).
- Every page a test opened is closed when it ends (``pages_closed``), before its rooms stop.
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


def close_pages(request: pytest.FixtureRequest) -> None:
    """Close every page of the test's Chromium. A page left open lives as long as the
    module's Chromium: a room page keeps calling back to its stopped server and the boards
    keep drawing, and a module's pages piled up to 27 renderers, a load of 6 to 7 on two
    cores with one test running."""
    if "browser" in request.fixturenames:
        for context in request.getfixturevalue("browser").contexts:
            context.close()


@pytest.fixture(autouse=True)
def pages_closed(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every page a test opened is closed when it ends."""
    yield
    close_pages(request)


@pytest.fixture
def start_room(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[..., Any]]:
    with ExitStack() as stack:
        count = itertools.count()

        def start(**settings: Any) -> Any:
            db = tmp_path / f"room-{next(count)}.db"
            return stack.enter_context(running(f"sqlite+aiosqlite:///{db}", **settings))

        yield start
        close_pages(request)  # before the rooms stop, so no page sees its room go


@pytest.fixture
def server(start_room: Callable[..., Any]) -> Any:
    return start_room(bot_delay=0, rate=200)
