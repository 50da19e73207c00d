"""The rows the room stores and reads back: plain values, one kind of row a class.

The journal takes them as they come (``Write``) and the store writes each kind to its
table; what comes back on a start (``LiveTable``) or for a page (``StoredMatch``) is
plain values too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: ``moves.by`` for chance outcomes.
CHANCE_BY = -1


@dataclass(frozen=True, slots=True)
class MoveRow:
    #: The table that plays the match: the commit checks its lease (not a column).
    table_id: int
    match_id: int
    n: int
    by: int
    text: str
    at: float
    v: int


@dataclass(frozen=True, slots=True)
class ChatRow:
    table_id: int | None
    user_id: int | None
    name: str | None
    text: str
    at: float
    v: int = 0


@dataclass(frozen=True, slots=True)
class TableRow:
    """A table as it is now; written whole, the newest of a batch wins."""

    id: int
    game: str
    options: dict[str, Any]
    seats: list[dict[str, Any] | None]
    host_id: int | None
    status: str
    version: int
    match_id: int | None
    created_at: float
    rated: bool = False
    clock: dict[str, Any] | None = None
    grace: int = 120
    timing: dict[str, Any] | None = None
    private_key: str | None = None
    spectators: bool = True
    minimum_finish: int | None = None


@dataclass(frozen=True, slots=True)
class MatchRow:
    id: int
    table_id: int
    game: str
    players: int
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    started_at: float
    rated: bool = False


@dataclass(frozen=True, slots=True)
class MatchEnded:
    table_id: int
    id: int
    finished_at: float
    result: dict[str, Any]
    resigned: list[int]


@dataclass(frozen=True, slots=True)
class PlayerEnded:
    """How one person's part in an ended match ended (``match_players``)."""

    #: The table that played the match: the commit checks its lease (not a column).
    table_id: int
    match_id: int
    user_id: int
    abandoned: bool
    at: float


@dataclass(frozen=True, slots=True)
class UserRow:
    id: int
    name: str
    guest: bool
    password_hash: str | None
    bot: bool = False


@dataclass(frozen=True, slots=True)
class TokenRow:
    """A personal token as its owner sees it listed: never the token itself."""

    id: int
    scopes: str
    created_at: float
    label: str
    last_used: float | None


@dataclass(frozen=True, slots=True)
class RatingChange:
    """A rated match moved a player's rating in a game from ``before`` to ``after``."""

    match_id: int
    user_id: int
    game: str
    before: float
    after: float
    at: float


@dataclass(frozen=True, slots=True)
class InvitationRow:
    """A seat offered to ``user_id`` by ``from_id``, as it is now (written whole)."""

    id: int
    table_id: int
    user_id: int
    name: str
    seat: int | None
    from_id: int
    from_name: str
    at: float
    status: str  # open, accepted, declined, withdrawn
    reason: str | None = None
    text: str | None = None


@dataclass(frozen=True, slots=True)
class RelationRow:
    """``user_id`` follows, blocks or mutes (``kind``) ``other_id``, or no more (``on``)."""

    kind: str
    user_id: int
    other_id: int
    on: bool
    at: float


Write = (
    MoveRow
    | ChatRow
    | TableRow
    | MatchRow
    | MatchEnded
    | PlayerEnded
    | RatingChange
    | InvitationRow
    | RelationRow
)


def table_of(write: Write) -> int | None:
    """The table a row is written for, whose lease the commit checks; None for the
    lobby's chat, and for a rating change, which is only ever written together with its
    match's end (``finish.ended``) and so is fenced by that row's table."""
    if isinstance(write, MoveRow | MatchRow | MatchEnded | PlayerEnded):
        return write.table_id
    if isinstance(write, TableRow):
        return write.id
    if isinstance(write, ChatRow | InvitationRow):
        return write.table_id
    return None


@dataclass(frozen=True, slots=True)
class StoredMatch:
    """A match as stored: who sat where, how it ended, and (when asked for) its log."""

    id: int
    game: str
    players: int
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    started_at: float
    finished_at: float | None
    result: dict[str, Any] | None
    log: list[tuple[int, str]]

    def seat_of(self, user_id: int) -> int | None:
        for seat, chair in enumerate(self.seats):
            if chair is not None and chair.get("user_id") == user_id:
                return seat
        return None


@dataclass
class LiveTable:
    """A table to bring back on start, with its match's log."""

    row: TableRow
    match: MatchRow | None
    resigned: list[int]
    result: dict[str, Any] | None
    log: list[tuple[int, str]]
