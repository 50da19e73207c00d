"""Kingdomino: dominoes, kings and a 5×5 kingdom. Rules: docs/games/kingdomino.md."""

from .game import GAME, Kingdomino

__all__ = ["GAME", "Kingdomino"]
