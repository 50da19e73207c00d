"""A table's bots on a fake host: a bot that thinks in a bot process starts when it comes
to move, and its move waits for the pacing delay, not the delay for its move."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest

from ludoteca.engine import Match, Move
from ludoteca.server.table import Table, thinking

from .fake import ANNA, FakeHost, play_first, table

DELAY = 0.6


class Thinker:
    """Stands in for the bot processes: each decision asked for waits until the test
    answers it."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, int]] = []  # (level, moves played then)
        self._answers: list[asyncio.Future[Move]] = []

    async def think(self, level: str, match: Match, table_id: int | str = "") -> Move:
        self.asked.append((level, match.moves_played))
        answer: asyncio.Future[Move] = asyncio.get_running_loop().create_future()
        self._answers.append(answer)
        return await answer

    def answer(self, move: Move) -> None:
        self._answers.pop(0).set_result(move)


def with_a_thinker(
    scenario: Callable[[FakeHost, Table, Thinker], Awaitable[None]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Runs ``scenario`` in an event loop on a Krone table of Anna and a greedy bot (a
    level that thinks in a bot process), Anna's first turn played."""
    thinker = Thinker()
    monkeypatch.setattr(thinking, "think", thinker.think)

    async def run() -> None:
        host = FakeHost()
        host.bot_delay = DELAY
        krone = table(host, "krone", ANNA)
        krone.seating.seat_bot(ANNA, "greedy", None)
        host.commit()
        krone.start(ANNA)
        host.commit()
        while krone.to_move() == 0:
            play_first(krone, (ANNA,))
            host.commit()
        await settle()
        await scenario(host, krone, thinker)

    asyncio.run(run())


async def settle() -> None:
    """Lets the loop run what is ready (a task begun, an answer awaited)."""
    for _ in range(5):
        await asyncio.sleep(0)


def moves_by(krone: Table, seat: int) -> int:
    return sum(1 for entry in krone.live.log if entry.actor == seat)


def test_a_thinking_bot_starts_at_once_and_plays_its_move_once_the_delay_has_passed(
    monkeypatch,
):
    async def scenario(host: FakeHost, krone: Table, thinker: Thinker) -> None:
        assert krone.to_move() == 1
        # The bot thinks from the moment it is to move: the delay has not passed.
        assert thinker.asked == [("greedy", krone.live.moves_played)]
        roll = krone.live.legal_moves()[0]
        thinker.answer(roll)
        await settle()
        assert moves_by(krone, 1) == 0  # decided, but people are given the delay
        host.wait(DELAY / 2)
        assert moves_by(krone, 1) == 0
        host.wait(DELAY)
        assert [entry.move for entry in krone.live.log if entry.actor == 1] == [roll]

    with_a_thinker(scenario, monkeypatch)


def test_a_thinking_bot_slower_than_the_delay_plays_as_soon_as_it_has_decided(monkeypatch):
    async def scenario(host: FakeHost, krone: Table, thinker: Thinker) -> None:
        host.wait(DELAY)
        assert moves_by(krone, 1) == 0  # still thinking
        thinker.answer(krone.live.legal_moves()[0])
        await settle()
        host.commit()
        assert moves_by(krone, 1) == 1  # no second delay after the decision
        # Its next move is thought out from the position its first one left.
        await settle()
        assert thinker.asked[-1] == ("greedy", krone.live.moves_played)

    with_a_thinker(scenario, monkeypatch)


def test_a_decision_under_way_when_the_match_is_paused_is_dropped(monkeypatch):
    async def scenario(host: FakeHost, krone: Table, thinker: Thinker) -> None:
        krone.agreements.pause(ANNA)  # Anna is the only person: the match pauses
        host.commit()
        thinker.answer(krone.live.legal_moves()[0])
        await settle()
        host.wait(DELAY)
        assert moves_by(krone, 1) == 0
        krone.agreements.pause(ANNA)  # and goes on: the bot decides anew
        host.commit()
        await settle()
        assert len(thinker.asked) == 2
        thinker.answer(krone.live.legal_moves()[0])
        await settle()
        host.wait(DELAY)
        assert moves_by(krone, 1) == 1

    with_a_thinker(scenario, monkeypatch)
