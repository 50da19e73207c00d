"""Whole games between bots, for statistics: ``ludoteca simulate``."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass

from ludoteca.bots import resolve
from ludoteca.engine import CHANCE, Game, Match, OptionValue


@dataclass(frozen=True)
class Summary:
    game: str
    players: int
    games: int
    seed: int
    bot: str
    #: games won by each seat; a shared first place counts for each winner
    wins: list[int]
    mean_rounds: float
    #: decisions by seats per game; chance events are not counted
    mean_moves: float
    games_per_second: float

    def to_json(self) -> dict[str, object]:
        return asdict(self)


def play_out(match: Match, rng: random.Random, bot_name: str = "simple") -> Match:
    """Play ``match`` to its end: chance with ``rng``, every seat with the bot."""
    player = resolve(bot_name)
    while not match.is_over:
        if match.to_move is CHANCE:
            match.play_chance(rng)
        else:
            match.play(player.choose(match, rng))
    return match


def simulate(
    game: Game,
    players: int,
    games: int,
    seed: int,
    options: Mapping[str, OptionValue] | None = None,
    bot_name: str = "simple",
    done: Callable[[int], None] | None = None,
) -> Summary:
    """``games`` whole games; ``done(1)`` is called after each (a progress bar's step)."""
    rng = random.Random(seed)
    wins = [0] * players
    rounds = moves = 0
    started = time.perf_counter()
    for _ in range(games):
        match = play_out(game.new_match(players, options), rng, bot_name)
        result = match.result()
        for seat in result.winners:
            wins[seat] += 1
        rounds += result.rounds
        moves += sum(entry.actor is not CHANCE for entry in match.log)
        if done is not None:
            done(1)
    elapsed = time.perf_counter() - started
    return Summary(
        game=game.id,
        players=players,
        games=games,
        seed=seed,
        bot=bot_name,
        wins=wins,
        mean_rounds=round(rounds / games, 2),
        mean_moves=round(moves / games, 2),
        games_per_second=round(games / elapsed, 2) if elapsed else 0.0,
    )
