"""Table links, private tables, back and forward, "my tables" and "your turn", in
Chromium against a real `ludoteca serve`. Few tests, each a whole story in one session of
its pages, on one server for the module: the browser suite's time is tight.

"In the background" is emulated: the page's ``document.visibilityState`` is made
"hidden" (a headless Chromium has no window to hide), and the browser's Notification is
wrapped to record what the page shows, with the permission granted to the context."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.server.live import running

from .axe import barriers, require_axe
from .browser import shown
from .room import LOG, MY_TURN, STATE, create_table, enter, open_page, point_or_type, shot, state

HIDDEN = """() => {
  Object.defineProperty(document, "visibilityState", { get: () => "hidden", configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
}"""
RECORD_NOTICES = """(() => {
  window.notices = [];
  const Real = window.Notification;
  window.Notification = class extends Real {
    constructor(title, options) {
      super(title, options);
      window.notices.push([title, options.body]);
    }
  };
})();"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    db = tmp_path_factory.mktemp("links") / "room.db"
    with running(f"sqlite+aiosqlite:///{db}", bot_delay=0, rate=200) as live:
        yield live


def play_one(page: Any, rng: random.Random) -> None:
    """One move by pointing or typing, and wait until the table has it."""
    played = page.evaluate(LOG)
    point_or_type(page, "kingdomino", state(page), rng)
    page.wait_for_function(f"{LOG} > {played}")


def path(page: Any) -> str:
    return str(page.evaluate("location.pathname + location.search"))


def test_a_link_opens_a_table_and_your_turn_shows_in_a_background_tab(browser: Any, server: Any):
    anna = open_page(browser, server.http + "/")
    enter(anna, "Anna")
    table = create_table(anna, "kingdomino")
    assert path(anna) == f"/tables/{table}"
    # Bruno opens the link: the entry first, then straight to that table, watching, with
    # a seat to take.
    context = browser.new_context(viewport={"width": 1280, "height": 950}, bypass_csp=True)
    context.grant_permissions(["notifications"], origin=server.http)
    context.add_init_script(RECORD_NOTICES)
    bruno = context.new_page()
    bruno.errors = []
    bruno.on("pageerror", lambda error: bruno.errors.append(str(error)))
    bruno.goto(f"{server.http}/tables/{table}")
    shown(bruno, "#entry-form")
    bruno.fill("#entry-form input[name=name]", "Bruno")
    bruno.click("#entry-form button[type=submit]")
    bruno.wait_for_function(f"{STATE} && {STATE}.id === {table}")
    assert path(bruno) == f"/tables/{table}"
    bruno.click("[data-action=join]")
    bruno.wait_for_function(f"{STATE}.you === null && {STATE}.info.seats[1].name === 'Bruno'")
    # Notifications on (the browser's permission is granted to this context).
    bruno.click("#my-tables summary")
    bruno.check("#turn-notices")
    assert bruno.is_checked("#turn-notices")
    assert bruno.evaluate("Notification.permission") == "granted"
    anna.click("[data-action=start]")
    bruno.wait_for_function(f"{STATE}.view !== null")
    rng = random.Random(2)
    while bruno.evaluate(MY_TURN):  # his turn first: he plays, so that the next one is news
        play_one(bruno, rng)
    # Bruno goes to the lobby (a running match keeps his seat) and hides the tab.
    bruno.click("[data-action=lobby]")
    bruno.wait_for_selector(".lobby")
    assert path(bruno) == "/"
    bruno.evaluate(HIDDEN)
    anna.wait_for_function(f"{STATE}.view !== null")
    for _ in range(8):
        if anna.evaluate(MY_TURN):
            assert not bruno.title().startswith("("), bruno.title()
            play_one(anna, rng)
        else:
            break
    bruno.wait_for_function("document.title.startsWith('(1) Your turn')")
    assert bruno.title() == "(1) Your turn — Lobby · ludoteca"
    assert bruno.get_attribute("link[rel=icon]", "href").startswith("data:image/svg+xml")
    assert bruno.evaluate("window.notices") == [
        ["Your turn", f"Table {table} (Kingdomino) waits for your move"]
    ]
    assert bruno.inner_text("#my-tables summary").endswith("1 waiting")
    shot(bruno, "links-your-turn-in-the-lobby")
    # "My matches" lists the running one, with its table's link; it takes him there.
    bruno.click("#my-matches summary")
    link = bruno.locator(f"#my-matches a[href='/tables/{table}']")
    link.wait_for()
    shot(bruno, "links-my-matches")
    link.click()
    bruno.wait_for_function(f"{STATE} && {STATE}.id === {table} && {STATE}.you === 1")
    assert path(bruno) == f"/tables/{table}"
    assert anna.errors == []
    assert bruno.errors == []


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_private_tables_back_and_forward_and_a_gone_link(
    browser: Any, server: Any, theme: str
) -> None:
    source = require_axe()
    found: dict[str, list[str]] = {}
    carla = open_page(browser, server.http + "/")
    carla.evaluate(f"localStorage.setItem('ludoteca.theme', '{theme}')")
    carla.reload()
    enter(carla, f"Carla-{theme}")
    # Back and forward between the lobby and a table; back keeps her seat.
    public = create_table(carla, "keltis")
    carla.go_back()
    carla.wait_for_selector(f".lobby [data-table='{public}'] [data-action=back]")
    assert path(carla) == "/"
    carla.go_forward()
    carla.wait_for_function(f"{STATE} && {STATE}.id === {public}")
    assert path(carla) == f"/tables/{public}"
    assert state(carla)["info"]["seats"][0]["name"] == f"Carla-{theme}"
    carla.go_back()
    carla.wait_for_selector(".lobby")
    # A private table: its link carries its key and is shown to share.
    carla.check("#create input[name=private]")
    carla.uncheck("#create input[name=spectators]")
    private = create_table(carla, "keltis")
    key = state(carla)["key"]
    assert len(key) == 22
    assert path(carla) == f"/tables/{private}?key={key}"
    assert carla.input_value(".share-link") == f"{server.http}/tables/{private}?key={key}"
    carla.click("#my-tables summary")
    shot(carla, f"links-private-table-{theme}")
    found["private table, my tables open"] = barriers(carla, source)
    # Dora's lobby does not list it; a wrong key is refused; the link works.
    dora = open_page(browser, server.http + "/")
    dora.evaluate(f"localStorage.setItem('ludoteca.theme', '{theme}')")
    enter(dora, f"Dora-{theme}")
    dora.wait_for_selector(f".lobby [data-table='{public}']")
    assert dora.locator(f"[data-table='{private}']").count() == 0
    dora.goto(f"{server.http}/tables/{private}?key=wrong{key[5:]}")
    dora.wait_for_selector(".gone")
    assert "private" in dora.inner_text(".gone")
    found["refused link"] = barriers(dora, source)
    dora.goto(f"{server.http}/tables/{private}?key={key}")
    dora.wait_for_function(f"{STATE} && {STATE}.id === {private}")
    dora.click("[data-action=join]")
    dora.wait_for_function(f"{STATE}.info.seats[1].name === 'Dora-{theme}'")
    # A table that is not there: said so, with the way to the lobby.
    dora.goto(f"{server.http}/tables/999")
    dora.wait_for_selector(".gone")
    shot(dora, f"links-gone-{theme}")
    found["gone table"] = barriers(dora, source)
    dora.click(".gone [data-action=lobby]")
    dora.wait_for_selector(".lobby")
    assert path(dora) == "/"
    assert {name: f for name, f in found.items() if f} == {}
    assert carla.errors == []
    assert dora.errors == []
