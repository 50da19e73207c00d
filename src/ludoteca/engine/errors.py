"""The errors of the engine contract.

Every error a player or a caller can provoke is a ``LudotecaError``; the ones about bad
input are also ``ValueError`` so that generic code can catch them as such. A message says
what was wrong and what is allowed, and never mentions anything hidden from the caller.
"""

from __future__ import annotations


class LudotecaError(Exception):
    """Base class of every error raised on purpose by ludoteca."""


class IllegalMove(LudotecaError, ValueError):
    """A move that may not be played now. The match is unchanged."""


class MoveSyntaxError(IllegalMove):
    """A text that is not a move in the game's notation."""


class OptionError(LudotecaError, ValueError):
    """Wrong player count, unknown option or bad option value for a new match."""


class PositionError(LudotecaError, ValueError):
    """A match or position document that is malformed or describes an impossible position."""


class UnknownGame(LudotecaError, LookupError):
    """A game id that is not registered."""


class StateError(LudotecaError, RuntimeError):
    """An operation asked of a match in the wrong state, e.g. ``result()`` before the end."""
