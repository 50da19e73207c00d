"""The Kingdomino board in a real browser: a legal move clicked with the mouse reaches play().

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
GAME = "kingdomino"

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
    page.wait_for_selector(".board-kingdomino .kd-kingdom")
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


def test_placing_a_domino_with_the_mouse_plays_a_legal_move(browser: Any, base_url: str) -> None:
    page = open_board(browser, base_url, "middle-place-to-move")
    shot(page, "place-before")
    assert page.is_disabled(".kd-ok")
    page.locator(".kd-spot").first.click()
    assert page.is_enabled(".kd-ok")
    shot(page, "place-chosen")
    page.click(".kd-ok")
    moves = played(page)
    assert len(moves) == 1
    assert moves[0] in legal("middle-place-to-move")
    assert moves[0].startswith("place ")
    page.close()


def test_rotating_with_r_changes_the_spots_and_still_plays_legally(
    browser: Any, base_url: str
) -> None:
    page = open_board(browser, base_url, "middle-place-to-move", dark=True, lang="de")
    before = page.locator(".kd-spot").evaluate_all("cells => cells.map(c => c.dataset.square)")
    page.keyboard.press("r")
    after = page.locator(".kd-spot").evaluate_all("cells => cells.map(c => c.dataset.square)")
    assert before != after
    page.locator(".kd-spot").last.click()
    page.locator(".kd-spot, [data-square]").first.hover()
    shot(page, "rotated-dark-de")
    page.click(".kd-ok")
    (move,) = played(page)
    assert move in legal("middle-place-to-move")
    page.close()


def test_picking_a_domino_and_a_phone_screen(browser: Any, base_url: str) -> None:
    page = open_board(browser, base_url, "middle-pick-to-move", width=390, lang="it")
    page.locator(".kd-pickable").first.click()
    shot(page, "pick-phone-it")
    page.click(".kd-ok")
    (move,) = played(page)
    assert move in legal("middle-pick-to-move")
    page.close()


def test_a_spectator_and_the_end_offer_nothing_to_click(browser: Any, base_url: str) -> None:
    for fixture in ("middle-place-spectator", "end-seat0"):
        page = open_board(browser, base_url, fixture)
        assert page.locator(".kd-spot, .kd-pickable, .kd-ok").count() == 0
        shot(page, fixture)
        page.close()
    page = open_board(browser, base_url, "dynasty-end-seat0", width=390, dark=True)
    assert page.locator(".kd-result").count() == 1
    shot(page, "dynasty-end-phone-dark")
    page.close()
