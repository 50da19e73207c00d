"""The owner's stand-in for a connection another process holds: a table watched through
it is watched by that connection; what the table sends it goes to the gateway, gathered
per turn of the loop so that bytes several connections share travel once."""

from __future__ import annotations

from collections.abc import Callable

from .. import protocol as p
from ..connection import Bucket
from ..requests import RecentRequests


class Remote:
    def __init__(
        self,
        gateway: str,
        conn: int,
        user: p.Person,
        address: str,
        deliver: Callable[[Remote, bytes], None],
        chat_per_second: float,
        scopes: frozenset[str] | None = None,
    ) -> None:
        self.gateway = gateway
        self.conn = conn
        self.user = user
        self.address = address
        #: The scopes of the socket's token, as its gateway found them (None: a session).
        self.scopes = scopes
        self.tables: set[int] = set()
        self.in_lobby = False
        self.requests = RecentRequests()
        self.chats = Bucket(rate=chat_per_second, burst=5)
        self._deliver = deliver

    def __repr__(self) -> str:
        return f"<Remote {self.user.name} at {self.gateway}#{self.conn}>"

    def send(self, message: p.ServerMessage) -> None:
        self._deliver(self, p.encode(message))

    def send_bytes(self, data: bytes) -> None:
        self._deliver(self, data)
