"""ludoteca: a board-game room, and the rules engines behind it as a library.

>>> import ludoteca
>>> m = ludoteca.game("krone").new_match(players=3)
"""

# Importing the package registers every game. The function ``games`` below then takes the
# name over from the subpackage on this module (``ludoteca.games.krone`` still imports).
from . import games as _game_packages  # noqa: F401
from .engine import (
    CHANCE,
    Game,
    IllegalMove,
    LudotecaError,
    Match,
    Move,
    MoveSyntaxError,
    OptionError,
    PositionError,
    Result,
    StateError,
    UnknownGame,
)
from .engine import registry as _registry

__version__ = "0.1.0"


def games() -> list[str]:
    """The ids of every game, sorted."""
    return _registry.ids()


def game(game_id: str) -> Game:
    """The game with this id; raises ``UnknownGame`` listing the ids."""
    return _registry.get(game_id)


__all__ = [
    "CHANCE",
    "Game",
    "IllegalMove",
    "LudotecaError",
    "Match",
    "Move",
    "MoveSyntaxError",
    "OptionError",
    "PositionError",
    "Result",
    "StateError",
    "UnknownGame",
    "game",
    "games",
]
