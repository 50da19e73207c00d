"""A table's chat: people's lines, and the room speaking at the table (a resignation, a
bot taking over) with a code and particulars each page says in its own language.

A line advances the table's version but not its state: chatting never makes a move
stale. Recent lines are kept, each with its version and speaker, for a sync to show only
those already announced, and none of a speaker the watcher blocks or mutes.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

from .. import protocol as p
from ..storage.rows import ChatRow
from .chairs import Who
from .refusals import Refusal
from .status import TableStatus

if TYPE_CHECKING:
    from .table import Table

CHAT_KEPT = 50


class TableChat:
    def __init__(self, table: Table) -> None:
        self.table = table
        self.lines: deque[tuple[int, p.ChatLine, int | None]] = deque(maxlen=CHAT_KEPT)

    def announced(self, for_user: int | None = None) -> list[p.ChatLine]:
        """The lines the table has been told of, but those ``for_user`` does not see."""
        told = self.table.announced
        hides = self.table.host.hides
        return [
            line
            for version, line, by in self.lines
            if version <= told and (by is None or for_user not in hides(by))
        ]

    def say(self, who: Who, text: str) -> None:
        """A person's chat line."""
        self._add(who, p.ChatLine(who.name, text, self.table.host.now()))

    def announce(self, code: str, text: str, **params: Any) -> None:
        """The room speaks at the table: ``text`` in English, ``code`` and ``params`` for
        the players' own languages."""
        self._add(None, p.ChatLine(None, text, self.table.host.now(), code, params))

    def _add(self, who: Who | None, line: p.ChatLine) -> None:
        table = self.table
        if table.status == TableStatus.CLOSED:
            raise Refusal("closed", "this table is closed")
        table.version += 1
        version = table.version
        by = None if who is None else who.id
        self.lines.append((version, line, by))
        row = ChatRow(table.id, by, line.name, line.text, line.at, version)

        def announce() -> None:
            table.announced = max(table.announced, version)
            # Those who block or mute the speaker are not sent the line; a line they miss
            # leaves a gap in their versions, which a resync fills without it.
            hidden = () if by is None else table.host.hides(by)
            table.audience.send_all(p.TableChat(table=table.id, v=version, line=line), hidden)

        table.host.store([row], announce)
