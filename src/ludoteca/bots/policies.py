"""The bot levels: random, simple, greedy and mcts, each deciding from its seat's view."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from ludoteca.engine import Match, Move

from .mcts import Budget, MctsBot
from .seat import seat_to_move
from .strategies import greedy, memory


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
        seat = seat_to_move(match)
        return match.game.simple_move(match.state.determinize(seat, rng), rng)


class GreedyBot:
    """The game's heuristic written from its rules (``greedy_move`` in its strategy
    module), on a determinization like ``SimpleBot``."""

    name = "greedy"

    def choose(self, match: Match, rng: random.Random) -> Move:
        seat = seat_to_move(match)
        with memory(match.game, self.name):
            return greedy(match.game)(match.state.determinize(seat, rng), rng)


BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "simple": SimpleBot,
    "greedy": GreedyBot,
    "mcts": MctsBot,
}


def bot(name: str) -> Bot:
    """A bot by level: ``random``, ``simple``, ``greedy``, ``mcts``; ``mcts:400`` searches
    400 iterations a move, ``mcts:0.5s`` half a second."""
    level, _, budget = name.partition(":")
    if level not in BOTS or (budget and level != "mcts"):
        raise ValueError(
            f"no bot {name!r}; the bots are: {', '.join(BOTS)} (and mcts:N or mcts:Ss)"
        )
    if budget:
        return MctsBot(_budget(budget, name))
    return BOTS[level]()


def _budget(text: str, name: str) -> Budget:
    try:
        if text.endswith("s"):
            seconds = float(text[:-1])
            if seconds > 0:
                return Budget(seconds=seconds)
        elif int(text) > 0:
            return Budget(iterations=int(text))
    except ValueError:
        pass
    raise ValueError(
        f"{name!r}: write the search budget as iterations (mcts:400) or seconds (mcts:0.5s)"
    )
