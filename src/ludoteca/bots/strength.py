"""The bot levels named by strength, per game: easy, medium, hard, strongest.

The levels (random, simple, greedy, mcts) say how a bot decides, not how well, and which
is stronger is a measurement, not a given: Krone's plain ``simple`` policy ranked above
``greedy`` until they were measured again as the room runs them. So the order is data,
game by game, with where it was measured (``levels.json``), and a person picks a
strength, shown with the level behind it: "hard (greedy)".

Where a game's levels were measured against each other on a ladder (``ludoteca ladder``,
``ladders.json``), each has an Elo rating with its interval: what beating "hard" means,
shown on the game's leaderboard.
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


def _data(name: str) -> dict[str, object]:
    text = resources.files("ludoteca.bots").joinpath(name).read_text("utf-8")
    return {key: value for key, value in json.loads(text).items() if not key.startswith("_")}


@cache
def _table() -> dict[str, tuple[list[str], str]]:
    """Each game's order of levels, weakest first, and where it was measured."""
    return {
        game: (list(entry["order"]), str(entry["measured"]))  # type: ignore[index]
        for game, entry in _data("levels.json").items()
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


@cache
def _ladders() -> dict[str, object]:
    return _data("ladders.json")


def ladder(game_id: str) -> dict[str, object] | None:
    """The game's levels rated against each other, strongest first, each with its
    strength, level, rating, 95% interval and games; with the anchor, the games they were
    measured on and the command that remakes them. None where no ladder was measured."""
    entry = _ladders().get(game_id)
    if not isinstance(entry, dict):
        return None
    named = {rung.level: rung.strength for rung in by_strength(game_id)}
    rated = [
        {"strength": named[r["name"]], "level": r["name"], **r}
        for r in entry["ratings"]
        if r["name"] in named  # a budget of one's own (mcts:400) is no level of the room's
    ]
    for row in rated:
        del row["name"]
    keep = ("anchor", "prior_draws", "sources", "command")
    return {"ratings": rated, **{key: entry[key] for key in keep}}
