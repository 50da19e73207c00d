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

    Immutable. ``text`` is the move's notation, written once when it is played; ``notes``
    say in words what the move caused beyond itself (an interim scoring, a new round),
    for every seat to read. Views and documents reuse the entry's JSON objects instead of
    building them anew on every call, so treat what ``view`` returns as read-only.
    """

    __slots__ = ("_hidden", "_json", "_seen", "actor", "move", "notes", "secret", "text")

    actor: int | Chance
    move: Move
    secret: Secret | None
    text: str
    notes: tuple[str, ...]

    def __init__(
        self,
        actor: int | Chance,
        move: Move,
        secret: Secret | None = None,
        text: str = "",
        notes: tuple[str, ...] = (),
    ) -> None:
        setter = object.__setattr__  # the entry is immutable once made
        setter(self, "actor", actor)
        setter(self, "move", move)
        setter(self, "secret", secret)
        setter(self, "text", text or str(move))
        setter(self, "notes", notes)
        # _json, _seen and _hidden are filled when first asked for (see ``view``).

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a log entry cannot be changed ({name})")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LogEntry):
            return NotImplemented
        return (self.actor, self.move, self.secret) == (other.actor, other.move, other.secret)

    def __hash__(self) -> int:
        return hash((self.actor, self.move, self.secret))

    def __repr__(self) -> str:
        by = "chance" if self.actor is CHANCE else f"seat {self.actor}"
        return f"<LogEntry {by}: {self.text}>"

    def visible_to(self, seat: int | None) -> bool:
        return self.secret is None or (seat is not None and seat in self.secret.seen_by)

    def text_for(self, seat: int | None) -> str:
        """What ``seat`` (None: a spectator) may read of this entry."""
        if self.secret is None or (seat is not None and seat in self.secret.seen_by):
            return self.text
        return self.secret.shown_as

    def to_json(self) -> dict[str, Any]:
        """The entry as the match document stores it: ``{"by", "move"}``."""
        found: dict[str, Any] | None = getattr(self, "_json", None)
        if found is None:
            found = {"by": actor_to_json(self.actor), "move": self.text}
            object.__setattr__(self, "_json", found)
        return found

    def view(self, seat: int | None) -> dict[str, Any]:
        """The entry as ``seat`` may read it, with its notes when it has any."""
        secret = self.secret
        if secret is None or (seat is not None and seat in secret.seen_by):
            if not self.notes:
                return self.to_json()
            cached, text = "_seen", self.text
        else:
            cached, text = "_hidden", secret.shown_as
        found: dict[str, Any] | None = getattr(self, cached, None)
        if found is None:
            found = {"by": actor_to_json(self.actor), "move": text}
            if self.notes:
                found["notes"] = list(self.notes)
            object.__setattr__(self, cached, found)
        return found


def actor_to_json(actor: int | Chance | None) -> int | str | None:
    return "chance" if actor is CHANCE else actor
