#!/usr/bin/env python3
"""How fast Krone's odds plan a turn: the search's larger plan on the race positions of a
few seeded games, and the final round's plan with every ability on drawn holdings.

The positions are the same on every run (the dice-phase positions of ``--games`` games
of the greedy bot against itself, seeded; ``--finals`` final-round turns drawn as
``scripts/krone_final_turn.py`` draws them, after their first roll). Each plan is
worked out with its counted budget, what the odds remember forgotten before each game's
positions and before each final turn, as the arena does. It prints the seconds of each
part and a fingerprint of the moves chosen: a change that only makes the odds quicker
leaves the fingerprint as it was. Compare two versions side by side on one machine
(``PYTHONPATH=<other checkout>/src``), docs/krone-search.md, "Krone's odds, quicker".

    scripts/krone_odds_bench.py --games 3 --finals 12
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path

import ludoteca
from ludoteca.bots import bot
from ludoteca.engine import CHANCE
from ludoteca.games.krone.moves import Roll
from ludoteca.games.krone.state import DICE, KroneState
from ludoteca.games.krone.strategy import (
    FINAL_WORK,
    RACE_VALUES,
    SEARCH_BUDGET,
    SEARCH_WORK,
    final_move,
    forget,
    greedy_move,
)

sys.path.insert(0, str(Path(__file__).parent))  # the script beside this one draws holdings
import krone_final_turn


def race_positions(number: int) -> list[KroneState]:
    """Every position of one greedy self-play game where the seat to move plays its dice."""
    rng = random.Random(f"odds-bench/{number}")
    match = ludoteca.game("krone").new_match(2)
    greedy = bot("greedy")
    found = []
    while not match.is_over:
        if match.to_move is CHANCE:
            match.play_chance(rng)
            continue
        state = match.state
        if state.phase is DICE and any(state.active) and state.final is None:
            found.append(state.copy())
        match.play(greedy.choose(match, rng))
    return found


def final_positions(count: int) -> list[KroneState]:
    rng = random.Random("odds-bench/finals")
    found = []
    for number in range(count):
        holding, bid = krone_final_turn.draw(rng)
        state = krone_final_turn.final_turn(holding, bid)
        state.apply(Roll())
        state.apply(state.sample_chance(random.Random(f"odds-bench/final/{number}")))
        found.append(state)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--finals", type=int, default=12)
    args = parser.parse_args(argv)
    games = [race_positions(number) for number in range(args.games)]
    finals = final_positions(args.finals)
    moves = hashlib.sha256()
    rng = random.Random(0)
    started = time.perf_counter()
    for positions in games:
        forget()
        for state in positions:
            move = greedy_move(state, rng, RACE_VALUES, SEARCH_BUDGET, SEARCH_WORK)
            moves.update(str(move).encode())
    race = time.perf_counter() - started
    started = time.perf_counter()
    for state in finals:
        forget()
        moves.update(str(final_move(state, FINAL_WORK)).encode())
    final = time.perf_counter() - started
    forget()
    figures = {
        "race_decisions": sum(map(len, games)),
        "race_seconds": round(race, 2),
        "final_decisions": len(finals),
        "final_seconds": round(final, 2),
        "moves": moves.hexdigest()[:16],
    }
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
