"""A small host for a table: a clock run by hand, a journal that stores when told, timers
that fire when the test says: the table's rules without a database, a loop or a socket."""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

import ludoteca
from ludoteca.server import protocol as p
from ludoteca.server.storage.rows import Write
from ludoteca.server.table import Ratings, Table, Who


@dataclass
class FakeTimer:
    at: float
    callback: Callable[[], None]
    cancelled: bool = False

    def cancel(self) -> None:
        self.cancelled = True


class FakeHost:
    def __init__(self) -> None:
        self.clock = 1_000.0
        self.chance = random.Random(7)
        self.bot_delay = 0.0
        self.ratings: Ratings = {}
        self.online: set[int] = set()
        self.stored: list[Write] = []
        self.pending: list[tuple[list[Write], Callable[[], None] | None]] = []
        self.timers: list[FakeTimer] = []
        self.changed: list[int] = []
        self.closed: list[int] = []
        self.turns: list[int] = []
        self.match_ids = 0
        self.offer_ids = 0
        #: What each user was told (``tell``), and who blocks whom.
        self.told: list[tuple[int, p.ServerMessage]] = []
        self.blocked: set[tuple[int, int]] = set()
        #: user id -> finish rate in percent (the room reads them from the database).
        self.finish_rates: dict[int, int] = {}

    def now(self) -> float:
        return self.clock

    def store(self, rows: Sequence[Write], announce: Callable[[], None] | None) -> None:
        self.pending.append((list(rows), announce))

    def online_ids(self) -> Collection[int]:
        return self.online

    def name_of(self, user_id: int) -> str | None:
        return None

    def new_match_id(self) -> int:
        self.match_ids += 1
        return self.match_ids

    def call_later(self, delay: float, callback: Callable[[], None]) -> FakeTimer:
        timer = FakeTimer(self.clock + delay, callback)
        self.timers.append(timer)
        return timer

    def table_changed(self, table: Table) -> None:
        self.changed.append(table.id)

    def turn_changed(self, table: Table) -> None:
        self.turns.append(table.id)

    def table_closed(self, table: Table) -> None:
        self.closed.append(table.id)

    def tell(self, user_id: int, message: p.ServerMessage) -> None:
        self.told.append((user_id, message))

    def new_offer_id(self) -> int:
        self.offer_ids += 1
        return self.offer_ids

    def blocks(self, user_id: int, other_id: int) -> bool:
        return (user_id, other_id) in self.blocked

    def turn(self, table: Table) -> None:
        pass

    def hides(self, speaker_id: int) -> Collection[int]:
        return {user for user, other in self.blocked if other == speaker_id}

    def finish_rate(self, user_id: int) -> int | None:
        return self.finish_rates.get(user_id)

    # -- what a test does ---------------------------------------------------------------

    def commit(self) -> None:
        """The journal stores what is pending, then announces it, in order."""
        while self.pending:
            batch, self.pending = self.pending, []
            for rows, announce in batch:
                self.stored.extend(rows)
                if announce is not None:
                    announce()

    def wait(self, seconds: float) -> None:
        """Time runs on; the timers due fire (bots, clocks), and what they store is."""
        self.clock += seconds
        self.commit()
        while due := [t for t in self.timers if not t.cancelled and t.at <= self.clock]:
            for timer in due:
                self.timers.remove(timer)
                timer.callback()
            self.commit()

    def rows(self, kind: type) -> list[Any]:
        return [row for row in self.stored if isinstance(row, kind)]


@dataclass(eq=False)
class FakeWatcher:
    user: p.Person
    tables: set[int] = field(default_factory=set)
    received: list[dict[str, Any]] = field(default_factory=list)

    def send(self, message: p.ServerMessage) -> None:
        self.send_bytes(p.encode(message))

    def send_bytes(self, data: bytes) -> None:
        self.received.append(msgspec.json.decode(data))

    def kinds(self) -> list[str]:
        return [message["t"] for message in self.received]


ANNA, BRUNO, CARLA = Who(1, "Anna"), Who(2, "Bruno"), Who(3, "Carla")


def watcher(who: Who) -> FakeWatcher:
    return FakeWatcher(p.Person(who.id, who.name, who.guest))


def table(host: FakeHost, game: str = "kingdomino", *people: Who) -> Table:
    """An open table ``game`` hosted by the first of ``people`` (Anna), all seated."""
    people = people or (ANNA, BRUNO)
    new = Table(host, 1, ludoteca.game(game), people[0])
    for who in people:
        host.online.add(who.id)
        new.seating.join(who, None, None)
    host.commit()
    return new


def started(host: FakeHost, game: str = "kingdomino", *people: Who) -> Table:
    people = people or (ANNA, BRUNO)
    new = table(host, game, *people)
    new.start(people[0])
    host.commit()
    return new


def play_first(table: Table, people: Sequence[Who] = (ANNA, BRUNO)) -> None:
    """The person to move plays the first legal move."""
    seat = table.to_move()
    assert seat is not None
    table.play(people[seat], table.announced, str(table.live.legal_moves()[0]))
