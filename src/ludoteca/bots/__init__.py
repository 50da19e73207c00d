"""Players the computer plays: through the engine contract, for any game."""

from .mcts import MctsBot
from .outside import OutsideBot, UnknownBot, resolve
from .policies import BOTS, Bot, GreedyBot, RandomBot, SimpleBot, bot

__all__ = [
    "BOTS",
    "Bot",
    "GreedyBot",
    "MctsBot",
    "OutsideBot",
    "RandomBot",
    "SimpleBot",
    "UnknownBot",
    "bot",
    "resolve",
]
