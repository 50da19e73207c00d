"""Actions in the room page, in Chromium against a real `ludoteca serve`: a double click
does its action once, and a mistyped move in the command line is refused in words
instead of being said as chat."""

from __future__ import annotations

from typing import Any

import pytest

from .room import MY_TURN, STATE, create_table, enter, open_page, say, shot, state


def lobby_seats(page: Any) -> list[list[str]]:
    """Each table in the lobby: who sits at it."""
    return page.evaluate(  # type: ignore[no-any-return]
        "[...document.querySelectorAll('.lobby [data-table]')].map("
        "card => [...card.querySelectorAll('.seats li')].map(li => li.textContent))"
    )


def test_opening_a_table_twice_at_once_opens_one(browser: Any, server: Any):
    bruno = open_page(browser, server.http + "/")
    enter(bruno, "Bruno")
    anna = open_page(browser, server.http + "/")
    enter(anna, "Anna")
    anna.select_option("#create select[name=game]", "keltis")
    anna.dblclick("#create button[type=submit]")
    anna.wait_for_selector(".table-screen")
    bruno.wait_for_selector(".lobby [data-table]")
    bruno.wait_for_timeout(1500)  # a second table would be in the lobby by now
    assert [seats.count("Anna") for seats in lobby_seats(bruno)] == [1]
    # The form submitted twice at once, before its button is held: the same request
    # twice, carried out once; the repeat's refusal is not shown.
    carla = open_page(browser, server.http + "/")
    enter(carla, "Carla")
    carla.evaluate(
        "(() => { const form = document.getElementById('create');"
        " for (const _ of [1, 2])"
        " form.dispatchEvent(new SubmitEvent('submit', {cancelable: true})); })()"
    )
    carla.wait_for_selector(".table-screen")
    bruno.wait_for_function("document.querySelectorAll('.lobby [data-table]').length >= 2")
    bruno.wait_for_timeout(1500)
    assert sorted(seats.count("Carla") for seats in lobby_seats(bruno)) == [0, 1]
    assert carla.locator(".chat-line.error").count() == 0
    assert anna.errors == carla.errors == []


@pytest.mark.parametrize(
    ("game", "wrong"),
    [
        ("krone", "keep 9"),
        ("keltis", "play x99"),
        ("kingdomino", "pick 99"),
        ("cronberg", "pawn 99"),
    ],
)
def test_a_wrong_move_typed_is_refused_and_not_chat(
    browser: Any, server: Any, game: str, wrong: str
):
    anna = open_page(browser, server.http + "/")
    enter(anna, "Anna")
    bruno = open_page(browser, server.http + "/")
    enter(bruno, "Bruno")
    table_id = create_table(anna, game)
    bruno.click(f"[data-table='{table_id}'] [data-action=join]")
    bruno.wait_for_selector(".table-screen")
    anna.wait_for_function(f"{STATE}.info.seats.filter(s => s.name).length === 2")
    anna.click("[data-action=start]")
    for page in (anna, bruno):
        page.wait_for_function(f"!!{STATE}.view")
    mover, waiting = (anna, bruno) if state(anna)["view"]["to_move"] == 0 else (bruno, anna)
    waiting_name = "Anna" if waiting is anna else "Bruno"
    mover.wait_for_function(MY_TURN)
    version = state(mover)["v"]
    say(mover, wrong)
    mover.wait_for_selector(".toast:not([hidden])")
    refusal = mover.inner_text(".toast")
    assert refusal.startswith(("That is not a move", "That move is not allowed now")), refusal
    assert mover.locator(".chat-line.error").count() == 1
    # Out of turn: the engine's word too, naming whose turn it is.
    verb = wrong.split()[0]
    say(waiting, verb)
    waiting.wait_for_selector(".toast:not([hidden])")
    assert "turn, not yours" in waiting.inner_text(".toast")
    # Plain text is chat, as before.
    say(waiting, "good luck")
    mover.wait_for_function(
        "document.querySelector('.chat-lines').textContent.includes('good luck')"
    )
    for page in (anna, bruno):
        lines = page.inner_text(".chat-lines")
        assert wrong not in lines.replace(refusal, ""), lines
        assert f"{waiting_name}: {verb}" not in lines, lines
    # Nothing was played.
    assert state(mover)["v"] == version + 1  # the chat line only
    assert anna.errors == bruno.errors == []


LEVEL_OPTIONS = (
    "[...document.querySelectorAll('[data-action=level] option')].map(o => o.textContent)"
)


def test_bots_are_offered_by_their_strength_in_the_game_and_named_by_it(browser: Any, server: Any):
    page = open_page(browser, server.http + "/")
    enter(page, "Lena")
    # Offered weakest first, as Krone's ladder measured them (docs/bots.md).
    create_table(page, "krone")
    assert page.evaluate(LEVEL_OPTIONS) == [
        "easy (random)",
        "medium (simple)",
        "hard (greedy)",
        "strongest (search)",
    ]
    page.select_option("[data-action=level]", label="medium (simple)")
    page.click("[data-action=bot]")
    page.wait_for_function(f"{STATE}.info.seats.filter(s => s.bot).length === 1")
    say(page, "/bot strongest")  # the strength typed, as in the menu
    page.wait_for_function(f"{STATE}.info.seats.filter(s => s.bot).length === 2")
    seats = page.inner_text(".seats-panel")
    assert "Bot 1: medium (simple)" in seats
    assert "Bot 2: strongest (search)" in seats  # numbered across levels
    # A long name sits beside its seat's dot, wrapping there rather than going below it.
    row = page.locator(".seat-row", has_text="Bot 2")
    dot, who = row.locator(".dot").bounding_box(), row.locator(".who").bounding_box()
    assert who["x"] > dot["x"]
    assert who["y"] <= dot["y"] + dot["height"] / 2 <= who["y"] + who["height"]
    shot(page, "bot-levels-krone")
    other = open_page(browser, server.http + "/")
    enter(other, "Mira")
    other.wait_for_selector(".lobby [data-table]")
    assert "Bot 1: medium (simple)" in other.inner_text(".lobby [data-table]")
    create_table(other, "kingdomino")
    assert other.evaluate(LEVEL_OPTIONS)[1:3] == ["medium (simple)", "hard (greedy)"]
    assert page.errors == other.errors == []
