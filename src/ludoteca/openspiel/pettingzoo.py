"""Every game as a PettingZoo environment, through Shimmy's OpenSpiel wrapper.

The legal actions of the agent to move are the ``action_mask`` in its ``info``::

    from ludoteca.openspiel.pettingzoo import environment

    env = environment("python_ludoteca_keltis(players=3)")
"""

from __future__ import annotations

from typing import Any

import pyspiel
from shimmy import OpenSpielCompatibilityV0

import ludoteca.openspiel  # noqa: F401 - registers the games with pyspiel


class LudotecaEnv(OpenSpielCompatibilityV0):  # type: ignore[misc]
    """Shimmy's environment, keeping each agent's action space from one step to the next.

    Shimmy 2.0.1 builds the action spaces anew at every step, which throws away the seed
    a caller gave them (``action_space(agent).seed(...)``): two environments reset and
    seeded alike then sample different actions. The number of actions of a game never
    changes, so the spaces made at ``reset`` serve the whole match.
    """

    def _update_action_spaces(self) -> None:
        if not self.action_spaces:
            super()._update_action_spaces()

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.action_spaces: dict[str, Any] = {}
        super().reset(seed=seed, options=options)


def environment(name: str, render_mode: str | None = None) -> LudotecaEnv:
    """The PettingZoo (AEC) environment of the OpenSpiel game ``name``.

    Shimmy's ``reset`` loads the game again by its short name and its ``config``: given
    only a loaded game it would forget the player count and options.
    """
    game = pyspiel.load_game(name)
    return LudotecaEnv(
        game_name=game.get_type().short_name,
        config=dict(game.get_parameters()),
        render_mode=render_mode,
    )
