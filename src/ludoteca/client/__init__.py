"""A bot in the room (``ludoteca bot run``): connects with a token, plays its seats by
calling ``choose(match, rng)``, reconnects, and finishes its matches on shutdown.

See docs/bots.md.
"""

from .client import Client, ClientError, Plan
from .seat import SeatMatch

__all__ = ["Client", "ClientError", "Plan", "SeatMatch"]
