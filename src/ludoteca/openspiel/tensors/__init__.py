"""Observation tensors: what one seat knows of a position as numbers of a fixed shape,
one module per game.

Every game's view has one: Cronberg's board, Krone's court and dice, and Kingdomino's
kingdoms (each in the frame its castle stands in the middle of) hide nothing, so their
tensors are their positions; Keltis's is what the seat sees, its own hand included,
counted per kind of card.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from ludoteca.engine import Match

if TYPE_CHECKING:
    from ..game import LudotecaState


class Tensor(ABC):
    """The observation tensor of one game at one player count."""

    size: int

    @abstractmethod
    def write(self, state: LudotecaState, seat: int, out: np.ndarray) -> None:
        """Write what ``seat`` knows of ``state`` into ``out`` (``size`` numbers)."""


def one(index: int | None, size: int) -> list[float]:
    found = [0.0] * size
    if index is not None:
        found[index] = 1.0
    return found


def marks(indices: Sequence[int], size: int) -> list[float]:
    found = [0.0] * size
    for index in indices:
        found[index] = 1.0
    return found


def put(values: list[float], out: np.ndarray, title: str) -> None:
    if len(values) != len(out):
        raise RuntimeError(f"the {title} tensor has {len(values)} numbers, not {len(out)}")
    out[:] = values


def observation_tensor(match: Match) -> Tensor:
    """The observation tensor of the game ``match`` plays, at its player count and
    options; ``match`` is at its opening (it gives the size of a Kingdomino frame)."""
    from .cronberg import CronbergView
    from .keltis import KeltisView
    from .kingdomino import KingdominoView
    from .krone import KronePosition

    game_id, players = match.game.id, match.players
    if game_id == "cronberg":
        return CronbergView(players)
    if game_id == "keltis":
        return KeltisView(players)
    if game_id == "kingdomino":
        return KingdominoView(players, match.view(None)["position"]["kingdom_size"])
    if game_id == "krone":
        return KronePosition(players)
    raise ValueError(f"no observation tensor for {game_id!r}")
