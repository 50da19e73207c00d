"""Speed of the rules engines: random legal moves played for a while, on one core."""

from __future__ import annotations

import random
import time
from dataclasses import asdict, dataclass

from ludoteca.engine import CHANCE, Game


@dataclass(frozen=True)
class Figure:
    game: str
    players: int
    games: int
    #: decisions by seats; chance events (rolls, draws) are played but not counted
    moves: int
    seconds: float

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = asdict(self)
        data["moves_per_second"] = round(self.moves_per_second)
        data["games_per_second"] = round(self.games_per_second, 2)
        return data


def measure(game: Game, players: int, seconds: float, seed: int = 1) -> Figure:
    """Random playouts (``legal_moves()`` and ``play()`` each step) for ``seconds``.

    Only whole games count, so at least one game is played however short the time.
    """
    rng = random.Random(seed)
    games = moves = 0
    started = time.perf_counter()
    while True:
        match = game.new_match(players)
        while not match.is_over:
            if match.to_move is CHANCE:
                match.play_chance(rng)
            else:
                match.play(rng.choice(match.legal_moves()))
                moves += 1
        games += 1
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            return Figure(game.id, players, games, moves, elapsed)
