"""One table: its chairs, its match, its time, its audience, and the host it needs.

``Table`` is the authority; the modules beside it hold one concept each (docs/server.md).
"""

from .audience import Watcher
from .chairs import Chair, Who
from .finish import Ratings
from .host import Host, Timer
from .invitations import Invitee
from .refusals import RATED_GUEST, Refusal, Stale, game_or_refuse
from .status import Replaced, TableStatus
from .table import Table

__all__ = [
    "RATED_GUEST",
    "Chair",
    "Host",
    "Invitee",
    "Ratings",
    "Refusal",
    "Replaced",
    "Stale",
    "Table",
    "TableStatus",
    "Timer",
    "Watcher",
    "Who",
    "game_or_refuse",
]
