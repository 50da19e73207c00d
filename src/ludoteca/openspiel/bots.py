"""OpenSpiel's bots as players of ``ludoteca arena``, through the adapter.

``ludoteca arena keltis --bots ludoteca.openspiel.bots:ismcts,greedy`` seats OpenSpiel's
Python information-set MCTS (``open_spiel.python.algorithms.ismcts``) with random-rollout
leaves; ``ludoteca.openspiel.bots:ismcts:400`` gives it 400 simulations a move.
``ludoteca.openspiel.bots:ismcts_playout`` is the same search with the leaves of
ludoteca's ``mcts`` instead (``PlayoutEvaluator``): the game's playout policy, and its
judgement where the game has one, so that the two searches differ only in the tree. Like any
bot loaded by import path it is handed a match rebuilt from its seat's view
(``ludoteca.bots.outside``), and the search's own worlds are ``resample_from_infostate``,
``Match.from_view`` again: it never sees what its seat may not.
"""

from __future__ import annotations

import random

import numpy as np
from open_spiel.python.algorithms import ismcts as open_spiel_ismcts
from open_spiel.python.algorithms import mcts as open_spiel_mcts

from ludoteca.bots.mcts import DEFAULT_ITERATIONS, FALLBACK_ITERATIONS, play_out
from ludoteca.bots.seat import seat_to_move
from ludoteca.bots.strategies import playout
from ludoteca.engine import Game, Match, Move, OptionValue

from .game import LudotecaGame, LudotecaState
from .returns import returns

#: The exploration constant and rollouts per leaf of docs/research.md's example.
UCT_C = 2.0
ROLLOUTS = 1


class PlayoutEvaluator(open_spiel_mcts.Evaluator):  # type: ignore[misc]
    """The leaves of ludoteca's ``mcts`` for OpenSpiel's search: one playout of the game's
    playout policy from the world sampled, to the end or to the game's horizon, where the
    game's judgement (each seat's share of the win) decides (``strategies.playout``).

    A finished game is worth its OpenSpiel returns. Shares in [0, 1] summing to one become
    returns on the same scale, ``(n·share − 1) / (n − 1)``: they sum to zero, a seat sure to
    win gets +1, and at two seats a share p is worth 2p − 1, which is what a win with
    chance p is worth on average.
    """

    def __init__(self, game: Game, rng: random.Random) -> None:
        self.policy, self.judge, self.horizon = playout(game)
        self.rng = rng

    def evaluate(self, state: LudotecaState) -> np.ndarray:
        world = state.match.state.copy()
        played = play_out(world, self.policy, self.judge, self.horizon, self.rng)
        players = len(played)
        if world.to_move() is None:
            return np.array(returns(world.result(), players))
        return np.array([(players * share - 1) / (players - 1) for share in played])

    def prior(self, state: LudotecaState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


class IsmctsBot:
    """OpenSpiel's ISMCTS for the seat to move: ``iterations`` simulations a move, or as
    many as ludoteca's ``mcts`` makes in the game when none are given; leaves by random
    rollouts, or by ludoteca's playouts (``playouts=True``)."""

    def __init__(self, iterations: int | None = None, *, playouts: bool = False) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError(f"ISMCTS needs at least one simulation a move, not {iterations}")
        self.iterations = iterations
        self.playouts = playouts
        base = "ismcts_playout" if playouts else "ismcts"
        self.name = base if iterations is None else f"{base}:{iterations}"
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
        evaluator = (
            PlayoutEvaluator(match.game, random.Random(rng.randrange(2**32)))
            if self.playouts
            else open_spiel_mcts.RandomRolloutEvaluator(ROLLOUTS, seed)
        )
        search = open_spiel_ismcts.ISMCTSBot(
            game,
            evaluator,
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
    return IsmctsBot(_simulations("ismcts", iterations))


def ismcts_playout(iterations: str | None = None) -> IsmctsBot:
    """``ismcts_playout`` or ``ismcts_playout:N``: ISMCTS with ludoteca's playouts as its
    leaves (``PlayoutEvaluator``)."""
    return IsmctsBot(_simulations("ismcts_playout", iterations), playouts=True)


def _simulations(name: str, iterations: str | None) -> int | None:
    if iterations is None:
        return None
    try:
        count = int(iterations)
    except ValueError:
        count = 0
    if count < 1:
        raise ValueError(
            f"{name} takes its simulations a move, e.g. {name}:400, not {iterations!r}"
        )
    return count
