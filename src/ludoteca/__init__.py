"""ludoteca: a board-game room, and the rules engines behind it as a library.

>>> import ludoteca
>>> m = ludoteca.game("krone").new_match(players=3)
"""

# Importing the package of the games registers every game.
import types
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


def game_ids() -> list[str]:
    """The ids of every game, sorted."""
    return _registry.ids()


class _GamesPackage(types.ModuleType):
    """``ludoteca.games``, the package of the games' rules, which answers a call with
    ``game_ids()``: ``ludoteca.games()``, the spelling before ``game_ids``, keeps working."""

    def __call__(self) -> list[str]:
        return game_ids()


# The old spelling needs one object that is both the package (``ludoteca.games.krone``
# and ``import ludoteca.games.krone.costs as costs`` walk the attributes from
# ``ludoteca``) and callable. A function of that name would hide the package; an object
# standing in for it would not be the module that ``import ludoteca.games`` gives. Python
# looks ``__call__`` up on the type, so the package's type is what has to answer: giving
# a module a subclass of ``ModuleType`` is how the language reference customises one.
_games.__class__ = _GamesPackage
#: The package of the games' rules; called, the games' ids (the old spelling of ``game_ids()``).
games = cast(_GamesPackage, _games)


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
    "game_ids",
    "games",
    "load",
]
