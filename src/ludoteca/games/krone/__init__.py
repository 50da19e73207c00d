"""Um Krone und Kragen: dice, characters and the royal couple. Rules: docs/games/krone.md."""

from .game import GAME, Krone

__all__ = ["GAME", "Krone"]
