"""The figures of docs/research.md: action index sizes, the largest legal set of random
playouts, and random steps per second through the engine and the OpenSpiel adapter.

Run: python scripts/rl_figures.py (needs the rl extra).
"""

import random
import time

import pyspiel

import ludoteca
import ludoteca.openspiel  # registers the games
from ludoteca.actions import for_game
from ludoteca.engine import CHANCE

STEPS = 3000


def largest_legal_set(game, rng):
    largest = 0
    for players in range(game.min_players, game.max_players + 1):
        match = game.new_match(players)
        for _ in range(5000):
            if match.is_over:
                break
            if match.to_move is CHANCE:
                match.play_chance(rng)
            else:
                moves = match.legal_moves()
                largest = max(largest, len(moves))
                match.play(rng.choice(moves))
    return largest


def engine_rate(game, rng):
    start, match = time.perf_counter(), game.new_match(game.min_players)
    for _ in range(STEPS):
        if match.is_over:
            match = game.new_match(game.min_players)
        if match.to_move is CHANCE:
            match.play_chance(rng)
        else:
            match.play(rng.choice(match.legal_moves()))
    return STEPS / (time.perf_counter() - start)


def adapter_rate(game, rng):
    spiel = pyspiel.load_game(f"python_ludoteca_{game.id}(players={game.min_players})")
    start, state = time.perf_counter(), spiel.new_initial_state()
    for _ in range(STEPS):
        if state.is_terminal():
            state = spiel.new_initial_state()
        if state.is_chance_node():
            actions, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, chances)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return STEPS / (time.perf_counter() - start)


def main():
    print("| game | actions | chance outcomes | largest legal set | engine/s | adapter/s | cost |")
    for game_id in ludoteca.games():
        game, rng, actions = ludoteca.game(game_id), random.Random(1), for_game(game_id)
        largest = largest_legal_set(game, rng)
        engine, adapter = engine_rate(game, rng), adapter_rate(game, rng)
        print(
            f"| {game_id} | {actions.decisions.size:,} | {actions.outcomes.size:,} "
            f"| {largest:,} | {engine:,.0f} | {adapter:,.0f} | {engine / adapter:.1f}× |"
        )


if __name__ == "__main__":
    main()
