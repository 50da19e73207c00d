"""Players the computer plays: through the engine contract, for any game."""

from .mcts import MctsBot
from .policies import BOTS, Bot, GreedyBot, RandomBot, SimpleBot, bot

__all__ = ["BOTS", "Bot", "GreedyBot", "MctsBot", "RandomBot", "SimpleBot", "bot"]
