"""Fewer clicks in the room, in Chromium against a real `ludoteca serve`: a move one click
names whole plays on that click unless the person asks to confirm every move, a Krone card
used from its holder's list, resigning asked in the page, and a replay that starts where
the players do."""

from __future__ import annotations

import json
import random
from typing import Any

from tests.server.live import Player

from .browser import watched
from .room import (
    LOG,
    MY_TURN,
    OVER,
    STATE,
    choose,
    create_table,
    enter,
    my_turn_or_over,
    open_page,
    say,
    shot,
    state,
)


def played_out(server: Any, game: str, seed: int) -> tuple[int, list[dict[str, Any]]]:
    """A match of ``game`` a person played at random against a bot over a socket: its id
    and its log as the person saw it."""
    anna = Player(server, "Anna")
    anna.expect("lobby")
    anna.send(t="create", game=game, options={})
    table = anna.expect("sync")["table"]["id"]
    anna.send(t="chat", text="/bot random", table=table)
    anna.expect("table", where=lambda m: any(s["bot"] for s in m["table"]["seats"]))
    anna.send(t="chat", text="/start", table=table)
    rng = random.Random(seed)
    started = anna.expect("sync", where=lambda m: m["match"] is not None)
    match_id, version, view = started["table"]["match"], started["v"], started["match"]
    log = view["log"]
    while view["result"] is None:
        if view["legal_moves"]:
            anna.send(t="move", table=table, v=version, move=rng.choice(view["legal_moves"]))
        update = anna.expect("match")
        version, view = update["v"], update["view"]
        log = log[: view["log_from"]] + view["log"]
    anna.close()
    return match_id, log


def test_a_keltis_replay_starts_after_the_deal_and_steps_back_into_it(browser: Any, server: Any):
    match_id, log = played_out(server, "keltis", seed=2)
    dealt = next(i for i, entry in enumerate(log) if entry["by"] != "chance")
    assert dealt == 46  # 2 players: 8 cards each, then the 30 stones and cards turned up
    page = open_page(browser, server.http + f"/matches/{match_id}")
    step = "(window.ludotecaReplay && window.ludotecaReplay.step())"
    page.wait_for_function(f"{step} === {len(log)}")
    page.click("[data-action=play]")  # from the end, playing starts at the first move
    page.wait_for_function(f"{dealt} <= {step} && {step} <= {dealt + 2}")
    page.click("[data-action=play]")
    page.keyboard.press("End")
    page.wait_for_function(f"{step} === {len(log)}")
    page.click("[data-action=first]")
    page.wait_for_function(f"{step} === {dealt}")
    shot(page, "keltis-replay-opening")
    page.click("[data-action=back]")  # the deal is still there, one step back
    page.wait_for_function(f"{step} === {dealt - 1}")
    page.click("[data-action=first]")
    page.wait_for_function(f"{step} === 0")
    page.keyboard.press("End")
    page.wait_for_function(f"{step} === {len(log)}")
    page.keyboard.press("Home")
    page.wait_for_function(f"{step} === {dealt}")
    assert page.errors == []


def against_a_bot(page: Any, game: str, level: str = "random") -> None:
    create_table(page, game)
    page.select_option("[data-action=level]", level)
    page.click("[data-action=bot]")
    page.wait_for_function(f"{STATE}.info.seats.filter(s => s.bot).length === 1")
    page.click("[data-action=start]")
    page.wait_for_function(MY_TURN)


def played_after(page: Any, length: int) -> dict[str, Any]:
    """The first entry of the log after ``length`` entries, once it is there."""
    page.wait_for_function(f"{LOG} > {length}")
    return state(page)["view"]["log"][length]  # type: ignore[no-any-return]


def test_one_click_picks_a_domino_unless_every_move_is_to_be_confirmed(browser: Any, server: Any):
    page = open_page(browser, server.http + "/")
    enter(page, "Anna")
    against_a_bot(page, "kingdomino")
    length = len(state(page)["view"]["log"])
    page.locator(".kd-pickable").first.click()
    assert played_after(page, length)["move"].startswith("pick ")
    page.check("#confirm-moves")  # the setting, in the page's frame
    page.reload()
    page.wait_for_function(MY_TURN)
    assert page.is_checked("#confirm-moves")  # kept in the browser
    length = len(state(page)["view"]["log"])
    spot = ".kd-pickable" if page.locator(".kd-pickable").count() else ".kd-spot"
    page.locator(spot).first.click()
    page.wait_for_timeout(500)
    assert len(state(page)["view"]["log"]) == length  # chosen, waiting for OK
    shot(page, "kingdomino-confirm-every-move")
    page.click(".kd-ok")
    assert played_after(page, length)["by"] == state(page)["you"]
    assert page.errors == []


def test_a_krone_card_is_used_by_clicking_it_in_its_holders_list(browser: Any, server: Any):
    page = open_page(browser, server.http + "/")
    enter(page, "Anna")
    against_a_bot(page, "krone")
    rng = random.Random(3)
    for _ in range(400):
        table = my_turn_or_over(page)
        assert not table["view"]["result"], "no card with one use came to hand"
        view, you = table["view"], table["you"]
        uses: dict[str, list[str]] = {}
        for move in view["legal_moves"]:
            if move.startswith("use "):
                uses.setdefault(move.split()[1], []).append(move)
        single = [card for card, texts in uses.items() if len(texts) == 1]
        length = len(view["log"])
        if single:
            chip = page.locator(f"[data-key=chip-{you}-{single[0]}-0]")
            shot(page, "krone-held-card-before")
            chip.click()
            entry = played_after(page, length)
            assert entry["by"] == you
            assert entry["move"] == uses[single[0]][0]
            assert page.errors == []
            return
        say(page, choose("krone", view["legal_moves"], rng))
        page.wait_for_function(f"{LOG} > {length} || {OVER}")
    raise AssertionError("no card with one use in 400 moves")


