"""Fewer clicks in the room, in Chromium against a real `ludoteca serve`: a replay that
starts where the players do."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from tests.server.live import Player, running

from .room import open_page, shot


@pytest.fixture
def server(tmp_path: Path) -> Any:
    with running(f"sqlite+aiosqlite:///{tmp_path / 'room.db'}", bot_delay=0, rate=200) as live:
        yield live


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
