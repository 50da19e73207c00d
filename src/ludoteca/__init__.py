"""ludoteca: a board-game room, and the rules engines behind it as a library.

>>> import ludoteca
>>> m = ludoteca.game("krone").new_match(players=3)
"""

# Importing the package registers every game; ``ludoteca.games`` is that package, and
# calling it lists the games' ids (games/__init__.py).
from collections.abc import Mapping
from typing import Any, cast

from . import games as _games
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
from .engine.serialization import parse as _parse_document

__version__ = "0.1.0"

#: The package of the games' rules, which lists the games' ids when called.
games = cast(_games.GamePackage, _games)


def game(game_id: str) -> Game:
    """The game with this id; raises ``UnknownGame`` listing the ids."""
    return _registry.get(game_id)


def load(document: str | Mapping[str, Any]) -> Match:
    """A match from its document (JSON text or dict), of whichever game it names."""
    doc = _parse_document(document)
    game_id = doc.get("game")
    if game_id not in _registry.ids():
        known = ", ".join(_registry.ids())
        if "game" not in doc:
            raise PositionError(f"the document names no game ('game' is missing): one of {known}")
        raise PositionError(f"'game' must be one of {known}, not {game_id!r}")
    return _registry.get(game_id).load(doc)


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
    "load",
]
