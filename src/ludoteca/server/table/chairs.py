"""The chairs of a table: who sits in each (a person, a bot, nobody), who hosts, and the
rules of seating: a free seat, a bot's name, a kick, the next host.

The seats are a plain list the table owns; these are the rules over it, each refusing
with a ``Refusal`` and changing nothing, or answering what to change.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ludoteca.bots import strength

from .refusals import Refusal


@dataclass(frozen=True, slots=True)
class Who:
    """The person asking: a user id, their name, whether they are a guest, and whether
    a bot account (a program, docs/bots.md)."""

    id: int
    name: str
    guest: bool = False
    bot: bool = False


@dataclass
class Chair:
    name: str
    user_id: int | None = None
    #: The level of the room's own bot sitting here (no user).
    bot: str | None = None
    #: A bot account sits here: a program plays it over its own socket (docs/bots.md).
    bot_account: bool = False

    @property
    def is_person(self) -> bool:
        return self.user_id is not None and self.bot is None

    def to_json(self) -> dict[str, Any]:
        document: dict[str, Any] = {"name": self.name, "user_id": self.user_id, "bot": self.bot}
        if self.bot_account:
            document["bot_account"] = True
        return document

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Chair | None:
        if data is None:
            return None
        return cls(
            data["name"], data.get("user_id"), data.get("bot"), bool(data.get("bot_account"))
        )


Seats = list[Chair | None]


def seated_name(seats: Seats, user_id: int) -> str | None:
    for chair in seats:
        if chair is not None and chair.user_id == user_id:
            return chair.name
    return None


def seat_name(seats: Seats, seat: object) -> str:
    chair = seats[seat] if isinstance(seat, int) else None
    return f"seat {seat}" if chair is None else chair.name


def people(seats: Seats) -> set[int]:
    """The seats people play now (not bots, not resigned, not replaced)."""
    return {
        seat
        for seat, chair in enumerate(seats)
        if chair is not None and chair.user_id is not None and chair.bot is None
    }


def free_seat(seats: Seats, seat: int | None) -> int:
    """``seat`` if it is free, or the first free one (None)."""
    if seat is None:
        for index, chair in enumerate(seats):
            if chair is None:
                return index
        raise Refusal("full", f"all {len(seats)} seats are taken", n=len(seats))
    if not 0 <= seat < len(seats):
        last = len(seats) - 1
        raise Refusal(
            "bad_seat", f"seats are numbered 0 to {last}, not {seat}", seat=seat, last=last
        )
    if seats[seat] is not None:
        free = ", ".join(str(i) for i, chair in enumerate(seats) if chair is None)
        raise Refusal(
            "seat_taken",
            f"seat {seat} is taken; free seats: {free or 'none'}",
            seat=seat,
            free=free,
        )
    return seat


def bot_chair(seats: Seats, game_id: str, asked: str) -> Chair:
    """A new bot of the level ``asked`` names (a strength, ``hard``, or a level,
    ``greedy``), named by a number no other chair has and its level."""
    level = strength.level(game_id, asked)
    if level is None:
        levels = ", ".join(f"{r.strength} ({r.level})" for r in strength.by_strength(game_id))
        raise Refusal(
            "bad_bot",
            f"no bot level {asked!r}; the levels, weakest first, are: {levels}",
            level=asked,
            levels=levels,
        )
    # Numbered across levels, so that two bots at a table never share a number
    # ("Bot 1: hard", "Bot 2: easy", not two Bot 1s).
    names = [chair.name for chair in seats if chair is not None]
    number = 1
    while any(name.startswith(f"Bot {number} (") for name in names):
        number += 1
    return Chair(f"Bot {number} ({level})", bot=level)


def kicked_seat(seats: Seats, who: Who, name: str) -> int:
    """The seat of the one called ``name``, whom ``who`` (the host) may kick."""
    for seat, chair in enumerate(seats):
        if chair is not None and chair.name.casefold() == name.strip().casefold():
            if chair.user_id == who.id:
                raise Refusal("kick_self", "you cannot kick yourself; /leave instead")
            return seat
    seated = ", ".join(chair.name for chair in seats if chair is not None)
    raise Refusal(
        "no_such_player",
        f"nobody called {name!r} sits here; seated: {seated}",
        name=name,
        seated=seated,
    )


def next_host(seats: Seats, watching: Iterable[int], leaving: int) -> int | None:
    """Who hosts once ``leaving`` goes: a person seated, else someone watching."""
    for chair in seats:
        if chair is not None and chair.is_person and chair.user_id != leaving:
            return chair.user_id
    for user_id in watching:
        if user_id != leaving:
            return user_id
    return None
