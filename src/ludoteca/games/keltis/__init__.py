"""Keltis: Das Kartenspiel: rows of cards up or down, wish stones. Rules: docs/games/keltis.md."""

from .game import GAME, Keltis

__all__ = ["GAME", "Keltis"]
