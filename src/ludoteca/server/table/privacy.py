"""Who may come to a table: anyone, for a public one; for a private one, its people
(whoever sits there or hosts it) and whoever brings its secret, the key in its link.
A part of each ``Table``.

The key is random, stored with the table (a restart keeps the link working) and
compared in constant time, so that how long a refusal takes tells nothing of it.
Invitations widen ``may_enter``: an invited person is let in without the key.
"""

from __future__ import annotations

import hmac
import secrets
from typing import TYPE_CHECKING

from .. import protocol as p
from .chairs import Who
from .refusals import Refusal
from .status import TableStatus

if TYPE_CHECKING:
    from .table import Table

#: Bytes of randomness in a private table's key (as URL-safe base64: 22 characters).
KEY_BYTES = 16
PRIVATE_TABLE = "this table is private: open it by its link (the key in it) or an invitation"
NO_SPECTATORS = "the host lets nobody watch this match: only its players see it"


def new_key() -> str:
    return secrets.token_urlsafe(KEY_BYTES)


class Privacy:
    def __init__(self, table: Table) -> None:
        self.table = table
        #: The secret of a private table; None: the table is public.
        self.key: str | None = None
        #: Whether people who do not play may watch the match.
        self.spectators = True

    @property
    def private(self) -> bool:
        return self.key is not None

    def make_private(self) -> None:
        self.key = new_key()

    def set_private(self, who: Who, on: bool) -> None:
        """The host makes the open table private (a new key each time: a link sent to the
        wrong person stops working) or public again; its people are sent the key."""
        table = self.table
        table.expect_host(who, "make the table private or public")
        table.expect(TableStatus.OPEN, "make the table private or public")
        self.key = new_key() if on else None
        table.changed()
        table.audience.sync_all()

    def set_spectators(self, who: Who, on: bool) -> None:
        """The host lets people who do not play watch, or no longer: those watching are
        sent away once that is stored (a match's players and its host stay)."""
        table = self.table
        table.expect_host(who, "let spectators watch or not")
        self.spectators = on
        table.changed()

    def send_away_spectators(self) -> None:
        """Whoever watches a running or finished match without being let is told so and
        no longer follows it (an open table may be looked at: they come to sit)."""
        table = self.table
        if self.spectators or table.status == TableStatus.OPEN:
            return
        gone = [w for w in table.audience.watchers if not self.belongs(w.user.id)]
        for watcher in gone:
            table.audience.remove(watcher)
            watcher.send(p.Error("no_spectators", NO_SPECTATORS, table=table.id))
        if gone:
            table.audience.presence()

    def belongs(self, user_id: int) -> bool:
        """Whether this person is one of the table's own: they sit or host there."""
        return self.table.holds(user_id)

    def may_enter(self, user_id: int, key: str | None) -> bool:
        """Whether this person may come to the table at all (to look, sit or watch)."""
        if self.key is None or self.belongs(user_id):
            return True
        return key is not None and hmac.compare_digest(key.encode(), self.key.encode())

    def check_enter(self, user_id: int, key: str | None) -> None:
        if not self.may_enter(user_id, key):
            # The same refusal with no key and with a wrong one: a guess learns nothing.
            raise Refusal("private_table", PRIVATE_TABLE, table=self.table.id)

    def check_watch(self, user_id: int, key: str | None) -> None:
        """To watch: enter, and, while a match runs or is over, play in it or be let
        watch. An open table can always be looked at by those who may enter: they come
        to sit down."""
        self.check_enter(user_id, key)
        table = self.table
        if not self.spectators and table.status != TableStatus.OPEN and not self.belongs(user_id):
            raise Refusal("no_spectators", NO_SPECTATORS, table=table.id)

    def key_for(self, user_id: int) -> str | None:
        """The key, for the table's own people only: they share the link."""
        return self.key if self.key is not None and self.belongs(user_id) else None
