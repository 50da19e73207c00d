"""Who is online in the room's other processes, and the names held across them.

The room asks often and at once (every view of a seat asks who is online), so what the
other processes hold is a local copy, refreshed in the background: ``others`` never
waits. Only entering, which already waits for the database, asks the shared store
itself (``claim_name``), so that two entries of one name on two processes cannot both
win: a name is claimed there by its entry, then held there for as long as its person is
online anywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol


@dataclass(frozen=True, slots=True)
class Here:
    """What this process holds, as the others are told it: who is online here (user id
    -> name), its sockets per address and per person (user id -> sockets), and the names
    they hold (name_key -> user id)."""

    online: Mapping[int, str] = field(default_factory=dict)
    sockets: Mapping[str, int] = field(default_factory=dict)
    names: Mapping[str, int] = field(default_factory=dict)
    per_person: Mapping[int, int] = field(default_factory=dict)


#: Told, after each refresh, who came online elsewhere and who went (user id -> name).
Changed = Callable[[Mapping[int, str], Mapping[int, str]], None]


class Unavailable(Exception):
    """The shared store does not answer: what needed it is refused, to try again."""


class Presence(Protocol):
    process_id: str

    def others(self) -> Mapping[int, str]:
        """Who is online in the other processes (user id -> name), as last refreshed."""
        ...

    def sockets_elsewhere(self, address: str) -> int:
        """Sockets from ``address`` open in the other processes, as last refreshed."""
        ...

    def sockets_of(self, user_id: int) -> int:
        """Sockets of this person open in the other processes, as last refreshed."""
        ...

    def changed(self) -> None:
        """What this process holds changed: the others are told soon."""
        ...

    async def claim_name(self, key: str) -> bool:
        """Hold a name (its ``name_key``) for an entry that is about to take it, in
        every process; False when another holds it. Raises Unavailable."""
        ...

    def gone(self, key: str, user_id: int) -> None:
        """This person, online under this name, has left the room: their name is free
        (unless someone else has claimed it since)."""
        ...

    async def start(self, here: Callable[[], Here], changed: Changed) -> None: ...

    async def stop(self) -> None: ...

    def status(self) -> dict[str, object]:
        """What ``/api/status`` shows of it."""
        ...


class Alone:
    """The room is this process: nobody is online elsewhere, every name is free there."""

    def __init__(self, process_id: str) -> None:
        self.process_id = process_id

    def others(self) -> Mapping[int, str]:
        return {}

    def sockets_elsewhere(self, address: str) -> int:
        return 0

    def sockets_of(self, user_id: int) -> int:
        return 0

    def changed(self) -> None:
        pass

    async def claim_name(self, key: str) -> bool:
        return True

    def gone(self, key: str, user_id: int) -> None:
        pass

    async def start(self, here: Callable[[], Here], changed: Changed) -> None:
        pass

    async def stop(self) -> None:
        pass

    def status(self) -> dict[str, object]:
        return {"shared": "none"}
