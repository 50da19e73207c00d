"""The request ids a connection sent lately, so that a repeat is refused, not done twice.

A double click sends the same action twice; the browser gives every action a fresh id,
and the room carries out the first message with an id and refuses the others. Only the
last ``KEPT`` ids are remembered: a client reuses an id by mistake, not after hundreds
of requests, and a connection's memory stays bounded whatever it sends.
"""

from __future__ import annotations

from collections import deque

KEPT = 256


class RecentRequests:
    def __init__(self, kept: int = KEPT) -> None:
        self._order: deque[str] = deque()
        self._seen: set[str] = set()
        self._kept = kept

    def first(self, rid: str) -> bool:
        """Whether ``rid`` is new; it is remembered from now on."""
        if rid in self._seen:
            return False
        self._seen.add(rid)
        self._order.append(rid)
        if len(self._order) > self._kept:
            self._seen.discard(self._order.popleft())
        return True
