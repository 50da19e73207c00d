"""Every ludoteca game as an OpenSpiel game (``pip install 'ludoteca[rl]'``).

Importing this module registers ``python_ludoteca_<game>`` with ``pyspiel`` for every
game, its player count and options as parameters::

    import pyspiel
    import ludoteca.openspiel

    game = pyspiel.load_game("python_ludoteca_keltis(players=3)")

The rest of ludoteca never imports ``pyspiel``: it is needed only here.
"""

from __future__ import annotations

import pyspiel

from ludoteca.engine import registry

from .game import LudotecaGame, game_type

for _game_id in registry.ids():
    pyspiel.register_game(game_type(registry.get(_game_id)), LudotecaGame.of(_game_id))

__all__ = ["LudotecaGame", "game_type"]