def test_resigning_asks_in_the_page_and_escape_takes_it_back(browser: Any, server: Any):
    page = open_page(browser, server.http + "/", lang="it")
    enter(page, "Anna")
    against_a_bot(page, "keltis")
    page.click("[data-action=resign]")
    dialog = page.locator("dialog.ask[open]")
    dialog.wait_for()
    assert "Abbandonare questa partita?" in dialog.inner_text()
    assert page.evaluate("document.activeElement.dataset.action") == "ask-no"
    shot(page, "resign-asked-it")
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog.ask", state="detached")
    assert page.evaluate("document.activeElement.dataset.action") == "resign"
    page.wait_for_timeout(300)
    assert state(page)["info"]["status"] == "running"  # nothing was sent
    page.click("[data-action=resign]")
    page.click("dialog.ask [data-action=ask-no]")
    page.wait_for_timeout(300)
    assert state(page)["info"]["status"] == "running"
    page.click("[data-action=resign]")
    page.click("dialog.ask [data-action=ask-yes]")
    # of two players, one resigning ends the match
    page.wait_for_function(f"{STATE}.info.status === 'finished'")
    assert page.errors == []


def against_a_bot_through(browser: Any, server: Any, between: Any) -> Any:
    """Anna's page at a Kingdomino table against a bot, its socket routed through
    ``between`` (a Playwright WebSocket route: the test stands between page and room)."""
    context = browser.new_context(viewport={"width": 1280, "height": 950}, bypass_csp=True)
    context.route_web_socket("**/ws", between)
    page = context.new_page()
    watched(page)
    page.goto(server.http + "/")
    enter(page, "Anna")
    against_a_bot(page, "kingdomino")
    return page


def test_a_refused_move_lets_the_board_go_so_the_player_can_move_again(browser: Any, server: Any):
    """A move sent holds the board until the room answers; a refusal is an answer. The
    page's first move is answered with ``slow_down`` instead of reaching the room (as a
    room under load would answer), and the same click afterwards plays."""
    refused: list[str] = []

    def between(page_side: Any) -> None:
        room_side = page_side.connect_to_server()

        def from_page(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("t") == "move" and not refused:
                refused.append(data["move"])
                page_side.send(
                    json.dumps(
                        {
                            "t": "error",
                            "code": "slow_down",
                            "text": "too many messages",
                            "table": data["table"],
                            "params": {"limit": "messages", "per_second": 1, "retry_after": 1},
                        }
                    )
                )
                return
            room_side.send(message)

        page_side.on_message(from_page)

    page = against_a_bot_through(browser, server, between)
    length = len(state(page)["view"]["log"])
    page.locator(".kd-pickable").first.click()
    page.wait_for_function("document.querySelector('.toast:not([hidden])')")
    assert len(refused) == 1
    assert len(state(page)["view"]["log"]) == length  # the room never saw it
    page.locator(".kd-pickable").first.click()
    entry = played_after(page, length)
    assert entry["by"] == state(page)["you"]
    assert entry["move"].startswith("pick ")
    assert page.errors == []


def test_a_move_in_flight_holds_the_board_through_the_tables_other_news(browser: Any, server: Any):
    """Chat, presence and seat changes are not the room's answer to a move: while the
    page's pick is on its way, a presence message arrives and the same domino is clicked
    again; nothing more is sent, and the pick, once through, is played once. (The board
    used to let go on any news of the table, and the second click sent the move again,
    refused on the screen.)"""
    held: list[str | bytes] = []
    sides: list[Any] = []

    def between(page_side: Any) -> None:
        room_side = page_side.connect_to_server()
        sides.append((page_side, room_side))

        def from_page(message: str | bytes) -> None:
            if json.loads(message).get("t") == "move":
                held.append(message)  # on its way: the room hears it when the test says
                return
            room_side.send(message)

        page_side.on_message(from_page)

    page = against_a_bot_through(browser, server, between)
    table = state(page)
    length = len(table["view"]["log"])
    page.locator(".kd-pickable").first.click()
    for _ in range(100):  # the route hears of the move as Playwright runs its handlers
        if held:
            break
        page.wait_for_timeout(50)
    assert len(held) == 1
    page_side, room_side = sides[-1]
    seats = table["info"]["seats"]
    page_side.send(
        json.dumps(
            {
                "t": "presence",
                "table": table["id"],
                "v": table["v"],
                "connected": [True] * len(seats),
                "watchers": 1,
            }
        )
    )
    page.wait_for_function(f"{STATE}.info.watchers === 1")
    page.locator(".kd-pickable").first.click()  # the same domino, again
    page.wait_for_timeout(300)
    assert len(held) == 1, held
    assert page.locator(".kd-ok:enabled").count() == 0
    room_side.send(held[0])
    assert played_after(page, length)["move"] == json.loads(held[0])["move"]
    page.wait_for_timeout(300)
    assert page.locator(".chat-line.error").count() == 0, page.inner_text(".chat-lines")
    assert page.errors == []
