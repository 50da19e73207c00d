"""The account menu in Chromium against a real ``ludoteca serve`` (docs/bots.md): an
account turned into a bot, a personal token made in the page, used by a program, revoked
in the page; and the BOT mark on the player and ratings pages. Screenshots:
test-output/room/."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from ludoteca.client import Client, Plan
from ludoteca.server import botaccounts
from ludoteca.server.storage import Store
from ludoteca.server.storage.schema import ratings
from tests.server.test_bot_client import _read_to_the_end

from .axe import barriers, require_axe
from .room import STATE, enter, open_page, register, say, shot

ACCOUNT = "#account"


def open_account(page: Any) -> None:
    page.click(f"{ACCOUNT} > summary")
    page.wait_for_selector(f"{ACCOUNT}[open] .token-form")


def bot_account(browser: Any, server: Any) -> Any:
    """Robo registers and turns the account into a bot in the account menu (which
    offered read tokens only before: bot:play is a bot account's); the menu stays open."""
    page = open_page(browser, server.http + "/")
    register(page, "Robo")
    open_account(page)
    assert page.eval_on_selector_all("#token-scope option", "os => os.map(o => o.value)") == [
        "read"
    ]
    page.click("[data-action=become-bot]")
    page.wait_for_selector(f"{ACCOUNT} h3 .mark.bot")
    return page


def test_a_token_made_in_the_page_plays_and_once_revoked_in_the_page_is_refused(
    browser: Any, server: Any
):
    source = require_axe()
    robo = bot_account(browser, server)
    assert robo.locator(".chrome .me .mark.bot").count() == 1  # beside the name too
    assert robo.eval_on_selector_all("#token-scope option", "os => os.map(o => o.value)") == [
        "bot:play",
        "read",
    ]

    robo.fill("#token-label", "laptop")
    robo.select_option("#token-scope", "bot:play")
    robo.click("[data-action=make-token]")
    token = robo.wait_for_selector("#token-value").get_attribute("value")
    assert token.startswith("ldt_")
    assert robo.locator("[data-action=copy-token]").count() == 1
    row = robo.wait_for_selector(".tokens tbody tr")
    assert "laptop" in row.inner_text()
    assert "bot:play" in row.inner_text()
    assert robo.locator(".tokens [data-used=never]").count() == 1
    assert barriers(robo, source) == []
    robo.select_option("#theme", "dark")
    robo.wait_for_selector("#token-value")
    assert barriers(robo, source) == []
    shot(robo, "account-token-dark")
    robo.select_option("#theme", "light")

    # The token is a program's way in: over HTTP and on the socket, with no cookie.
    bearer = {"Authorization": f"Bearer {token}"}
    me = httpx.get(server.http + "/api/me", headers=bearer).json()
    assert (me["name"], me["bot"], me["scopes"]) == ("Robo", True, ["bot:play"])
    with connect(server.ws, additional_headers=bearer) as socket:
        assert json.loads(socket.recv(5))["you"]["name"] == "Robo"
        # Closed and opened again, the menu no longer shows the token, and lists it used.
        robo.click(f"{ACCOUNT} > summary")
        robo.wait_for_selector(f"{ACCOUNT}:not([open])")
        open_account(robo)
        robo.wait_for_selector(".tokens [data-used=yes]")
        assert robo.locator("#token-value").count() == 0

        robo.click("[data-action=revoke-token]")
        robo.wait_for_selector(f"{ACCOUNT} .tokens", state="detached")
        assert "No tokens" in robo.inner_text(ACCOUNT)
        with pytest.raises(ConnectionClosed, match="4401"):
            _read_to_the_end(socket)
    refused = httpx.get(server.http + "/api/me", headers=bearer)
    assert refused.status_code == 401
    assert refused.json()["code"] == "bad_token"
    assert robo.errors == []


def test_an_account_that_has_played_is_told_why_it_cannot_become_a_bot(browser: Any, server: Any):
    pia = open_page(browser, server.http + "/")
    register(pia, "Pia")
    pia.select_option("#create select[name=game]", "keltis")
    pia.click("#create button[type=submit]")
    pia.wait_for_function(f"{STATE} && {STATE}.info.game === 'keltis'")
    say(pia, "/bot random")
    pia.wait_for_function(f"{STATE}.info.seats[1].name !== null")
    say(pia, "/start")
    pia.wait_for_function(f"!!{STATE}.view")
    open_account(pia)
    pia.click("[data-action=become-bot]")
    told = pia.wait_for_selector(".account-problem[role=alert]")
    assert "An account that has played cannot become a bot" in told.inner_text()
    assert pia.locator(".chrome .me .mark.bot").count() == 0
    shot(pia, "account-played")
    assert pia.errors == []


def test_a_bot_account_is_marked_bot_on_its_player_page_and_the_bots_leaderboard(
    browser: Any, server: Any
):
    source = require_axe()
    page = bot_account(browser, server)
    robo = page.evaluate("window.ludoteca.me().id")
    # A rating as a rated bot-vs-bot match leaves it (tests/server/test_bot_client.py
    # plays one); here the pages only show it.
    _in_thread(_rated(server.db_url, robo, "krone"))

    page.goto(server.http + "/players/Robo")
    page.wait_for_selector(".history-head h1 .mark.bot")
    assert page.inner_text(".history-head h1").split() == ["Robo", "BOT"]

    page.goto(server.http + "/ratings/krone")
    page.wait_for_selector(".leaderboard, .history .missing, .history p.muted")
    # People's pool: no bot account in it (the room's own levels are its rows marked bot).
    assert page.locator(".leaderboard tbody tr:not(.level-row)").count() == 0
    page.click("[data-pool=bots]")
    cell = page.wait_for_selector(".leaderboard tbody tr:not(.level-row) td:nth-child(2)")
    assert cell.inner_text().split() == ["Robo", "BOT"]
    for theme in ("light", "dark"):
        page.select_option("#theme", theme)
        page.wait_for_selector(".leaderboard .mark.bot")
        assert barriers(page, source) == []
    shot(page, "ratings-bots-dark")
    page.goto(server.http + "/players/Robo")
    page.wait_for_selector(".history-head h1 .mark.bot")
    for theme in ("light", "dark"):
        page.select_option("#theme", theme)
        assert barriers(page, source) == []
    assert page.errors == []


def test_a_bot_account_is_marked_bot_in_the_lobby_at_its_chair_and_in_its_result(
    browser: Any, server: Any
):
    token = _in_thread(botaccounts.create(server.db_url, "Robo"))[1]
    # Robo (a client bot) plays a match against the room's random bot to its end.
    plan = Plan(open="kingdomino", table_bots="random", matches=1)
    client = Client(server.ws, token, "random", plan, seed=1)
    _in_thread(asyncio.wait_for(client.run(), 120))
    anna = open_page(browser, f"{server.http}/matches/{client.finished[0]}")
    who = anna.wait_for_selector(".result .result-row[data-seat='0'] .who")
    assert who.inner_text().split() == ["Robo", "BOT"]
    assert anna.locator(".result .mark.bot").count() == 1  # the room's bot is no account

    # Robo opens a table: Anna sees the mark in the lobby (the table, who is online) and
    # at Robo's chair.
    anna.goto(server.http + "/")
    enter(anna, "Anna")
    with connect(server.ws, additional_headers={"Authorization": f"Bearer {token}"}) as robo:
        robo.send(json.dumps({"t": "create", "game": "keltis"}))
        card = anna.wait_for_selector(".table-card .seats .mark.bot")
        assert card.evaluate("mark => mark.parentElement.textContent") == "RoboBOT"
        online = anna.wait_for_selector(".online-names .mark.bot")
        assert online.evaluate("mark => mark.parentElement.firstChild.textContent") == "Robo"
        anna.click(".table-card [data-action=join]")
        chair = anna.wait_for_selector(".seat-row[data-seat='0'] .mark.bot")
        assert chair.get_attribute("title") == "a bot account: a program plays it"
        shot(anna, "bot-at-chair")
    assert anna.errors == []


def _in_thread(work: Any) -> Any:
    """Run a coroutine to its end in a thread of its own (Playwright's event loop runs
    in this one)."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, work).result()


async def _rated(db_url: str, user_id: int, game: str) -> None:
    store = Store(db_url)
    try:
        async with store.engine.begin() as connection:
            await connection.execute(
                ratings.insert().values(user_id=user_id, game=game, rating=1516.0, games=1)
            )
    finally:
        await store.close()
