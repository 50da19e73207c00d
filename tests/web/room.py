"""A person in the room page, driven through Chromium: enter, open a table, and play
moves as a person would, pointing at the board where the board offers it and typing the
move in the table's command line otherwise. Screenshots go to test-output/room/."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from .browser import ROOT, shown, watched

SHOTS = ROOT / "test-output" / "room"

#: The room state as the page knows it (app.js exposes it read-only).
STATE = "window.ludoteca && window.ludoteca.table()"
#: Conditions on it for wait_for_function.
OVER = f"!!({STATE} && {STATE}.view && {STATE}.view.result)"
MY_TURN = (
    f"(() => {{ const s = {STATE}; return !!(s && s.view && s.you !== null"
    " && s.view.to_move === s.you && s.view.legal_moves.length > 0); })()"
)
LOG = f"{STATE}.view.log.length"


def open_page(
    browser: Any,
    url: str,
    lang: str = "en",
    width: int = 1280,
    policy: bool = False,
    height: int = 950,
    **options: Any,
) -> Any:
    """A page of the room in a context of its own (``options``: more of the context's,
    such as ``color_scheme``). Playwright runs a string given to ``wait_for_function``
    through eval, which the room's Content-Security-Policy forbids: the policy is
    bypassed unless ``policy`` (then wait with selectors only)."""
    context = browser.new_context(
        viewport={"width": width, "height": height},
        locale=lang,
        bypass_csp=not policy,
        **options,
    )
    page = context.new_page()
    watched(page)
    page.goto(url)
    return page


def enter(page: Any, name: str) -> None:
    shown(page, "#entry-form")
    page.fill("#entry-form input[name=name]", name)
    page.click("#entry-form button[type=submit]")
    page.wait_for_selector(".lobby")


def register(page: Any, name: str) -> None:
    shown(page, "#entry-form")
    page.click("[data-mode=register]")
    page.fill("#entry-form input[name=name]", name)
    page.fill("#entry-form input[name=password]", "lange genug")
    page.click("#entry-form button[type=submit]")
    page.wait_for_selector(".lobby")


def create_table(page: Any, game: str) -> int:
    page.select_option("#create select[name=game]", game)
    page.click("#create button[type=submit]")
    page.wait_for_selector(".table-screen")
    page.wait_for_function(f"{STATE} && {STATE}.info.game === '{game}'")
    return int(page.evaluate(f"{STATE}.id"))


def shot(page: Any, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_timeout(400)  # the short move animations
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def say(page: Any, text: str) -> None:
    box = page.locator(".table-screen .chat-say input")
    box.fill(text)
    box.press("Enter")


def state(page: Any) -> dict[str, Any]:
    return page.evaluate(STATE)  # type: ignore[no-any-return]


def my_turn_or_over(page: Any, timeout: float = 60_000) -> dict[str, Any]:
    """The room state once it is this person's turn or the match is over, read in the
    same step as the wait: a state read after it may already be the next one (a bot's
    turn, with no legal moves for this person)."""
    handle = page.wait_for_function(
        f"(() => ({MY_TURN} || {OVER}) ? {STATE} : null)()", timeout=timeout
    )
    return handle.json_value()  # type: ignore[no-any-return]


def my_turn(table: dict[str, Any]) -> bool:
    view = table.get("view")
    return bool(
        view
        and not view.get("result")
        and table.get("you") is not None
        and view.get("to_move") == table["you"]
        and view.get("legal_moves")
    )


def point_or_type(page: Any, game: str, table: dict[str, Any], rng: random.Random) -> str:
    """One move on ``table`` (the state it is this person's turn in): by pointing at the
    board where this state allows it, else typed. Returns how it was made ("pointed" or
    "typed")."""
    legal = table["view"]["legal_moves"]
    length = len(table["view"]["log"])
    if game == "kingdomino":
        for spot in (".kd-pickable", ".kd-spot"):
            if page.locator(spot).count():
                page.locator(spot).first.click()
                confirm_if_asked(page, ".kd-ok", length)
                return "pointed"
    if game == "krone" and "roll" in legal and page.locator("[data-key=roll]").count():
        page.click("[data-key=roll]")
        return "pointed"
    if game == "cronberg" and rng.random() < 0.5 and page.locator(".cb-spot").count():
        page.locator(".cb-spot").first.click()
        confirm_if_asked(page, ".cb-ok", length)
        return "pointed"
    say(page, choose(game, legal, rng))
    return "typed"


def confirm_if_asked(page: Any, ok: str, length: int) -> None:
    """OK, unless the click named the whole move and so played it (docs/web.md): told
    apart in one step in the page, by the log (``length`` entries before the click). An
    OK looked for after the click's move was answered may be the next turn's: a forced
    discard in Kingdomino is chosen as its view arrives, and pressing it sent that move
    while this helper typed it too (refused, once in CI, on the screen)."""
    asked = page.wait_for_function(
        f"(() => {LOG} > {length} ? 'played'"
        f" : document.querySelector('{ok}:enabled') ? 'ask' : null)()",
        timeout=30_000,
    )
    if asked.json_value() == "ask":
        page.click(ok)


def choose(game: str, legal: list[str], rng: random.Random) -> str:
    """A legal move that keeps the match moving towards its end."""
    if game == "keltis":
        # Cards drawn from the deck only, so that it runs out and the match ends within
        # some 200 moves (drawing from the piles at random played 500 and more).
        legal = [m for m in legal if not m.startswith("draw ") or m == "draw deck"] or legal
    if game == "krone":
        for verb in ("buy", "keep", "end"):
            mine = [m for m in legal if m.startswith(verb)]
            if mine:
                return max(mine, key=len) if verb == "keep" else rng.choice(mine)
    return rng.choice(legal)


def resign(page: Any) -> None:
    """Resign this person's seat from the page and wait for the result."""
    page.click("[data-action=resign]")
    page.click("dialog.ask [data-action=ask-yes]")  # resigning asks in the page
    page.wait_for_selector(".result")


def play_to_the_end(
    page: Any, game: str, rng: random.Random, middle: str | None = None, most: int = 600
) -> dict[str, int]:
    """Play this person's moves until the result shows; a screenshot halfway."""
    made = {"pointed": 0, "typed": 0}
    shot_taken = middle is None
    for _ in range(most):
        table = my_turn_or_over(page)
        if table["view"]["result"]:
            page.wait_for_selector(".result")
            return made
        if not shot_taken and sum(made.values()) >= 10:
            shot(page, middle)  # type: ignore[arg-type]
            shot_taken = True
        length = len(table["view"]["log"])
        made[point_or_type(page, game, table, rng)] += 1
        page.wait_for_function(f"{LOG} > {length} || {OVER}", timeout=30_000)
    raise AssertionError(f"{game}: no result after {most} moves")
