"""The room's layout and accessibility in Chromium against a real `ludoteca serve`, at a
desktop's 1366 px and a phone's 390 px, in both themes: boards use the room they have,
nothing is wider than the page, logs show whole numbers, chat stays in its panel, the
result shows once, nothing covers a label, and axe-core finds no barrier on any screen."""

from __future__ import annotations

import random
from typing import Any

import pytest

from .axe import barriers, require_axe
from .browser import shown
from .room import (
    LOG,
    MY_TURN,
    OVER,
    STATE,
    create_table,
    enter,
    open_page,
    resign,
    say,
    shot,
    state,
)

GAMES = ["krone", "kingdomino", "cronberg", "keltis"]
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
#: A legal name of the longest kind (20 characters, no space to break at).
LONG_NAME = "Bartholomew-Ignatius"

#: The page is no wider than the window: nothing to scroll sideways.
FITS = "document.scrollingElement.scrollWidth <= innerWidth"
#: The smallest text drawn in the board, in CSS pixels as rendered (SVG text scaled).
SMALLEST_TEXT = """() => {
  let smallest = Infinity, which = null;
  for (const el of document.querySelectorAll('#board *')) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !el.getBoundingClientRect().width) continue;
    let size = parseFloat(getComputedStyle(el).fontSize);
    if (el instanceof SVGElement) { const m = el.getScreenCTM(); size *= Math.hypot(m.a, m.b); }
    if (size < smallest) { smallest = size; which = el.textContent.trim(); }
  }
  return [smallest, which];
}"""
#: Pairs (element covering, label covered) among the two selectors' visible elements.
OVERLAPS = """([covers, labels]) => {
  const box = (e) => e.getBoundingClientRect();
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
    && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const name = (e) => `${e.getAttribute('class')} "${e.textContent.trim().slice(0, 20)}"`;
  const under = [...document.querySelectorAll(labels)].filter((e) => box(e).width > 0);
  const out = [];
  for (const c of document.querySelectorAll(covers)) {
    if (!box(c).width) continue;
    for (const l of under) {
      if (!c.contains(l) && meet(box(c), box(l))) out.push(`${name(c)} over ${name(l)}`);
    }
  }
  return out;
}"""
#: What a Krone card shows that its count badge must leave visible.
KRONE_LABELS = ", ".join(
    f".kk-court {part}"
    for part in (
        ".kk-pic-badge",
        ".kk-pic-badge-text",
        ".kk-pic-arrowhead",
        ".kk-pic-label",
        ".kk-card-row",
        ".kk-card-name",
        ".kk-card-cost",
    )
)


def against_a_bot(page: Any, game: str, level: str = "greedy") -> None:
    """A table of `game` with this person and a bot, started; the board drawn."""
    create_table(page, game)
    page.select_option("[data-action=level]", level)
    page.click("[data-action=bot]")
    page.wait_for_function(f"{STATE}.info.seats.filter(s => s.bot).length === 1")
    page.click("[data-action=start]")
    page.wait_for_function(f"!!{STATE}.view")
    page.wait_for_selector("#board > *", state="attached")
    settled(page)


def settled(page: Any) -> None:
    """Wait until the board has its style sheet and stands still (its size the same over
    a few frames): a board's CSS arrives with its module, after its first drawing."""
    page.wait_for_function(
        """() => new Promise((done) => {
          const board = document.querySelector('#board');
          const size = () => JSON.stringify(board.getBoundingClientRect());
          const first = size();
          setTimeout(() => done(size() === first), 300);
        })"""
    )


def play_typed(page: Any, rng: random.Random, until: str) -> None:
    """Legal moves typed in the command line (the longest keep in Krone, to keep rounds
    short) until the page condition `until` holds or the match is over."""
    for _ in range(1000):
        page.wait_for_function(f"{MY_TURN} || {OVER} || ({until})", timeout=60_000)
        if page.evaluate(f"{OVER} || ({until})"):
            return
        legal = state(page)["view"]["legal_moves"]
        keeps = [move for move in legal if move.startswith("keep")]
        length = page.evaluate(LOG)
        say(page, max(keeps, key=len) if keeps else rng.choice(legal))
        page.wait_for_function(f"{LOG} > {length} || {OVER}", timeout=30_000)
    raise AssertionError(f"not reached: {until}")


