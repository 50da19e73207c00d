"""The room in a real browser: enter, open a table, seat a bot, start, play on the board."""

from pathlib import Path

from tests.server.live import running
from tests.web.browser import SHOTS, browser


def test_enter_create_seat_a_bot_start_and_play_on_the_drawn_board(tmp_path: Path):
    database = f"sqlite+aiosqlite:///{tmp_path / 'room.db'}"
    with running(database, bot_delay=0.2) as server, browser() as chromium:
        page = chromium.new_page(viewport={"width": 1280, "height": 1000})
        page.goto(server.http + "/")
        page.fill("#guest input[name=name]", "Anna")
        page.click("#guest button")
        page.wait_for_selector("#lobby:not([hidden])")
        page.select_option("#create select", "krone")
        page.click("#create button")
        page.wait_for_selector("#table:not([hidden])")
        page.fill("#say input", "/bot simple")
        page.press("#say input", "Enter")
        page.wait_for_function("document.querySelector('#seats').textContent.includes('Bot 1')")
        page.fill("#say input", "/start")
        page.press("#say input", "Enter")
        page.wait_for_selector("#board svg, #board .card, #board button")
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "room-krone-start.png"), full_page=True)
        # A move typed in the chat goes to the table as a move.
        page.fill("#say input", "roll")
        page.press("#say input", "Enter")
        page.wait_for_function(
            "document.querySelector('#board').textContent.match(/keep|set aside|OK/i)"
        )
        page.screenshot(path=str(SHOTS / "room-krone-rolled.png"), full_page=True)
        assert page.locator("#log div.error").count() == 0
        assert "Anna" in page.text_content("#seats")
