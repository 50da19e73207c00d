"""The Kingdomino board in a real browser: a legal move clicked with the mouse reaches play().

Opens src/ludoteca/web/dev/board.html on fixtures, served from the worktree on a loopback
port, with the Debian chromium. Screenshots go to test-output/boards/ (not committed).
"""

from __future__ import annotations

import json
from typing import Any

from .browser import ROOT, preview_url, screenshot
from .browser import open_board as open_page

GAME = "kingdomino"


def open_board(browser: Any, base_url: str, fixture: str, width: int = 1280,
               dark: bool = False, lang: str = "en", confirm: bool = True) -> Any:  # fmt: skip
    page = open_page(browser, preview_url(base_url, GAME, fixture, lang, confirm), width, dark)
    page.wait_for_selector(".board-kingdomino .kd-kingdom")
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


def test_one_click_picks_and_places_what_it_names_alone(browser: Any, base_url: str) -> None:
    page = open_board(browser, base_url, "middle-pick-to-move", confirm=False)
    page.locator(".kd-pickable").first.click()
    (move,) = played(page)
    assert move.startswith("pick ")
    assert move in legal("middle-pick-to-move")
    page.close()
    page = open_board(browser, base_url, "middle-place-to-move", confirm=False)
    page.click("[data-square=f4]")  # five placements touch f4: chosen, not played
    assert played(page) == []
    page.click("[data-square=c7]")  # one placement touches c7: played
    (move,) = played(page)
    assert "c7" in move.split()
    assert move in legal("middle-place-to-move")
    page.close()
