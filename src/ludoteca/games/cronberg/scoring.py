"""Which triangles are active, and the final scoring of the pawns left on the board."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .board import BOARD, bits


def active_triangles(uncovered: int, exhausted: bool) -> int:
    """The uncovered triangles no tile can ever cover, as a bitmask.

    A triangle with no uncovered neighbour is isolated for good (covered triangles stay
    covered); once no tile is left to lay (``exhausted``), every uncovered one is.
    """
    if exhausted:
        return uncovered
    active = 0
    neighbours = BOARD.neighbour_mask
    for t in bits(uncovered):
        if not neighbours[t] & uncovered:
            active |= 1 << t
    return active


@dataclass(frozen=True)
class PawnScore:
    """One pawn's final scoring: its intersection's value, and what acts on it."""

    seat: int
    point: int
    value: int  # the sum of the tile corners at the intersection
    magnitude: int  # the same with every corner value counted as positive
    coats_of_arms: int  # active coats of arms touching the intersection
    parks: int  # active parks touching it

    @property
    def points(self) -> int:
        if not self.coats_of_arms and not self.parks:
            return 0
        base = self.magnitude if self.coats_of_arms else self.value
        return base << self.parks  # each park doubles

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "pawn": BOARD.point_names[self.point],
            "value": self.value,
            "coats_of_arms": self.coats_of_arms,
            "parks": self.parks,
            "points": self.points,
        }


def final_scoring(
    owners: Sequence[int], values: Sequence[int], magnitudes: Sequence[int], active: int
) -> list[PawnScore]:
    """Every pawn on the board (``owners``: seat per intersection, -1 for none)."""
    found = []
    for point, seat in enumerate(owners):
        if seat < 0:
            continue
        touching = BOARD.around_mask[point] & active
        found.append(
            PawnScore(
                seat,
                point,
                values[point],
                magnitudes[point],
                (touching & BOARD.arms_mask).bit_count(),
                (touching & BOARD.park_mask).bit_count(),
            )
        )
    return found
