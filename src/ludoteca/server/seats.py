"""Who sits in a chair: a person (by user id), a bot (by level), or nobody (None)."""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from typing import Any

from ludoteca.bots import BOTS, Bot, bot
from ludoteca.engine import Match, Move

#: The level ``/bot`` seats when none is named, and the one that takes over a seat whose
#: player resigned.
DEFAULT_LEVEL = "simple"
#: Levels quick enough to decide inside the event loop; the others think in a bot
#: process (thinking.py).
QUICK_LEVELS = frozenset({"random", "simple"})


@dataclass
class Chair:
    name: str
    user_id: int | None = None
    bot: str | None = None

    @property
    def is_person(self) -> bool:
        return self.user_id is not None and self.bot is None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "user_id": self.user_id, "bot": self.bot}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Chair | None:
        if data is None:
            return None
        return cls(data["name"], data.get("user_id"), data.get("bot"))


def bot_levels() -> list[str]:
    return sorted(BOTS)


def bot_name(level: str, taken: set[str]) -> str:
    """A name for a new bot, unlike the names already at the table."""
    number = 1
    while f"Bot {number} ({level})" in taken:
        number += 1
    return f"Bot {number} ({level})"


def choose(level: str, match: Match, rng: random.Random | None = None) -> Move:
    """The bot's move for the seat to move; its randomness comes from the operating
    system unless a test gives a seeded ``rng``."""
    player: Bot = bot(level)
    return player.choose(match, rng or random.Random(secrets.randbits(64)))
