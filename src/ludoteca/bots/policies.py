"""The two basic bots: uniformly random legal moves, and each game's simple policy."""

from __future__ import annotations

import random
from typing import Protocol

from ludoteca.engine import Match, Move, StateError


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
    """The game's own quick policy (``Game.simple_move``), fed only what its seat may know.

    The policy reads a whole state, so it is given a determinization: every card, tile or
    draw hidden from the seat is dealt anew from ``rng``. Two matches the seat cannot tell
    apart therefore get the same choice from the same seed.
    """

    name = "simple"

    def choose(self, match: Match, rng: random.Random) -> Move:
        seat = match.to_move
        if not isinstance(seat, int):
            raise StateError(f"a bot chooses for a seat to move, not for {seat!r}")
        return match.game.simple_move(match.state.determinize(seat, rng), rng)


BOTS: dict[str, type[RandomBot] | type[SimpleBot]] = {"random": RandomBot, "simple": SimpleBot}


def bot(name: str) -> Bot:
    try:
        return BOTS[name]()
    except KeyError:
        raise ValueError(f"no bot {name!r}; the bots are: {', '.join(BOTS)}") from None
