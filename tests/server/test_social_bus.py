"""The room's social parts across two processes sharing PostgreSQL and Redis: invitations,
"my tables", private tables after a takeover, and the sockets one person may hold
(test_bus.py's two rooms: each an app of its own, one database, one Redis prefix)."""

from __future__ import annotations

from . import test_bus
from .client import Person
from .test_bus import _wait_for

rooms = test_bus.rooms


def _id(person: Person) -> int:
    return int(person.welcome["you"]["id"])


def test_ten_sockets_of_one_person_over_two_processes_and_the_eleventh_is_refused(rooms):
    anna = Person.enter(rooms.a, "Anna")
    tabs = [anna]
    tabs += [Person(rooms.a, "Anna", anna.cookies) for _ in range(4)]
    tabs += [Person(rooms.b, "Anna", anna.cookies) for _ in range(5)]
    for client in (rooms.a, rooms.b):
        presence = client.app.state.room.presence
        _wait_for(lambda presence=presence: presence.sockets_of(_id(anna)) == 5)
    # Five here and five there: the eleventh is refused on either process.
    for client in (rooms.a, rooms.b):
        with client.websocket_connect("/ws", cookies=anna.cookies) as ws:
            closed = ws.receive()
        assert closed["code"] == 4429, closed
        assert "at most 10 for one person (sockets_per_person)" in closed["reason"]
    # One tab closes on B: A counts nine within a poll, and lets the tenth in.
    tabs.pop().close()
    _wait_for(lambda: rooms.a.app.state.room.presence.sockets_of(_id(anna)) == 4)
    tabs.append(Person(rooms.a, "Anna", anna.cookies))
    assert tabs[-1].welcome["you"]["id"] == _id(anna)
