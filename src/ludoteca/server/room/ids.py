"""Table, match and invitation ids, unique across every process of the room.

On PostgreSQL they come from the database's sequences, which every process shares.
A table asks for a match id without waiting (``Host.new_match_id`` is synchronous, and
a move is handled from start to end without waiting), so ids are taken ahead, a block
at a time, and the block is topped up in the background once half of it is used: a
room then never waits for an id unless it starts more than half a block of tables or
matches in the time of one round trip to the database. On SQLite the room is one
process: it numbers on from the highest id stored, as it always has.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from typing import Literal

from ..storage.store import Store
from ..table import Refusal

log = logging.getLogger("ludoteca.server")

Kind = Literal["table", "match", "offer"]
#: Ids taken from a sequence at a time.
BLOCK = 128


class Ids:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.shared = store.engine.dialect.name == "postgresql"
        self._free: dict[Kind, deque[int]] = {"table": deque(), "match": deque(), "offer": deque()}
        self._highest: dict[Kind, int] = {"table": 0, "match": 0, "offer": 0}
        self._topping_up: dict[Kind, asyncio.Task[None]] = {}

    async def open(self) -> None:
        if self.shared:
            for kind in self._free:
                await self._top_up(kind)
        else:
            self._highest["table"], self._highest["match"] = await self.store.highest_ids()
            self._highest["offer"] = await self.store.highest_invitation()

    def take(self, kind: Kind) -> int:
        if not self.shared:
            self._highest[kind] += 1
            return self._highest[kind]
        free = self._free[kind]
        if len(free) <= BLOCK // 2 and kind not in self._topping_up:
            task = asyncio.get_running_loop().create_task(self._top_up(kind))
            self._topping_up[kind] = task
            task.add_done_callback(lambda _: self._topping_up.pop(kind, None))
        if not free:
            raise Refusal(
                "unavailable",
                f"the room is numbering new {kind}s faster than the database answers: "
                "try again in a moment",
            )
        return free.popleft()

    async def _top_up(self, kind: Kind) -> None:
        try:
            self._free[kind].extend(await self.store.new_ids(kind, BLOCK))
        except Exception:
            log.exception("no new %s ids from the database; the next one asked tries again", kind)
