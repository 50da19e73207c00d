"""The rules of one game, as the mutable position of one match.

A game package implements ``State``; ``Match`` (the public object) owns one, checks whose
turn it is, logs every move and builds views. The division of labour:

* ``check(move)`` raises ``IllegalMove`` with a message that says what was wrong and what
  is allowed, and changes nothing; ``apply(move)`` is only called after ``check`` passed.
* ``secret(move)`` says, before the move is applied, who may see it in the log.

A state is rules only, as in OpenSpiel: how a position is written, read and seen by a
seat are the ``Game``'s (``dump_position``, ``load_position``, ``view``), beside it in the
game's ``position.py`` and ``view.py``, which build on the state and not the other way
round.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from fractions import Fraction
from typing import Self

from .chance import Actor
from .log import Secret
from .move import Move
from .result import Result


class State(ABC):
    players: int
    #: What the move just applied caused beyond itself, in words for the log: an interim
    #: scoring, a new round. ``apply`` sets it when there is something to tell; ``Match``
    #: stores it with the log entry and clears it. Every seat reads notes, so they never
    #: name anything hidden.
    notes: tuple[str, ...] = ()

    @abstractmethod
    def to_move(self) -> Actor:
        """The seat to move, CHANCE while a chance event is pending, None when over."""

    @abstractmethod
    def legal_moves(self) -> list[Move]:
        """Every move the seat to move may play (empty at chance and at the end)."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[Move, Fraction]]:
        """At a chance event: each outcome with its probability; they sum to 1."""

    @abstractmethod
    def sample_chance(self, rng: random.Random) -> Move:
        """One outcome of the pending chance event, drawn with ``rng``."""

    @abstractmethod
    def check(self, move: Move) -> None:
        """Raise ``IllegalMove`` unless ``move`` may be played now."""

    @abstractmethod
    def apply(self, move: Move) -> None:
        """Play a move that ``check`` accepted."""

    def secret(self, move: Move) -> Secret | None:
        """Who may see ``move`` in the log; None means everybody."""
        return None

    @abstractmethod
    def result(self) -> Result:
        """The outcome; only called once the game is over."""

    @abstractmethod
    def copy(self) -> Self:
        """An independent copy."""

    def determinize(self, seat: int | None, rng: random.Random) -> Self:
        """A position ``seat`` cannot tell from this one, with every hidden item drawn anew.

        Games without hidden information return a copy. Bots that sample hidden
        information (ISMCTS) use this, and the conformance suite checks that the view of
        ``seat`` (``Game.view``) does not change.
        """
        return self.copy()
