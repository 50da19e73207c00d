"""A board alone on the preview page, for the boards' Playwright tests; and what the
fixtures of conftest.py stand on: the headless Chromium, the worktree served.

The worktree is served on a loopback port by a thread of this process, so the preview
page (src/ludoteca/web/dev/board.html) and the fixtures (tests/web/fixtures/) are both
reachable. Skipped when playwright or /usr/bin/chromium is missing.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import missing

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
SHOTS = ROOT / "test-output" / "boards"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def served() -> Iterator[str]:
    """The worktree over HTTP on 127.0.0.1 (a free port); yields the base URL."""
    handler = functools.partial(_Quiet, directory=str(ROOT))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def chromium() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    if not CHROMIUM.exists():
        missing("/usr/bin/chromium is not installed")
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


def preview_url(base: str, game: str, fixture: str, lang: str = "en", confirm: bool = False) -> str:
    """``confirm``: the player's setting "confirm every move" is on."""
    fixtures = f"/tests/web/fixtures/{game}"
    return (
        f"{base}/src/ludoteca/web/dev/board.html?game={game}&lang={lang}"
        f"&fixture={fixtures}/{fixture}.json&components={fixtures}/components.json"
        + ("&confirm=1" if confirm else "")
    )


def watched(page: Any) -> Any:
    """The page, keeping what goes wrong in it: script errors in ``page.errors`` (tests
    assert it empty) and failed requests and console errors in ``page.troubles``, which
    ``shown`` reports when a screen never comes (a room page that did not draw its entry
    once failed CI with nothing but a timeout to go on)."""
    page.errors = []
    page.troubles = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.on(
        "requestfailed",
        lambda request: page.troubles.append(f"{request.method} {request.url}: {request.failure}"),
    )
    page.on(
        "console",
        lambda message: message.type == "error" and page.troubles.append(message.text),
    )
    return page


def shown(page: Any, selector: str, timeout: float = 30_000) -> None:
    """Wait until `selector` is visible; if it never is, fail saying where the page is,
    what it shows and what went wrong in it."""
    # Imported here: this module is imported where playwright is missing (tests skip).
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_selector(selector, timeout=timeout)
    except PlaywrightTimeout:
        text = page.evaluate("document.body ? document.body.innerText : ''")
        raise AssertionError(
            f"{selector} not shown in {timeout / 1000:g} s at {page.url}; the page shows"
            f" {text[:300]!r}; script errors {getattr(page, 'errors', '?')};"
            f" failed requests and console errors {getattr(page, 'troubles', '?')}"
        ) from None


def open_board(chromium: Any, url: str, width: int = 1280, dark: bool = False) -> Any:
    """A page showing the board; page errors are collected in page.errors."""
    page = watched(
        chromium.new_page(
            viewport={"width": width, "height": 900}, color_scheme="dark" if dark else "light"
        )
    )
    page.goto(url)
    page.wait_for_selector("#board > *", state="attached")
    return page


def screenshot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_timeout(600)  # let the short animations finish
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
