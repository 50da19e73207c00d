"""How far the journal is behind: the age of the oldest write handed to it and not yet
stored, for /api/status. It stays at zero while the database keeps up; it grows when
commits slow down (a busy or unreachable database) well before players notice."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Sequence

from ..journal import Announce, Journal
from ..storage.rows import Write


class Lag:
    def __init__(self, journal: Journal) -> None:
        self.journal = journal
        #: When each write not yet stored was handed in: the journal announces in order.
        self._since: deque[float] = deque()

    def write(self, rows: Sequence[Write], announce: Announce | None = None) -> None:
        self._since.append(time.monotonic())
        self.journal.write(rows, self._stored(announce))

    def _stored(self, announce: Announce | None) -> Callable[[], None]:
        def stored() -> None:
            if self._since:  # emptied by ``refused``
                self._since.popleft()
            if announce is not None:
                announce()

        return stored

    def refused(self) -> None:
        """The database refused a batch: its writes are not pending any more (the room
        takes no changes until it restarts, which status says otherwise)."""
        self._since.clear()

    def seconds(self) -> float:
        return time.monotonic() - self._since[0] if self._since else 0.0
