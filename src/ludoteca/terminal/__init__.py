"""The terminal client: playing against bots (``ludoteca play``) and stepping through a
saved match (``ludoteca replay``), reading and writing lines."""

from .play import play_in_terminal
from .replay import replay_in_terminal

__all__ = ["play_in_terminal", "replay_in_terminal"]
