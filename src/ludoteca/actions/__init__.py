"""A fixed action index per game, read off its move grammar: what OpenSpiel and the RL
libraries need, a move as a small integer.

Each game's ``Actions`` numbers its decisions ``0 .. decisions - 1`` and its chance
outcomes ``0 .. outcomes - 1``, move kind by move kind (``Blocks``): a Keltis play is its
card, a Kingdomino placement its square and direction, a Krone keep its dice counted per
face. ``encode`` and ``decode`` are total: every move of a position has a number, and
every number of the index reads back as the move it stands for, whether or not that move
is legal here. Decoding may need the position where the grammar leaves a part of the move
to it (the domino a Kingdomino player places).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence
from typing import Any

from ludoteca.engine import Move, State


class Blocks:
    """Consecutive ranges of an index, one per move kind, by name."""

    def __init__(self, sizes: Sequence[tuple[str, int]]) -> None:
        self.offset: dict[str, int] = {}
        self._ranges: list[tuple[int, int, str]] = []
        at = 0
        for name, size in sizes:
            self.offset[name] = at
            self._ranges.append((at, at + size, name))
            at += size
        self.size = at

    def at(self, name: str, index: int) -> int:
        return self.offset[name] + index

    def find(self, action: int) -> tuple[str, int]:
        """The kind of ``action`` and its number within the kind."""
        for start, end, name in self._ranges:
            if start <= action < end:
                return name, action - start
        raise ValueError(f"action {action!r} is not one of 0 to {self.size - 1}")


class Actions(ABC):
    """The action index of one game."""

    decisions: Blocks
    outcomes: Blocks

    def __deepcopy__(self, memo: dict[int, Any]) -> Actions:
        return self  # an index never changes: copies of a state (pyspiel's clones) share it

    @abstractmethod
    def encode(self, move: Move, state: State) -> int:
        """The number of ``move`` (a decision or a chance outcome) in ``state``."""

    def outcomes_key(self, state: State) -> Hashable | None:
        """A key that two positions share when their chance outcomes are the same, so
        that their numbers are worked out once (a roll of twelve dice has 6,188
        outcomes); None: no such key."""
        return None

    @abstractmethod
    def decode(self, action: int, state: State, chance: bool = False) -> Move:
        """The move a number stands for in ``state``: a chance outcome if ``chance``."""


def for_game(game_id: str) -> Actions:
    """The action index of the game ``game_id``."""
    from . import cronberg, keltis, kingdomino, krone

    known: dict[str, Actions] = {
        "cronberg": cronberg.ACTIONS,
        "keltis": keltis.ACTIONS,
        "kingdomino": kingdomino.ACTIONS,
        "krone": krone.ACTIONS,
    }
    try:
        return known[game_id]
    except KeyError:
        names = ", ".join(known)
        raise ValueError(f"no action index for {game_id!r}; there are: {names}") from None
