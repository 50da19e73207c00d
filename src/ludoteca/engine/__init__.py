"""The game-agnostic engine contract: games, matches, moves, chance, results, errors."""

from .chance import CHANCE, Actor, Chance
from .errors import (
    IllegalMove,
    LudotecaError,
    MoveSyntaxError,
    OptionError,
    PositionError,
    StateError,
    UnknownGame,
)
from .game import Game
from .log import LogEntry, Secret
from .match import Match
from .move import Move
from .options import Option, OptionValue
from .result import Result
from .state import State

__all__ = [
    "CHANCE",
    "Actor",
    "Chance",
    "Game",
    "IllegalMove",
    "LogEntry",
    "LudotecaError",
    "Match",
    "Move",
    "MoveSyntaxError",
    "Option",
    "OptionError",
    "OptionValue",
    "PositionError",
    "Result",
    "Secret",
    "State",
    "StateError",
    "UnknownGame",
]