def fits(page: Any, where: str) -> None:
    width = page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
    assert page.evaluate(FITS), f"{where}: the page is {width[0]} px wide in a {width[1]} px window"


def test_cronberg_uses_the_room_it_has_on_a_desktop(browser: Any, server: Any):
    page = open_page(browser, server.http + "/", **DESKTOP)
    enter(page, "Anna")
    against_a_bot(page, "cronberg")
    city = page.locator(".cb-city").bounding_box()
    column = page.locator(".table-main").bounding_box()
    shot(page, "cronberg-desktop")
    # The city takes most of the column beside the side panels (it was ~320 px).
    assert city["width"] >= 600, city
    assert city["width"] >= column["width"] * 0.6, (city, column)
    smallest, which = page.evaluate(SMALLEST_TEXT)
    assert smallest >= 11, f"{which!r} is drawn at {smallest:.1f} px"
    assert page.errors == []


def test_no_page_is_wider_than_its_window_with_a_long_name(browser: Any, server: Any):
    page = open_page(browser, server.http + "/", **DESKTOP)
    enter(page, LONG_NAME)
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)
        fits(page, f"the lobby at {size['width']} px")
    page.set_viewport_size(DESKTOP)
    for game in GAMES:
        against_a_bot(page, game)
        for size in (DESKTOP, PHONE):
            page.set_viewport_size(size)
            page.wait_for_timeout(200)
            shot(page, f"{game}-long-name-{size['width']}")
            fits(page, f"{game} at {size['width']} px")
        page.set_viewport_size(DESKTOP)
        page.click("[data-action=lobby]")
        page.wait_for_selector(".lobby")
    fits(page, "the lobby with four tables")
    assert page.errors == []


def whole_numbers(page: Any, log: str) -> list[str]:
    """The numbers of a log's lines that are cut: wider than their cell, or reaching out
    of the list's left edge (where a scrolling list cuts them)."""
    return page.evaluate(
        """(log) => { const list = document.querySelector(log);
          const left = list.getBoundingClientRect().left;
          return [...list.querySelectorAll('.move-n')].filter((n) => n.scrollWidth > n.clientWidth
            || n.getBoundingClientRect().left < left - 0.5).map((n) => n.textContent); }""",
        log,
    )


def test_move_numbers_from_100_show_all_their_digits(browser: Any, server: Any):
    page = open_page(browser, server.http + "/", **DESKTOP)
    enter(page, "Anna")
    against_a_bot(page, "krone", level="random")
    numbered = "document.querySelectorAll('.move-log li').length >= 101"
    play_typed(page, random.Random(3), numbered)
    assert page.evaluate(numbered), "the match ended before its log had 101 lines"
    hundred = page.locator(".move-log li").nth(100).locator(".move-n")
    assert hundred.inner_text() == "101."
    assert whole_numbers(page, ".move-log") == []
    shot(page, "krone-log-over-100")
    if not page.evaluate(OVER):
        resign(page)
    match = state(page)["info"]["match"]
    page.goto(f"{server.http}/matches/{match}")
    page.wait_for_selector(".replay-moves li")
    assert page.locator(".replay-moves li").count() >= 101
    assert whole_numbers(page, ".replay-moves") == []
    assert page.errors == []


def test_the_chat_scrolls_in_its_panel_and_says_where_a_line_ends(browser: Any, server: Any):
    page = open_page(browser, server.http + "/", lang="it", **DESKTOP)
    enter(page, "Anna")
    create_table(page, "keltis")
    panel = page.locator(".table-screen .chat")
    before = panel.bounding_box()
    for _ in range(3):
        say(page, "/help")
    page.wait_for_function(
        "document.querySelectorAll('.table-screen .chat-line.info').length === 3"
    )
    lines = page.locator(".table-screen .chat-lines")
    assert lines.evaluate("(e) => e.scrollHeight > e.clientHeight"), "nothing to scroll"
    after = panel.bounding_box()
    assert after["height"] == pytest.approx(before["height"], abs=1), (before, after)
    field = page.locator(".table-screen .chat-say input").bounding_box()
    assert after["y"] <= field["y"]
    assert field["y"] + field["height"] <= after["y"] + after["height"]
    # A longer line is cut at 500 characters by the input, and the page says so.
    field_input = page.locator(".table-screen .chat-say input")
    field_input.fill("a" * 600)
    assert len(field_input.input_value()) == 500
    note = page.locator(".table-screen .chat-note")
    assert "500 caratteri" in note.inner_text()
    field_input.fill("a" * 470)
    assert note.inner_text() == "470/500 caratteri"
    field_input.fill("ciao")
    assert note.inner_text() == ""
    # The server's refusal of a longer line (a client without the bound) reads in words.
    field_input.evaluate("(e) => e.removeAttribute('maxlength')")
    say(page, "b" * 501)
    page.wait_for_selector(".table-screen .chat-line.error")
    assert "Una riga di chat ha al massimo 500 caratteri" in page.inner_text(".chat-line.error")
    shot(page, "chat-bounded-it")
    assert page.errors == []


