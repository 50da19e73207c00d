"""The life of a table: open (chairs and options), running (a match), finished, closed."""

from __future__ import annotations

from enum import StrEnum


class TableStatus(StrEnum):
    """A table's state, spelled as the wire and the table row spell it."""

    OPEN = "open"
    RUNNING = "running"
    FINISHED = "finished"
    #: Gone from the room: nobody is at it, or it finished before a restart.
    CLOSED = "closed"


class Replaced(StrEnum):
    """Why a bot plays a person's seat for now, as the chair and the result say it."""

    TIME = "time"
    AWAY = "away"
