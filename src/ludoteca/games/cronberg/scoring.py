"""Which triangles are active, and the final scoring of the pawns left on the board.

For people who study the game, ``score_pawn`` scores a pawn from the tile corners at its
intersection and the active symbols it touches, whatever the board around it: any
corners, any number of parks and coats of arms.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.engine import PositionError

from .board import BOARD, bits
from .components import TILE_ALIASES, TILE_BY_ID, alias_key


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
        return final_points(self.value, self.magnitude, self.coats_of_arms, self.parks)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "pawn": BOARD.point_names[self.point],
            "value": self.value,
            "coats_of_arms": self.coats_of_arms,
            "parks": self.parks,
            "points": self.points,
        }


def final_note(pawn: PawnScore) -> str:
    """How a pawn scored at the end, in words: 'final scoring: seat 0's pawn on 23 ...'."""
    where = f"final scoring: seat {pawn.seat}'s pawn on {BOARD.point_names[pawn.point]}"
    if not pawn.coats_of_arms and not pawn.parks:
        return f"{where} (value {pawn.value:+d}) touches no active park or coat of arms: 0"
    parts = []
    if pawn.coats_of_arms:
        parts.append(f"a coat of arms makes every corner count: {pawn.magnitude}")
    else:
        parts.append(f"value {pawn.value:+d}")
    if pawn.parks:
        parts.append(f"{pawn.parks} park{'s' if pawn.parks > 1 else ''} ×{1 << pawn.parks}")
    return f"{where}: {', '.join(parts)} = {pawn.points:+d}"


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


def final_points(value: int, magnitude: int, coats_of_arms: int, parks: int) -> int:
    """A pawn's points in the final scoring: nothing without an active coat of arms or park;
    with a coat of arms every corner counts as positive; each park doubles."""
    if not coats_of_arms and not parks:
        return 0
    base = magnitude if coats_of_arms else value
    return base << parks


def score_pawn(
    corners: Iterable[int | tuple[str, str]], parks: int = 0, coats_of_arms: int = 0
) -> dict[str, int]:
    """How a pawn scores, from the tile corners at its intersection and the active parks
    and coats of arms it touches.

    A corner is its value (``-8``) or a tile and which of its corners lies there:
    ``("church", "wide")``, ``("gallows", "sharp")`` (tiles by id or by name in any of the
    three languages). Returns ``interim`` (what the pawn scores when its last triangle is
    covered: the intersection's value) and ``final`` (what it scores in the final scoring).
    """
    values = [_corner(corner) for corner in corners]
    for name, count in (("parks", parks), ("coats_of_arms", coats_of_arms)):
        if type(count) is not int or not 0 <= count <= 6:
            raise PositionError(f"{name} must be 0 to 6 (an intersection touches 6), not {count!r}")
    value = sum(values)
    return {
        "value": value,
        "interim": value,
        "final": final_points(value, sum(abs(v) for v in values), coats_of_arms, parks),
    }


def _corner(corner: int | tuple[str, str]) -> int:
    if type(corner) is int:
        return corner
    if isinstance(corner, tuple) and len(corner) == 2 and corner[1] in ("sharp", "wide"):
        tile = TILE_ALIASES.get(alias_key(corner[0])) if isinstance(corner[0], str) else None
        if tile is not None:
            found = TILE_BY_ID[tile]
            return found.acute if corner[1] == "sharp" else found.obtuse
    raise PositionError(
        f"a corner is a value or (tile, 'sharp' or 'wide'), e.g. ('church', 'wide'), not {corner!r}"
    )
