"""What the client reads of the room's messages, as msgspec structs of its own.

The room's ``server/protocol.py`` is the contract (docs/protocol.md); these are the
fields of it a bot needs, and no more. They are the client's own, not imported from the
server, for two reasons: the client may not import the server package (the layers
contract), and a client should take messages with fields it does not know (a newer
room adds them) where the room refuses any it does not know from a client.
"""

from __future__ import annotations

from typing import Any

import msgspec


class Message(msgspec.Struct, tag_field="t"):
    pass


class Person(msgspec.Struct):
    id: int
    name: str
    guest: bool = False
    bot: bool = False


class Seat(msgspec.Struct):
    name: str | None
    bot: str | None = None
    bot_account: bool = False


class Table(msgspec.Struct):
    id: int
    game: str
    status: str
    seats: list[Seat]
    host: str | None = None
    to_move: int | None = None
    rated: bool = False
    match: int | None = None


class Welcome(Message, tag="welcome"):
    you: Person
    seated: list[int] = []


class Sync(Message, tag="sync"):
    table: Table
    v: int
    you: int | None
    match: dict[str, Any] | None = None


class TableChanged(Message, tag="table"):
    table: Table
    v: int


class MatchUpdate(Message, tag="match"):
    table: int
    v: int
    view: dict[str, Any]
    changed: Table | None = None


class TableChat(Message, tag="chat"):
    table: int
    v: int


class Presence(Message, tag="presence"):
    table: int
    v: int


class Error(Message, tag="error"):
    code: str
    text: str
    table: int | None = None
    params: dict[str, Any] = {}
    rid: str | None = None


class SeatOffer(Message, tag="seat_offer"):
    offer: int
    table: int
    game: str
    seat: int | None = None
    from_: str | None = msgspec.field(default=None, name="from")


class OfferWithdrawn(Message, tag="offer_withdrawn"):
    offer: int


Known = (
    Welcome
    | Sync
    | TableChanged
    | MatchUpdate
    | TableChat
    | Presence
    | Error
    | SeatOffer
    | OfferWithdrawn
)


class Tag(msgspec.Struct):
    t: str


KNOWN_TAGS = {kind.__struct_config__.tag for kind in Known.__args__}
_tag = msgspec.json.Decoder(Tag)
_known: msgspec.json.Decoder[Known] = msgspec.json.Decoder(Known)


def decode(text: str | bytes) -> Known | None:
    """The message, or None for one a bot has no use for (the lobby, pongs, ...)."""
    if _tag.decode(text).t not in KNOWN_TAGS:
        return None
    return _known.decode(text)
