"""The board's geometry, derived once from the layout in ``components.py``.

Intersections and triangles get numbers (board order: by row y, then x, up before down)
and every relation the rules ask about is precomputed as tuples and bitmasks, so the
rules engine never searches the board. Names are what people read and type: an
intersection is its two coordinate digits (``23`` is (2, 3)), a triangle is U or D plus
the digits of its (x, y), as in the rules page (``U23``, ``D62``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import compress
from typing import TypeVar

from .components import LAYOUT, Layout

Point = tuple[int, int]
UP, DOWN = "U", "D"
T = TypeVar("T")


def corners_of(kind: str, x: int, y: int) -> tuple[Point, Point, Point]:
    if kind == UP:
        return (x, y), (x + 1, y), (x, y + 1)
    return (x + 1, y), (x, y + 1), (x + 1, y + 1)


def point_name(point: Point) -> str:
    return f"{point[0]}{point[1]}"


def triangle_name(kind: str, x: int, y: int) -> str:
    return f"{kind}{x}{y}"


@dataclass(frozen=True)
class Edge:
    """Two adjacent triangles: where one tile can lie."""

    triangles: tuple[int, int]
    obtuse: tuple[int, int]  # the ends of the shared edge: the tile's 120° corners
    acute: tuple[int, int]  # the far point of each triangle: the tile's 60° corners


class Board:
    """Everything about the board that never changes during a game."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        (x_low, x_high), (y_low, y_high), (s_low, s_high) = layout.x, layout.y, layout.x_plus_y
        if min(x_low, y_low) < 0 or max(x_high, y_high) > 9:
            raise ValueError("intersection names need coordinates 0 to 9")
        self.points: tuple[Point, ...] = tuple(
            (x, y)
            for y in range(y_low, y_high + 1)
            for x in range(x_low, x_high + 1)
            if s_low <= x + y <= s_high
        )
        self.point_index = {point: i for i, point in enumerate(self.points)}
        self.point_names = tuple(point_name(p) for p in self.points)
        self.point_by_name = {name: i for i, name in enumerate(self.point_names)}

        shapes = [
            (kind, x, y)
            for y in range(y_low, y_high + 1)
            for x in range(x_low, x_high + 1)
            for kind in (UP, DOWN)
        ]
        self.triangles: tuple[tuple[str, int, int], ...] = tuple(
            shape for shape in shapes if all(c in self.point_index for c in corners_of(*shape))
        )
        self.triangle_names = tuple(triangle_name(*t) for t in self.triangles)
        self.triangle_by_name = {name: i for i, name in enumerate(self.triangle_names)}
        self.corners: tuple[tuple[int, int, int], ...] = tuple(
            _three(self.point_index[c] for c in corners_of(*t)) for t in self.triangles
        )

        touching: list[list[int]] = [[] for _ in self.points]
        for t, corners in enumerate(self.corners):
            for p in corners:
                touching[p].append(t)
        #: the board triangles around each intersection (2, 3 or 6)
        self.around: tuple[tuple[int, ...], ...] = tuple(tuple(ts) for ts in touching)
        self.around_mask: tuple[int, ...] = tuple(_mask(ts) for ts in self.around)
        self.wall_points = frozenset(p for p, ts in enumerate(self.around) if len(ts) < 6)

        self.edges: tuple[Edge, ...] = tuple(self._edges())
        self.edge_by_pair = {edge.triangles: e for e, edge in enumerate(self.edges)}
        #: the names of each edge's two triangles, as a position lists a laid tile
        self.edge_names: tuple[tuple[str, str], ...] = tuple(
            (self.triangle_names[edge.triangles[0]], self.triangle_names[edge.triangles[1]])
            for edge in self.edges
        )
        neighbours: list[list[int]] = [[] for _ in self.triangles]
        edges_of: list[int] = [0] * len(self.triangles)
        for e, edge in enumerate(self.edges):
            first, second = edge.triangles
            neighbours[first].append(second)
            neighbours[second].append(first)
            edges_of[first] |= 1 << e
            edges_of[second] |= 1 << e
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(tuple(ns) for ns in neighbours)
        self.neighbour_mask: tuple[int, ...] = tuple(_mask(ns) for ns in self.neighbours)
        #: for each triangle, the edges (as a bitmask over edge numbers) it is part of
        self.edges_of: tuple[int, ...] = tuple(edges_of)

        self.parks = self._special(layout.parks, "parks")
        self.guards = self._special(layout.guards, "guards")
        self.coats_of_arms = self._special(layout.coats_of_arms, "coats_of_arms")
        named = [*layout.parks, *layout.guards, *layout.coats_of_arms]
        for name in named:
            if named.count(name) > 1:
                raise ValueError(f"triangle {name} is listed as special twice")
        self.park_mask = _mask(self.parks)
        self.guard_mask = _mask(self.guards)
        self.arms_mask = _mask(self.coats_of_arms)
        self.all_triangles = _mask(range(len(self.triangles)))
        self.all_edges = _mask(range(len(self.edges)))

    def _edges(self) -> list[Edge]:
        found = []
        for first in range(len(self.triangles)):
            for second in range(first + 1, len(self.triangles)):
                shared = set(self.corners[first]) & set(self.corners[second])
                if len(shared) == 2:
                    far = (
                        next(p for p in self.corners[first] if p not in shared),
                        next(p for p in self.corners[second] if p not in shared),
                    )
                    low, high = sorted(shared)
                    found.append(Edge((first, second), (low, high), far))
        return found

    def _special(self, names: tuple[str, ...], what: str) -> tuple[int, ...]:
        missing = [name for name in names if name not in self.triangle_by_name]
        if missing:
            raise ValueError(f"layout {what} name triangles not on the board: {missing}")
        return tuple(sorted(self.triangle_by_name[name] for name in names))

    def special_kind(self, t: int) -> str | None:
        """'park', 'guard', 'coat of arms', or None for a plain triangle."""
        bit = 1 << t
        if self.park_mask & bit:
            return "park"
        if self.guard_mask & bit:
            return "guard"
        if self.arms_mask & bit:
            return "coat of arms"
        return None

    def is_up(self, t: int) -> bool:
        return self.triangles[t][0] == UP


def _three(items: Iterable[int]) -> tuple[int, int, int]:
    a, b, c = items
    return a, b, c


def _mask(indices: Iterable[int]) -> int:
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


_AS_BYTES = bytes.maketrans(b"01", b"\x00\x01")


def select(items: Sequence[T], mask: int) -> list[T]:
    """The items whose numbers are set bits of ``mask``, in order.

    The bits become a byte string for ``itertools.compress``, which keeps the loop in C:
    the legal moves are built this way on every turn.
    """
    return list(compress(items, bin(mask)[:1:-1].encode().translate(_AS_BYTES)))


def bits(mask: int) -> list[int]:
    """The numbers of the set bits of ``mask``, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


BOARD = Board(LAYOUT)
