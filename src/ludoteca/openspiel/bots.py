"""OpenSpiel's bots as players of ``ludoteca arena``, through the adapter.

``ludoteca arena keltis --bots ludoteca.openspiel.bots:ismcts,greedy`` seats OpenSpiel's
Python information-set MCTS (``open_spiel.python.algorithms.ismcts``) with random-rollout
leaves; ``ludoteca.openspiel.bots:ismcts:400`` gives it 400 simulations a move. Like any
bot loaded by import path it is handed a match rebuilt from its seat's view
(``ludoteca.bots.outside``), and the search's own worlds are ``resample_from_infostate``,
``Match.from_view`` again: it never sees what its seat may not.
"""

from __future__ import annotations

import random

import numpy as np
from open_spiel.python.algorithms import ismcts as open_spiel_ismcts
from open_spiel.python.algorithms import mcts as open_spiel_mcts

from ludoteca.bots.mcts import DEFAULT_ITERATIONS, FALLBACK_ITERATIONS
from ludoteca.bots.seat import seat_to_move
from ludoteca.engine import Match, Move, OptionValue

from .game import LudotecaGame, LudotecaState

#: The exploration constant and rollouts per leaf of docs/research.md's example.
UCT_C = 2.0
ROLLOUTS = 1


class IsmctsBot:
    """OpenSpiel's ISMCTS for the seat to move: ``iterations`` simulations a move, or as
    many as ludoteca's ``mcts`` makes in the game when none are given."""

    def __init__(self, iterations: int | None = None) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError(f"ISMCTS needs at least one simulation a move, not {iterations}")
        self.iterations = iterations
        self.name = "ismcts" if iterations is None else f"ismcts:{iterations}"
        # pyspiel games by ludoteca game, players and options: made once a process.
        self._games: dict[tuple[str, int, tuple[tuple[str, OptionValue], ...]], LudotecaGame] = {}

    def choose(self, match: Match, rng: random.Random) -> Move:
        seat_to_move(match)  # only a seat to move has a choice to make
        moves = match.legal_moves()
        if len(moves) == 1:
            return moves[0]
        game = self._game(match)
        state = LudotecaState(game, match.copy())
        seed = np.random.RandomState(rng.randrange(2**32))
        search = open_spiel_ismcts.ISMCTSBot(
            game,
            open_spiel_mcts.RandomRolloutEvaluator(ROLLOUTS, seed),
            UCT_C,
            self.simulations(match),
            random_state=seed,
        )
        # Its own resampler draws from a sampler seeded by the clock: from ``seed``
        # instead, a seed of the arena repeats its games.
        search.set_resampler(
            lambda state, player: state.resample_from_infostate(player, seed.uniform)
        )
        # The search picks with numpy: its int64 decoded would put numpy numbers in the
        # move, which the engine's bit boards (Kingdomino's squares) cannot shift by.
        action = int(search.step(state))
        return game.actions.decode(action, match.state, False)

    def simulations(self, match: Match) -> int:
        """Simulations a move in the game of ``match``."""
        if self.iterations is not None:
            return self.iterations
        return DEFAULT_ITERATIONS.get(match.game.id, FALLBACK_ITERATIONS)

    def _game(self, match: Match) -> LudotecaGame:
        key = (match.game.id, match.players, tuple(sorted(match.options.items())))
        found = self._games.get(key)
        if found is None:
            made = LudotecaGame.of(match.game.id)
            found = self._games[key] = made({"players": match.players, **match.options})
        return found


def ismcts(iterations: str | None = None) -> IsmctsBot:
    """``ismcts`` (as many simulations as ludoteca's ``mcts`` makes in the game) or
    ``ismcts:N`` (N simulations a move), as the arena names it after the module."""
    if iterations is None:
        return IsmctsBot()
    try:
        count = int(iterations)
    except ValueError:
        count = 0
    if count < 1:
        raise ValueError(
            f"ismcts takes its simulations a move, e.g. ismcts:400, not {iterations!r}"
        )
    return IsmctsBot(count)
