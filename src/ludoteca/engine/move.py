"""Moves: small immutable values with one canonical text form.

Each game defines its moves as frozen dataclasses deriving from ``Move``; ``str(move)`` is
the canonical notation, and the game's ``parse_move`` reads it back to an equal value.
Chance outcomes (a roll, a drawn card) are moves too, marked ``is_chance``. A move's
``repr`` shows its notation, ``<Keep 'keep 5 5'>``: games declare their dataclasses with
``repr=False`` so that this one is kept.
"""

from __future__ import annotations

from typing import ClassVar


class Move:
    __slots__ = ()

    #: True for outcomes of chance events, which only chance (or a test forcing it) plays.
    is_chance: ClassVar[bool] = False

    def __str__(self) -> str:  # pragma: no cover - every game move overrides it
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {str(self)!r}>"
