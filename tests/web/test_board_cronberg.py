"""The Cronberg board in a real browser: a legal move clicked with the mouse reaches play().

Opens src/ludoteca/web/dev/board.html on fixtures, served from the worktree on a loopback
port, with the Debian chromium. Screenshots go to test-output/boards/ (not committed).
"""

from __future__ import annotations

import json
from typing import Any

from .browser import ROOT, preview_url, screenshot
from .browser import open_board as open_page

GAME = "cronberg"


def open_board(browser: Any, base_url: str, fixture: str, width: int = 1280,
               dark: bool = False, lang: str = "en", confirm: bool = True) -> Any:  # fmt: skip
    page = open_page(browser, preview_url(base_url, GAME, fixture, lang, confirm), width, dark)
    page.wait_for_selector(".board-cronberg .cb-city")
    assert page.errors == []
    return page


def legal(fixture: str) -> list[str]:
    path = ROOT / "tests" / "web" / "fixtures" / GAME / f"{fixture}.json"
    moves: list[str] = json.loads(path.read_text(encoding="utf-8"))["legal_moves"]
    return moves


def played(page: Any) -> list[str]:
    text = page.text_content("#played") or ""
    return text.strip().splitlines()


def shot(page: Any, name: str) -> None:
    screenshot(page, f"{GAME}-{name}")


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


def test_one_click_plays_a_pawn_and_the_draw(browser: Any, base_url: str) -> None:
    page = open_board(browser, base_url, "start-to-move", confirm=False)
    spot = page.locator(".cb-spot").nth(10)
    point = spot.get_attribute("data-point")
    spot.click()
    assert played(page) == [f"pawn {point}"]
    page.close()
    page = open_board(browser, base_url, "middle-move-to-move", confirm=False)
    page.click(".cb-draw")
    assert played(page) == ["draw"]
    page.close()
