"""Count the way of one move through the server: calls, changes of module, room <-> table.

A room runs in process on a throwaway SQLite database, two people sit at a table and
start it; then one move is traced with ``sys.setprofile`` from ``Room.handle`` until the
journal has stored it and every audience has been sent its update. Only the project's
own Python frames count (not the engine's C helpers, not SQLAlchemy); the store's
database work (``server/storage``) is left out: it is the database, not the way.

A *change of module* is a call whose function lives in another module than its caller's;
a *room <-> table crossing* is one between ``server/room*`` and ``server/table*``.

    python scripts/trace_move.py            # Kingdomino, and Keltis with a clock
    PYTHONPATH=/tmp/before/src python scripts/trace_move.py   # the same on an old tree

The counts are of one move in the middle of the opening, the same on every run: the
move is the first legal one, and the chance source is seeded.
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
from pathlib import Path
from types import FrameType
from typing import Any

import ludoteca
from ludoteca.server import protocol as p
from ludoteca.server.connection import Connection
from ludoteca.server.room import Room, Settings
from ludoteca.server.storage.store import Store

ROOT = str(Path(ludoteca.__file__).parent)


def _module(frame: FrameType) -> str | None:
    path = frame.f_code.co_filename
    if not path.startswith(ROOT):
        return None
    name = path[len(ROOT) + 1 :].removesuffix(".py")
    if name.startswith("server/storage"):
        return None
    return name


def _side(module: str) -> str | None:
    if module.startswith("server/room"):
        return "room"
    if module.startswith("server/table"):
        return "table"
    return None


class Counter:
    def __init__(self) -> None:
        self.calls = 0
        self.changes = 0
        self.crossings = 0
        self.modules: set[str] = set()
        self.names: list[str] = []

    def __call__(self, frame: FrameType, event: str, _arg: Any) -> None:
        if event != "call":
            return
        module = _module(frame)
        if module is None:
            return
        self.calls += 1
        self.modules.add(module)
        self.names.append(f"{module}:{frame.f_code.co_name}")
        caller = frame.f_back
        while caller is not None and _module(caller) is None and caller.f_back is not None:
            # A callback run by the event loop or the journal: its caller is outside.
            if not caller.f_code.co_filename.startswith(ROOT):
                break
            caller = caller.f_back
        before = None if caller is None else _module(caller)
        if before is not None and before != module:
            self.changes += 1
            sides = {_side(before), _side(module)}
            if sides == {"room", "table"}:
                self.crossings += 1


async def _nothing(_message: Any) -> None:
    return None


async def trace(game: str, clock: dict[str, Any] | None, moves_before: int) -> Counter:
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(db_url=f"sqlite+aiosqlite:///{folder}/trace.db", bot_delay=3600)
        store = Store(settings.db_url)
        room = Room(settings, store)
        await room.open()
        # The same chance outcomes on every run: the room's source (before issue 20) or
        # the one its host lends the tables.
        lender: Any = getattr(room, "host", room)
        lender.chance = random.Random(7)
        people = []
        for name in ("Anna", "Bruno"):
            user_id = await store.add_user(name, name.casefold(), None)
            connection = Connection(_nothing, p.Person(user_id, name, False))
            room.connect(connection)
            people.append(connection)
        anna, bruno = people
        setting = None if clock is None else p.ClockSetting(**clock)
        room.handle(anna, p.Create(game=game, options={}, clock=setting))
        table = next(iter(room.tables.values()))
        room.handle(bruno, p.Join(table=table.id))
        room.handle(anna, p.Start(table=table.id))
        await room.journal.flushed()
        for _ in range(moves_before + 1):
            match = table.live
            seat = match.to_move
            assert isinstance(seat, int)
            mover = people[seat]
            message = p.Play(table=table.id, v=table.announced, move=str(match.legal_moves()[0]))
            counter = Counter()
            sys.setprofile(counter)
            try:
                room.handle(mover, message)
                await room.journal.flushed()
            finally:
                sys.setprofile(None)
        await room.close()
        return counter


def main() -> None:
    for title, game, clock in (
        ("Kingdomino", "kingdomino", None),
        ("Keltis, real-time clock", "keltis", {"kind": "realtime", "bank": 600, "increment": 5}),
    ):
        counted = asyncio.run(trace(game, clock, moves_before=2))
        print(
            f"{title}: {counted.calls} calls, {counted.changes} changes of module, "
            f"{counted.crossings} room<->table crossings, {len(counted.modules)} modules"
        )
        if "--calls" in sys.argv:
            print("\n".join(counted.names))


if __name__ == "__main__":
    main()
