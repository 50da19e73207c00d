"""What passes between the room's processes: commands to a table's owner, what the owner
sends each remote connection, heartbeats, and the lobby's news (docs/deploy.md).

``face`` is what the room sees of a bus, ``pubsub`` the bus over Redis pub/sub
(one process has no bus), ``envelope`` what travels on it, ``remote`` the owner's stand-in
for a connection held by another process.
"""

from .envelope import (
    Arrived,
    Beat,
    Command,
    Deliver,
    Done,
    Ended,
    Envelope,
    Gone,
    Mine,
    Moved,
    News,
    TableNews,
    Tell,
)
from .face import Bus, Owners
from .pubsub import RedisBus
from .remote import Remote

__all__ = [
    "Arrived",
    "Beat",
    "Bus",
    "Command",
    "Deliver",
    "Done",
    "Ended",
    "Envelope",
    "Gone",
    "Mine",
    "Moved",
    "News",
    "Owners",
    "RedisBus",
    "Remote",
    "TableNews",
    "Tell",
]
