"""The room page under its security policy, against a real `ludoteca serve`: its own
scripts run with no violation of the Content-Security-Policy, entering posts JSON, and
a limit's refusal is said in the player's language, and logging out ends the session."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .browser import shown
from .room import enter, open_page


def _watch_policy(page: Any) -> list[str]:
    violations: list[str] = []
    page.on(
        "console",
        lambda message: (
            violations.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    return violations


def test_the_page_keeps_to_its_policy_and_says_a_limit_in_words(
    browser: Any, start_room: Callable[..., Any]
):
    live = start_room(entries_per_minute=1)
    anna = open_page(browser, live.http + "/", lang="it", policy=True)
    anna_violations = _watch_policy(anna)
    anna.reload()
    enter(anna, "Anna")
    bruno = open_page(browser, live.http + "/", lang="it", policy=True)
    bruno_violations = _watch_policy(bruno)
    bruno.reload()
    shown(bruno, "#entry-form")
    bruno.fill("#entry-form input[name=name]", "Bruno")
    bruno.click("#entry-form button[type=submit]")
    bruno.wait_for_selector(".entry-error:not(:empty)")
    text = bruno.inner_text(".entry-error")
    assert "Troppi tentativi" in text, text
    assert "secondi" in text, text
    # Logging out posts JSON too, and the session is over on the server.
    anna.click("#account summary")
    anna.click("[data-action=logout]")
    shown(anna, "#entry-form")
    assert anna.evaluate("fetch('/api/me').then((answer) => answer.status)") == 401
    assert anna.errors == bruno.errors == []
    assert anna_violations == bruno_violations == []


def _log_in(page: Any, mode: str, name: str, password: str) -> None:
    shown(page, "#entry-form")
    page.click(f"[data-mode={mode}]")
    page.fill("#entry-form input[name=name]", name)
    page.fill("#entry-form input[name=password]", password)
    page.click("#entry-form button[type=submit]")
    page.wait_for_selector(".lobby")


def test_logging_out_everywhere_ends_the_players_other_tab(
    browser: Any, start_room: Callable[..., Any]
):
    live = start_room()
    laptop = open_page(browser, live.http + "/", policy=True)
    _log_in(laptop, "register", "Carla", "carla's secret")
    phone = open_page(browser, live.http + "/", policy=True)
    _log_in(phone, "login", "Carla", "carla's secret")
    laptop.click("#account summary")
    laptop.click("[data-action=logout-everywhere]")
    shown(laptop, "#entry-form")
    # The phone's socket is closed by the server, and it is back at the entry.
    shown(phone, "#entry-form")
    assert phone.evaluate("fetch('/api/me').then((answer) => answer.status)") == 401
    assert laptop.errors == phone.errors == []
