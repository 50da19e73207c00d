"""The bot levels named by strength, per game: easy, medium, hard, strongest.

The levels (random, simple, greedy, mcts) say how a bot decides, not how well; and the
order differs between games (in Krone the plain ``simple`` policy beats ``greedy``). So
the order is data, game by game, with where it was measured (``levels.json``), and a
person picks a strength, shown with the level behind it: "hard (greedy)".
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from .policies import BOTS

#: The names of the strengths, weakest first: one for each level.
STRENGTHS = ("easy", "medium", "hard", "strongest")


@dataclass(frozen=True)
class Rung:
    """One strength of a game's bots: its name and the level that plays it."""

    strength: str
    level: str

    def to_json(self) -> dict[str, str]:
        return {"strength": self.strength, "level": self.level}


@cache
def _table() -> dict[str, tuple[list[str], str]]:
    """Each game's order of levels, weakest first, and where it was measured."""
    text = resources.files("ludoteca.bots").joinpath("levels.json").read_text("utf-8")
    return {
        game: (list(entry["order"]), str(entry["measured"]))
        for game, entry in json.loads(text).items()
        if not game.startswith("_")
    }


def by_strength(game_id: str) -> list[Rung]:
    """The game's levels by strength, weakest first (every game has its order:
    tests/bots/test_strength.py)."""
    order, _ = _table()[game_id]
    return [Rung(strength, level) for strength, level in zip(STRENGTHS, order, strict=True)]


def measured(game_id: str) -> str:
    """Where the game's order was measured."""
    return _table()[game_id][1]


def level(game_id: str, word: str) -> str | None:
    """The level a person means by ``word`` in this game: a strength (``hard``) or a
    level (``greedy``), in any case; None if it is neither."""
    word = word.strip().casefold()
    if word in BOTS:
        return word
    return next((rung.level for rung in by_strength(game_id) if rung.strength == word), None)