def results_shown(page: Any) -> list[str]:
    """The result panels on the page, the room's and the boards' own, that are shown."""
    return page.evaluate(
        """() => [...document.querySelectorAll(
          '.result, .cb-result, .kk-result, .kt-result, .kd-result')]
          .filter((e) => e.getBoundingClientRect().height > 0)
          .map((e) => e.getAttribute('class'))"""
    )


def test_watchers_are_the_people_without_a_seat(browser: Any, server: Any):
    anna = open_page(browser, server.http + "/", **DESKTOP)
    enter(anna, "Anna")
    table = create_table(anna, "keltis")
    bruno = open_page(browser, server.http + "/", **DESKTOP)
    enter(bruno, "Bruno")
    bruno.click(f"[data-table='{table}'] [data-action=join]")
    bruno.wait_for_selector(".table-screen")
    carla = open_page(browser, server.http + "/", **DESKTOP)
    enter(carla, "Carla")
    carla.click(f"[data-table='{table}'] [data-action=watch]")
    carla.wait_for_selector(".table-screen")
    for page in (anna, bruno, carla):
        page.wait_for_function(
            f"{STATE}.info.seats.filter(s => s.name).length === 2 && {STATE}.info.watchers === 1"
        )
        assert "1 watching" in page.inner_text(".seats-panel h2")


def test_krone_does_not_move_when_a_card_is_pointed_at(browser: Any, server: Any):
    page = open_page(browser, server.http + "/", lang="de", **DESKTOP)
    enter(page, "Anna")
    against_a_bot(page, "krone")
    page.mouse.move(1, 1)
    board = page.locator("#board")
    still = board.bounding_box()
    cards = page.locator(".kk-court .kk-card")
    for index in range(cards.count()):
        cards.nth(index).hover()
        assert board.bounding_box() == still, f"card {index} moved the board"


def test_on_a_phone_nothing_covers_a_label(browser: Any, server: Any):
    page = open_page(browser, server.http + "/", **PHONE)
    enter(page, "Anna")
    against_a_bot(page, "krone")
    shot(page, "krone-phone")
    assert page.evaluate(OVERLAPS, [".kk-court .kk-count", KRONE_LABELS]) == []
    page.click("[data-action=lobby]")
    page.wait_for_selector(".lobby")
    against_a_bot(page, "cronberg")
    shot(page, "cronberg-phone")
    labels = ".cb-track-wrap, .cb-city-wrap, .cb-players, .cb-facedown, .cb-legend"
    assert page.evaluate(OVERLAPS, [".cb-action", labels]) == []
    assert page.errors == []


