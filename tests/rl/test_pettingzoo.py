"""Every game as a PettingZoo environment through Shimmy: PettingZoo's own API and seed
tests, and the action mask that holds exactly the legal moves."""

import warnings

import numpy as np
import pytest

import ludoteca
from tests.conftest import missing

try:
    from pettingzoo.test import api_test, seed_test

    from ludoteca.openspiel.pettingzoo import environment
except ImportError:  # pragma: no cover - the rl extra is part of the test extra
    environment = None

CYCLES = 30


@pytest.fixture(autouse=True)
def _needs_pettingzoo():
    if environment is None:
        missing("shimmy and pettingzoo are not installed: pip install -e '.[rl]'")


def names(game_id):
    game = ludoteca.game(game_id)
    return [
        f"python_ludoteca_{game_id}(players={n})"
        for n in range(game.min_players, game.max_players + 1)
    ]


def test_pettingzoos_api_and_seed_tests_pass_for_every_player_count(game_id):
    for name in names(game_id):
        with warnings.catch_warnings():
            # The observation tensors hold scores and counts: they have no bounds to declare.
            warnings.simplefilter("ignore", UserWarning)
            api_test(environment(name), num_cycles=CYCLES)
            seed_test(lambda name=name: environment(name), num_cycles=CYCLES)


def test_the_action_mask_is_the_legal_moves(game_id):
    env = environment(names(game_id)[0])
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    for step, agent in enumerate(env.agent_iter()):
        _, _, termination, truncation, info = env.last()
        if termination or truncation or step > 200:
            break
        mask = info["action_mask"]
        state = env.game_state
        assert sorted(np.flatnonzero(mask)) == sorted(state.legal_actions())
        assert int(agent.split("_")[-1]) == state.current_player()
        env.step(int(rng.choice(np.flatnonzero(mask))))
