"""Finished matches, replayed step by step at little cost and off the event loop.

A step of a replay is the match as it stood after its first N log entries. Loading the
log up to N for every step costs the length of the match each time (a five-player Krone
match has thousands of entries), and done on the event loop it held up every player of
the room while people stepped through one. So a finished match is played through once,
keeping a copy every ``spacing`` entries; a step starts from the copy before it and plays
at most ``spacing`` entries. That work, and the writing of the answer, is done by one
worker thread: the room's loop never waits on it, and a crowd of replays queues there
instead of taking more of the machine.
"""

from __future__ import annotations

import asyncio
import math
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

import msgspec

import ludoteca
from ludoteca.engine import Match

from .storage.rows import StoredMatch
from .storage.store import Store

T = TypeVar("T")

#: Finished matches kept in memory for replays (they never change once finished).
KEPT = 64
#: Steps kept as written answers: someone stepping back and forth asks for them again.
STEPS_KEPT = 512
#: A replay keeps at most about this many copies of its match, and at least one every
#: ``MIN_SPACING`` entries.
COPIES = 32
MIN_SPACING = 16

_encode = msgspec.json.Encoder().encode


class Replay:
    """One finished match and copies of it along the way."""

    def __init__(self, stored: StoredMatch) -> None:
        self.stored = stored
        self.spacing = max(MIN_SPACING, math.ceil(len(stored.log) / COPIES))
        self._copies: list[Match] | None = None
        #: Log entries played for steps (after the copies were made): a step's cost.
        self.played = 0

    def _texts(self) -> list[str]:
        return [text for _by, text in self.stored.log]

    def _copies_made(self) -> list[Match]:
        if self._copies is None:
            stored = self.stored
            match = ludoteca.game(stored.game).new_match(stored.players, stored.options)
            copies = [match.copy()]
            for n, text in enumerate(self._texts(), start=1):
                match.play(text)
                if n % self.spacing == 0:
                    copies.append(match.copy())
            copies.append(match)  # the end, for the last step and the document
            self._copies = copies
        return self._copies

    def at(self, upto: int) -> Match:
        """The match after its first ``upto`` log entries (a match of one's own)."""
        copies = self._copies_made()
        if upto == len(self.stored.log):
            return copies[-1].copy()
        start = upto // self.spacing
        match = copies[start].copy()
        for text in self._texts()[start * self.spacing : upto]:
            match.play(text)
        self.played += upto - start * self.spacing
        return match

    def view(self, seat: int | None, upto: int) -> bytes:
        view = self.at(upto).view(seat)
        if upto == len(self.stored.log):
            view["result"] = self.stored.result  # as the room announced it (a resignation too)
        return _encode(view)

    def document(self) -> bytes:
        return _encode(self._copies_made()[-1].to_json())


class FinishedMatches:
    """Finished matches read from the store, the most recently asked for kept, and their
    replays worked out by one thread of their own."""

    def __init__(self) -> None:
        self._kept: OrderedDict[int, Replay] = OrderedDict()
        self._steps: OrderedDict[tuple[int, int | None, int], bytes] = OrderedDict()
        self._worker = ThreadPoolExecutor(1, thread_name_prefix="replays")

    def close(self) -> None:
        self._worker.shutdown(wait=False, cancel_futures=True)

    async def get(self, store: Store, match_id: int) -> Replay | None:
        found = self._kept.get(match_id)
        if found is not None:
            self._kept.move_to_end(match_id)
            return found
        stored = await store.match(match_id)
        if stored is None or stored.finished_at is None:
            return None
        found = self._kept.setdefault(match_id, Replay(stored))
        if len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        return found

    async def view(self, replay: Replay, seat: int | None, upto: int) -> bytes:
        """The view after ``upto`` entries as ``seat`` (None: a spectator) saw it."""
        key = (replay.stored.id, seat, upto)
        written = self._steps.get(key)
        if written is None:
            written = await self._off_the_loop(lambda: replay.view(seat, upto))
            self._steps[key] = written
            if len(self._steps) > STEPS_KEPT:
                self._steps.popitem(last=False)
        else:
            self._steps.move_to_end(key)
        return written

    async def document(self, replay: Replay) -> bytes:
        return await self._off_the_loop(replay.document)

    async def _off_the_loop(self, work: Callable[[], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._worker, work)