def themed_page(browser: Any, url: str, theme: str) -> Any:
    """A page with the room's theme chosen, the system's scheme the other one: what the
    room's own switch sets must hold on its own."""
    other = "light" if theme == "dark" else "dark"
    page = open_page(browser, "about:blank", color_scheme=other, **DESKTOP)
    page.context.add_init_script(f"localStorage.setItem('ludoteca.theme', '{theme}')")
    page.goto(url)
    return page


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_screen_passes_the_accessibility_checker(browser: Any, server: Any, theme: str):
    """axe-core on every screen in each theme; on the way through each game's result, at
    the table and on the match page, that result is shown once (the room's panel or the
    board's own, never both)."""
    source = require_axe()
    found: dict[str, list[str]] = {}
    page = themed_page(browser, server.http + "/", theme)
    shown(page, "#entry-form")
    found["entry"] = barriers(page, source)
    page.click("[data-mode=register]")
    page.fill("#entry-form input[name=name]", "Greta")
    page.fill("#entry-form input[name=password]", "lange genug")
    page.click("#entry-form button[type=submit]")
    page.wait_for_selector(".lobby")
    found["lobby"] = barriers(page, source)
    matches = {}
    for game in GAMES:
        create_table(page, game)
        found[f"{game}, open"] = barriers(page, source)
        page.click("[data-action=bot]")
        page.wait_for_function(f"{STATE}.info.seats.filter(s => s.bot).length === 1")
        page.click("[data-action=start]")
        page.wait_for_function(f"!!{STATE}.view")
        page.wait_for_selector("#board > *", state="attached")
        page.wait_for_timeout(600)  # the short animations: axe reads colours as drawn
        found[f"{game}, running"] = barriers(page, source)
        resign(page)
        page.wait_for_timeout(600)
        # The room's result panel and the board's own are never both shown.
        assert len(results_shown(page)) == 1, f"{game}: {results_shown(page)}"
        shot(page, f"{game}-result-{theme}")
        found[f"{game}, result"] = barriers(page, source)
        matches[game] = state(page)["info"]["match"]
        page.click("[data-action=lobby]")
        page.wait_for_selector(".lobby")
    found["lobby with tables"] = barriers(page, source)
    for game, match in matches.items():
        page.goto(f"{server.http}/matches/{match}")
        page.wait_for_selector(".history .result")
        page.wait_for_selector("#board > *", state="attached")
        page.wait_for_function("window.ludotecaReplay && window.ludotecaReplay.step() >= 0")
        page.wait_for_timeout(600)
        assert len(results_shown(page)) == 1, f"{game}, match page: {results_shown(page)}"
        found[f"match page, {game}"] = barriers(page, source)
    page.goto(f"{server.http}/players/Greta")
    page.wait_for_selector(".player-games")
    found["player page"] = barriers(page, source)
    page.goto(f"{server.http}/ratings/krone")
    page.wait_for_selector(".history-head h1")
    found["ratings"] = barriers(page, source)
    page.goto(f"{server.http}/ratings/kingdomino")  # with its bot levels' ladder
    page.wait_for_selector(".leaderboard .level-row")
    found["ratings with the bot levels"] = barriers(page, source)
    # The rules pages have no theme switch: they follow the system's scheme.
    rules = open_page(browser, server.http + "/rules", color_scheme=theme, **DESKTOP)
    rules.wait_for_selector(".rules h1")
    found["rules"] = barriers(rules, source)
    for game in GAMES:
        rules.goto(f"{server.http}/rules/{game}")
        rules.wait_for_selector(".rules h2")
        found[f"rules of {game}"] = barriers(rules, source)
    failing = {screen: lines for screen, lines in found.items() if lines}
    assert not failing, "\n".join(
        f"{screen}:\n  " + "\n  ".join(lines) for screen, lines in failing.items()
    )
    assert page.errors == []
    assert rules.errors == []


#: The header's children, each as [its vertical middle, its text], the visible ones.
HEADER_ITEMS = """() => [...document.querySelector('.chrome').children]
  .map((e) => [e.getBoundingClientRect(), e.textContent.trim() || e.id || e.tagName])
  .filter(([box]) => box.width > 0)
  .map(([box, text]) => [Math.round((box.top + box.bottom) / 2), text])"""


def test_the_header_is_one_line_at_1280_px_in_every_language(browser: Any, server: Any):
    """A registered player at a table (the header at its fullest: my tables, my
    matches, log out everywhere) sees the header on one line on a 1280 px screen."""
    from .test_room_social import register

    page = open_page(browser, server.http + "/", width=1280, height=800)
    register(page, "Maximiliane")
    create_table(page, "keltis")
    for language in ("en", "it", "de"):
        page.select_option("#language", language)
        page.wait_for_selector(f"html[lang={language}]")
        items = page.evaluate(HEADER_ITEMS)
        middles = {middle for middle, _text in items}
        assert max(middles) - min(middles) <= 2, f"{language}: the header wraps: {items}"
        shot(page, f"header-1280-{language}")
    # The account menu (your page, log out, everywhere) opens within the page and
    # passes axe in both themes.
    source = require_axe()
    page.select_option("#language", "en")
    page.click("#account summary")
    page.wait_for_selector("#account [data-action=logout-everywhere]")
    fits(page, "the open account menu")
    for theme in ("light", "dark"):
        page.select_option("#theme", theme)
        page.wait_for_selector("#account[open]")
        assert barriers(page, source) == []
    shot(page, "account-menu")
    assert page.errors == []
