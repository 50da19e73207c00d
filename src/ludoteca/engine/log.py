"""The match log: every move played, chance outcomes included, with who may see it."""

from __future__ import annotations

from dataclasses import dataclass, field

from .chance import CHANCE, Chance
from .move import Move


@dataclass(frozen=True, slots=True)
class Secret:
    """A move only some seats may see; the others read ``shown_as`` in its place."""

    seen_by: frozenset[int]
    shown_as: str


@dataclass(frozen=True, slots=True)
class LogEntry:
    actor: int | Chance
    move: Move
    secret: Secret | None = None
    #: The move's notation, written once when it is played: views and documents reuse it.
    text: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if not self.text:
            object.__setattr__(self, "text", str(self.move))

    def visible_to(self, seat: int | None) -> bool:
        return self.secret is None or (seat is not None and seat in self.secret.seen_by)

    def text_for(self, seat: int | None) -> str:
        """What ``seat`` (None: a spectator) may read of this entry."""
        if self.secret is None or (seat is not None and seat in self.secret.seen_by):
            return self.text
        return self.secret.shown_as

    def view(self, seat: int | None) -> dict[str, object]:
        return {"by": actor_to_json(self.actor), "move": self.text_for(seat)}


def actor_to_json(actor: int | Chance | None) -> int | str | None:
    return "chance" if actor is CHANCE else actor
