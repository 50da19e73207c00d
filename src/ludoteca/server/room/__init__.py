"""The room: its tables, who is online, the lobby, and what each client message does."""

from .room import Room
from .settings import Settings

__all__ = ["Room", "Settings"]
