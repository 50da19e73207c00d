"""Players the computer plays: through the engine contract, for any game."""

from .policies import BOTS, Bot, RandomBot, SimpleBot, bot

__all__ = ["BOTS", "Bot", "RandomBot", "SimpleBot", "bot"]
