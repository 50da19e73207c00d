"""The match log: every move played, chance outcomes included, with who may see it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .chance import CHANCE, Chance
from .move import Move


@dataclass(frozen=True, slots=True)
class Secret:
    """A move only some seats may see; the others read ``shown_as`` in its place."""

    seen_by: frozenset[int]
    shown_as: str


class LogEntry:
    """One move of the log: who played it, the move, and who may see it.

    Immutable: its fields are read-only. ``text`` is the move's notation, written once
    when it is played; ``notes`` say in words what the move caused beyond itself (an
    interim scoring, a new round), for every seat to read. Views and documents reuse the
    entry's JSON objects instead of building them anew on every call, so treat what
    ``view`` and ``to_json`` return as read-only.
    """

    # Plain slots behind read-only properties: a log entry is made for every move played
    # or replayed, and this is three times quicker to make than a frozen dataclass.
    __slots__ = ("_actor", "_hidden", "_json", "_move", "_notes", "_secret", "_seen", "_text")

    def __init__(
        self,
        actor: int | Chance,
        move: Move,
        secret: Secret | None = None,
        text: str = "",
        notes: tuple[str, ...] = (),
    ) -> None:
        self._actor = actor
        self._move = move
        self._secret = secret
        self._text = text or str(move)
        self._notes = notes
        self._json: dict[str, Any] | None = None
        self._seen: dict[str, Any] | None = None
        self._hidden: dict[str, Any] | None = None

    @property
    def actor(self) -> int | Chance:
        return self._actor

    @property
    def move(self) -> Move:
        return self._move

    @property
    def secret(self) -> Secret | None:
        return self._secret

    @property
    def text(self) -> str:
        return self._text

    @property
    def notes(self) -> tuple[str, ...]:
        return self._notes

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LogEntry):
            return NotImplemented
        return (self._actor, self._move, self._secret) == (other._actor, other._move, other._secret)

    def __hash__(self) -> int:
        return hash((self._actor, self._move, self._secret))

    def __repr__(self) -> str:
        by = "chance" if self._actor is CHANCE else f"seat {self._actor}"
        return f"<LogEntry {by}: {self._text}>"

    def visible_to(self, seat: int | None) -> bool:
        return self.secret is None or (seat is not None and seat in self.secret.seen_by)

    def text_for(self, seat: int | None) -> str:
        """What ``seat`` (None: a spectator) may read of this entry."""
        if self.secret is None or (seat is not None and seat in self.secret.seen_by):
            return self.text
        return self.secret.shown_as

    def to_json(self) -> dict[str, Any]:
        """The entry as the match document stores it: ``{"by", "move"}``."""
        found = self._json
        if found is None:
            found = self._json = {"by": actor_to_json(self._actor), "move": self._text}
        return found

    def view(self, seat: int | None) -> dict[str, Any]:
        """The entry as ``seat`` may read it, with its notes when it has any."""
        secret = self._secret
        seen = secret is None or (seat is not None and seat in secret.seen_by)
        if seen and not self._notes:
            return self.to_json()
        found = self._seen if seen else self._hidden
        if found is None:
            text = self._text if seen or secret is None else secret.shown_as
            found = {"by": actor_to_json(self._actor), "move": text}
            if self._notes:
                found["notes"] = list(self._notes)
            if seen:
                self._seen = found
            else:
                self._hidden = found
        return found


def actor_to_json(actor: int | Chance | None) -> int | str | None:
    return "chance" if actor is CHANCE else actor
