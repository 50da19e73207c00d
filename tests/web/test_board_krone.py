"""The Um Krone und Kragen board in a real browser: point at dice, press OK, and exactly
one legal move is played. Screenshots go to test-output/boards/."""

import json
from typing import Any

from .browser import ROOT, open_board, preview_url, screenshot

FIXTURES = ROOT / "tests" / "web" / "fixtures" / "krone"


def played(page):
    return page.inner_text("#played").split()


def test_setting_dice_aside_by_pointing_plays_one_legal_move(browser: Any, base_url: str) -> None:
    view = json.loads((FIXTURES / "middle-mover.json").read_text())
    assert view["position"]["turn"]["active"] == [6, 4, 3, 3]
    page = open_board(browser, preview_url(base_url, "krone", "middle-mover"))
    assert page.is_disabled("[data-key=ok]")
    page.click("[data-key=die-2]")
    page.click("[data-key=die-3]")
    screenshot(page, "krone-middle-selected")
    page.click("[data-key=ok]")
    page.wait_for_function("document.getElementById('played').textContent.length > 0")
    move = page.inner_text("#played").strip()
    assert move == "keep 3 3"
    assert move in view["legal_moves"]
    assert page.errors == []


def test_a_card_that_changes_dice_uses_the_arrows(browser: Any, base_url: str) -> None:
    view = json.loads((FIXTURES / "cards-mover.json").read_text())
    page = open_board(browser, preview_url(base_url, "krone", "cards-mover"))
    page.click("[data-key=hand-maid-0]")
    assert page.is_disabled("[data-key=up-0]")  # a 6 goes no higher
    page.click("[data-key=up-2]")  # the 3 becomes a 4
    page.click("[data-key=up-2]")  # ... a 5
    screenshot(page, "krone-maid-arrows")
    page.click("[data-key=ok]")
    page.wait_for_function("document.getElementById('played').textContent.length > 0")
    move = page.inner_text("#played").strip()
    assert move == "use maid 3>5"
    assert move in view["legal_moves"]
    assert page.errors == []


def test_screenshots_of_every_state(browser: Any, base_url: str) -> None:
    for fixture, width, dark, lang in [
        ("start-mover", 1280, False, "en"),
        ("middle-waiting", 1280, True, "de"),
        ("buy-mover", 390, False, "it"),
        ("final-spectator", 390, True, "en"),
        ("end-seat0", 1280, False, "it"),
    ]:
        page = open_board(browser, preview_url(base_url, "krone", fixture, lang), width, dark)
        assert page.locator(".kk-prompt").inner_text()
        assert page.errors == []
        screenshot(page, f"krone-{fixture}-{width}{'-dark' if dark else ''}-{lang}")
        page.close()


def test_a_held_card_in_the_players_list_is_used_by_clicking_it(
    browser: Any, base_url: str
) -> None:
    view = json.loads((FIXTURES / "middle-mover.json").read_text())
    assert "use craftsman" in view["legal_moves"]
    page = open_board(browser, preview_url(base_url, "krone", "middle-mover"))
    page.click("[data-key=chip-1-jester-0]")  # three dice it could roll again: chosen
    assert page.get_attribute("[data-key=chip-1-jester-0]", "aria-pressed") == "true"
    assert played(page) == []
    page.click("[data-key=die-1]")  # the die names the move: played
    page.wait_for_function("document.getElementById('played').textContent.length > 0")
    assert played(page) == ["use", "jester", "4"]
    page = open_board(browser, preview_url(base_url, "krone", "middle-mover"))
    page.click("[data-key=chip-1-craftsman-0]")  # one use: played at once
    page.wait_for_function("document.getElementById('played').textContent.length > 0")
    assert page.inner_text("#played").strip() == "use craftsman"
    page = open_board(browser, preview_url(base_url, "krone", "middle-mover", confirm=True))
    page.click("[data-key=chip-1-craftsman-0]")
    assert played(page) == []
    page.click("[data-key=ok]")  # confirm every move: OK plays it
    page.wait_for_function("document.getElementById('played').textContent.length > 0")
    assert page.inner_text("#played").strip() == "use craftsman"
    assert page.errors == []
    screenshot(page, "krone-held-card-used")
