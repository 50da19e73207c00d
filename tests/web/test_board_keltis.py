"""The Keltis board in a real browser: a card, its place, OK, and exactly one legal move is
played. Screenshots go to test-output/boards/."""

import json
from typing import Any

from .browser import ROOT, open_board, preview_url, screenshot

FIXTURES = ROOT / "tests" / "web" / "fixtures" / "keltis"


def test_a_point_card_onto_a_row_by_pointing(browser: Any, base_url: str) -> None:
    view = json.loads((FIXTURES / "middle-mover.json").read_text())
    hand = view["position"]["players"][view["seat"]]["hand"]
    page = open_board(browser, preview_url(base_url, "keltis", "middle-mover", confirm=True))
    page.click(f"[data-key=hand-{hand.index('p4')}]")
    assert page.is_disabled("[data-key=ok]")  # three places: the row, the point row, the pile
    page.click("[data-key=row-y]")
    screenshot(page, "keltis-middle-selected")
    page.click("[data-key=ok]")
    page.wait_for_function("document.getElementById('played').textContent.length > 0")
    move = page.inner_text("#played").strip()
    assert move == "play p4 y"
    assert move in view["legal_moves"]
    assert page.errors == []


def test_drawing_from_a_pile(browser: Any, base_url: str) -> None:
    view = json.loads((FIXTURES / "draw-mover.json").read_text())
    page = open_board(browser, preview_url(base_url, "keltis", "draw-mover", confirm=True), 390)
    assert page.locator("button[data-key=pile-y]").count() == 0  # discarded onto: closed
    page.click("[data-key=pile-g]")
    page.click("[data-key=ok]")
    page.wait_for_function("document.getElementById('played').textContent.length > 0")
    move = page.inner_text("#played").strip()
    assert move == "draw g"
    assert move in view["legal_moves"]
    assert page.errors == []


def test_screenshots_of_every_state_and_no_hidden_hand(browser: Any, base_url: str) -> None:
    for fixture, width, dark, lang in [
        ("start-mover", 1280, False, "en"),
        ("middle-waiting", 390, True, "it"),
        ("extra-mover", 1280, True, "de"),
        ("two-mover", 390, False, "en"),
        ("end-spectator", 1280, False, "en"),
    ]:
        page = open_board(browser, preview_url(base_url, "keltis", fixture, lang), width, dark)
        assert page.locator(".kt-prompt").inner_text()
        view = json.loads((FIXTURES / f"{fixture}.json").read_text())
        seat = view["seat"]
        own = [] if seat is None else view["position"]["players"][seat]["hand"]
        assert page.locator(".kt-hand-card").count() == len(own)
        assert page.errors == []
        screenshot(page, f"keltis-{fixture}-{width}{'-dark' if dark else ''}-{lang}")
        page.close()


def test_one_click_plays_what_it_names_whole(browser: Any, base_url: str) -> None:
    view = json.loads((FIXTURES / "middle-mover.json").read_text())
    hand = view["position"]["players"][view["seat"]]["hand"]
    page = open_board(browser, preview_url(base_url, "keltis", "middle-mover"))
    page.click(f"[data-key=hand-{hand.index('p4')}]")  # three places: chosen only
    assert page.inner_text("#played").strip() == ""
    page.click("[data-key=row-y]")  # its place names the move
    page.wait_for_function("document.getElementById('played').textContent.length > 0")
    assert page.inner_text("#played").strip() == "play p4 y"
    page = open_board(browser, preview_url(base_url, "keltis", "draw-mover"))
    page.click("[data-key=pile-g]")
    page.wait_for_function("document.getElementById('played').textContent.length > 0")
    assert page.inner_text("#played").strip() == "draw g"
    assert page.errors == []
