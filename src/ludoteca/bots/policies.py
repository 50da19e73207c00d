"""The two basic bots: uniformly random legal moves, and each game's simple policy."""

from __future__ import annotations

import random
from typing import Protocol

from ludoteca.engine import Match, Move


class Bot(Protocol):
    name: str

    def choose(self, match: Match, rng: random.Random) -> Move:
        """A move for the seat to move."""
        ...


class RandomBot:
    name = "random"

    def choose(self, match: Match, rng: random.Random) -> Move:
        return rng.choice(match.legal_moves())


class SimpleBot:
    """The game's own quick policy (``Game.simple_move``); it may read the whole state."""

    name = "simple"

    def choose(self, match: Match, rng: random.Random) -> Move:
        return match.game.simple_move(match.state, rng)


BOTS: dict[str, type[RandomBot] | type[SimpleBot]] = {"random": RandomBot, "simple": SimpleBot}


def bot(name: str) -> Bot:
    try:
        return BOTS[name]()
    except KeyError:
        raise ValueError(f"no bot {name!r}; the bots are: {', '.join(BOTS)}") from None
