"""Cronberg: rebuild the burnt city, and stand where the rebuilt quarters are worth most.

Rules, rulings and notation: docs/games/cronberg.md.
"""

from .game import GAME, Cronberg

__all__ = ["GAME", "Cronberg"]
