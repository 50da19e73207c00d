"""Whom each registered player follows, blocks and mutes: all of it in memory, loaded
as the room opens and stored through the journal as it changes.

A block keeps a person from the blocker's tables, their invitations and their chat; a
mute only from their chat. Either way the chat is not sent: the speaker is not told.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from enum import StrEnum


class Relation(StrEnum):
    FOLLOW = "follow"
    BLOCK = "block"
    MUTE = "mute"


class Relations:
    def __init__(self) -> None:
        #: (kind, user) -> the people they follow, block or mute.
        self._of: dict[tuple[Relation, int], set[int]] = {}
        #: speaker -> the people who block or mute them.
        self._hidden_from: dict[int, set[int]] = {}

    def load(self, rows: Iterable[tuple[str, int, int]]) -> None:
        for kind, user, other in rows:
            self.set(Relation(kind), user, other, True)

    def of(self, kind: Relation, user_id: int) -> Collection[int]:
        return self._of.get((kind, user_id), ())

    def has(self, kind: Relation, user_id: int, other_id: int) -> bool:
        return other_id in self._of.get((kind, user_id), ())

    def set(self, kind: Relation, user_id: int, other_id: int, on: bool) -> None:
        mine = self._of.setdefault((kind, user_id), set())
        if on:
            mine.add(other_id)
        else:
            mine.discard(other_id)
        if kind != Relation.FOLLOW:
            hides = self.has(Relation.BLOCK, user_id, other_id) or self.has(
                Relation.MUTE, user_id, other_id
            )
            listeners = self._hidden_from.setdefault(other_id, set())
            if hides:
                listeners.add(user_id)
            else:
                listeners.discard(user_id)

    def blocks(self, user_id: int, other_id: int) -> bool:
        return self.has(Relation.BLOCK, user_id, other_id)

    def hides(self, speaker_id: int) -> Collection[int]:
        return self._hidden_from.get(speaker_id, ())
