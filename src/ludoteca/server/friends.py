"""Friends, blocks and mutes over HTTP: whom a registered player follows, blocks and
mutes (``/api/relations``), and the friends panel (``/api/friends``): which of the
people they follow are online, at which tables they sit, and their recent matches.

Only registered players keep relations: a guest's account lasts a visit, so what a guest
followed or blocked would be gone with it, and a guest's name is anyone's once they
leave, so following a guest would follow whoever takes the name next. Blocks and mutes
may name a guest who is online now (a stranger in the chat is most often one).
"""

from __future__ import annotations

import asyncio
from typing import Any, Literal

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from . import protocol as p
from .accounts import name_key
from .answers import asker, refuse
from .room import Room
from .room.relations import Relation
from .storage.rows import RelationRow
from .table import TableStatus

#: How many recent finished matches the friends panel looks through, and shows a friend.
RECENT_SCAN = 2000
RECENT_SHOWN = 5
_PLAYING = (TableStatus.OPEN, TableStatus.RUNNING)


class Change(msgspec.Struct, forbid_unknown_fields=True):
    """Follow, block or mute ``name`` (``on``), or stop (``on`` false)."""

    kind: Literal["follow", "block", "mute"]
    name: str
    on: bool = True


_change = msgspec.json.Decoder(Change)


async def _registered(request: Request) -> p.Person | Response:
    person = await asker(request)
    if person is None:
        return refuse("not_entered", "not entered", 401)
    if person.guest:
        return refuse(
            "guest_relations",
            "a guest keeps no friends, blocks or mutes: they would be gone with the guest; "
            "register a name to keep them",
            403,
        )
    return person


async def relations(request: Request) -> Response:
    """GET: whom you follow, block and mute, by name. POST ``Change``: one of them."""
    me = await _registered(request)
    if isinstance(me, Response):
        return me
    room: Room = request.app.state.room
    if request.method == "POST":
        return await _change_relation(request, room, me)
    kinds = {kind: room.relations.of(kind, me.id) for kind in Relation}
    names = await room.store.users({user for ids in kinds.values() for user in ids})
    return JSONResponse(
        {
            str(kind): sorted(names[user].name for user in ids if user in names)
            for kind, ids in kinds.items()
        }
    )


async def _change_relation(request: Request, room: Room, me: p.Person) -> Response:
    body = await request.body()
    try:
        change = _change.decode(body)
    except (msgspec.ValidationError, msgspec.DecodeError) as error:
        return refuse(
            "bad_request",
            "send {'kind': 'follow' | 'block' | 'mute', 'name': …, 'on': true | false}: "
            + str(error),
        )
    kind = Relation(change.kind)
    other = room.people.online_person(change.name)
    if other is None:
        row = await room.store.registered(name_key(change.name))
        other = None if row is None else p.Person(row.id, row.name, row.guest)
    if other is None:
        return refuse(
            "no_player",
            f"nobody called {change.name!r} is online, and no registered player is",
            404,
            name=change.name,
        )
    if other.id == me.id:
        return refuse("self", f"you cannot {kind} yourself", kind=kind)
    if kind == Relation.FOLLOW and other.guest:
        return refuse(
            "follow_guest",
            f"{other.name} is a guest: only registered players can be followed "
            "(a guest's name is anyone's once they leave)",
            name=other.name,
        )
    stored = asyncio.get_running_loop().create_future()

    def done() -> None:
        room.relations.set(kind, me.id, other.id, change.on)
        stored.set_result(None)

    room.journal.write([RelationRow(kind, me.id, other.id, change.on, room.settings.now())], done)
    await stored
    return JSONResponse({"kind": kind, "name": other.name, "on": change.on})


async def friends(request: Request) -> Response:
    """The people you follow: online or not, the tables they sit at, their recent
    matches (each a link to its page, /matches/<id>)."""
    me = await _registered(request)
    if isinstance(me, Response):
        return me
    room: Room = request.app.state.room
    followed = set(room.relations.of(Relation.FOLLOW, me.id))
    rows = await room.store.users(followed)
    online = room.people.online_ids()
    recent: dict[int, list[dict[str, Any]]] = {user: [] for user in rows}
    for stored in await room.store.finished_matches(RECENT_SCAN):
        for chair in stored.seats:
            user = chair.get("user_id") if chair else None
            shown = recent.get(user) if isinstance(user, int) else None
            if shown is not None and len(shown) < RECENT_SHOWN:
                shown.append(
                    {"id": stored.id, "game": stored.game, "finished_at": stored.finished_at}
                )
    people = []
    for user_id, row in sorted(rows.items(), key=lambda item: item[1].name.casefold()):
        tables = [
            {
                "id": table.id,
                "game": table.game.id,
                "status": str(table.status),
                "match": table.match_id,
                "seat": table.seat_of(user_id),
            }
            for table in room.tables.values()
            if table.status in _PLAYING
            and table.seat_of(user_id) is not None
            and table.seating.may_enter(me.id)
        ]
        people.append(
            {
                "name": row.name,
                "online": user_id in online,
                "tables": tables,
                "recent": recent[user_id],
            }
        )
    return JSONResponse({"friends": people})
