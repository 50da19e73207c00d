"""The figures of docs/research.md: action index sizes, the largest legal set of random
playouts, random steps per second through the engine and the OpenSpiel adapter, and the
steps per second of OpenSpiel's random_sim_test (Krone's from the taking of the King).

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
SIMS = 5


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


def king_taken(spiel, rng):
    """A Krone state just after the King is taken, played by the game's simple strategy."""
    krone = ludoteca.game("krone")
    match = krone.new_match(spiel.num_players())
    while match.state.king_buyer is None:
        if match.to_move is CHANCE:
            match.play_chance(rng)
        else:
            match.play(krone.simple_move(match.state, rng))
    state = spiel.new_initial_state()
    for entry in match.log:
        state.apply_action(spiel.actions.encode(entry.move, state.match.state))
    return state


def random_sim_test_rate(game, rng):
    """Steps per second of OpenSpiel's random_sim_test (with serialization), counted by
    the state checker it calls at every step."""
    spiel = pyspiel.load_game(f"python_ludoteca_{game.id}(players={game.min_players})")
    start = king_taken(spiel, rng) if game.id == "krone" else None
    steps = [0]

    def count(state):
        steps[0] += 1

    began = time.perf_counter()
    for _ in range(SIMS):
        pyspiel.random_sim_test(
            spiel, num_sims=1, serialize=True, verbose=False,
            state_checker_fn=count, specific_initial_state=start,
        )  # fmt: skip
    return steps[0] / (time.perf_counter() - began)


def main():
    print(
        "| game | actions | chance outcomes | largest legal set | engine/s | adapter/s | cost "
        "| random_sim_test/s |"
    )
    for game_id in ludoteca.games():
        game, rng, actions = ludoteca.game(game_id), random.Random(1), for_game(game_id)
        largest = largest_legal_set(game, rng)
        engine, adapter = engine_rate(game, rng), adapter_rate(game, rng)
        checked = random_sim_test_rate(game, rng)
        print(
            f"| {game_id} | {actions.decisions.size:,} | {actions.outcomes.size:,} "
            f"| {largest:,} | {engine:,.0f} | {adapter:,.0f} | {engine / adapter:.1f}× "
            f"| {checked:,.0f} |"
        )


if __name__ == "__main__":
    main()
