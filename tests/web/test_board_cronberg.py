"""The Cronberg board in a real browser: a legal move clicked with the mouse reaches play().

Opens src/ludoteca/web/dev/board.html on fixtures, served from the worktree on a loopback
port, with the Debian chromium. Screenshots go to test-output/boards/ (not committed).
"""

from __future__ import annotations

import functools
import json
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
SHOTS = ROOT / "test-output" / "boards"
GAME = "cronberg"

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
if not CHROMIUM.exists():
    pytest.skip("no /usr/bin/chromium", allow_module_level=True)

from playwright.sync_api import Page, sync_playwright  # noqa: E402


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(ROOT)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_playwright() as p:
        chromium = p.chromium.launch(
            executable_path=str(CHROMIUM),
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run",
                  "--disable-quic"],
        )  # fmt: skip
        yield chromium
        chromium.close()


def open_board(browser: Any, base_url: str, fixture: str, width: int = 1280,
               dark: bool = False, lang: str = "en") -> Page:  # fmt: skip
    page = browser.new_page(viewport={"width": width, "height": 900},
                            color_scheme="dark" if dark else "light")  # fmt: skip
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(
        f"{base_url}/src/ludoteca/web/dev/board.html?game={GAME}&lang={lang}"
        f"&fixture=/tests/web/fixtures/{GAME}/{fixture}.json"
        f"&components=/tests/web/fixtures/{GAME}/components.json"
    )
    page.wait_for_selector(".board-cronberg .cb-city")
    assert errors == []
    return page


def legal(fixture: str) -> list[str]:
    path = ROOT / "tests" / "web" / "fixtures" / GAME / f"{fixture}.json"
    moves: list[str] = json.loads(path.read_text(encoding="utf-8"))["legal_moves"]
    return moves


def played(page: Page) -> list[str]:
    text = page.text_content("#played") or ""
    return text.strip().splitlines()


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{GAME}-{name}.png"), full_page=True)


def test_laying_the_drawn_tile_with_the_mouse_plays_a_legal_move(
    browser: Any, base_url: str
) -> None:
    page = open_board(browser, base_url, "middle-laying-to-move")
    assert page.is_disabled(".cb-ok")
    triangle = page.locator(".cb-layable").nth(4)
    triangle.hover()
    assert page.locator(".cb-tile-ghost").count() == 1
    triangle.click()
    assert page.locator(".cb-tile-chosen").count() == 1
    shot(page, "lay-chosen")
    page.click(".cb-ok")
    (move,) = played(page)
    assert move in legal("middle-laying-to-move")
    assert move.startswith("lay ")
    page.close()


def test_placing_a_pawn_and_drawing(browser: Any, base_url: str) -> None:
    page = open_board(browser, base_url, "middle-move-to-move", width=390, lang="it")
    page.locator(".cb-spot").first.click()
    shot(page, "pawn-phone-it")
    page.click(".cb-ok")
    page.close()
    page = open_board(browser, base_url, "middle-move-to-move", dark=True, lang="de")
    page.locator(".cb-spot").first.click()
    page.click(".cb-draw")
    page.click(".cb-ok")
    shot(page, "draw-dark-de")
    assert played(page) == ["draw"]
    page.close()


def test_a_pawn_click_plays_exactly_its_legal_text(browser: Any, base_url: str) -> None:
    page = open_board(browser, base_url, "start-to-move")
    spot = page.locator(".cb-spot").nth(10)
    point = spot.get_attribute("data-point")
    spot.click()
    spot.click()  # a second click on the chosen spot confirms, as OK does
    assert played(page) == [f"pawn {point}"]
    assert f"pawn {point}" in legal("start-to-move")
    page.close()


def test_spectators_and_the_end_offer_nothing_to_click(browser: Any, base_url: str) -> None:
    for fixture in ("closing-after-townhall-spectator", "closing-end-seat0", "three-late-waiting"):
        page = open_board(browser, base_url, fixture)
        assert page.locator(".cb-spot, .cb-layable, .cb-ok, .cb-draw").count() == 0
        shot(page, fixture)
        page.close()
    page = open_board(browser, base_url, "closing-end-spectator", width=390, dark=True)
    assert page.locator(".cb-badge-final").count() == 4  # 20, 16, 8 and 4
    shot(page, "closing-end-phone-dark")
    page.close()
