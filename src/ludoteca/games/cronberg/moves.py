"""Moves of Cronberg and their notation (docs/games/cronberg.md).

``pawn 23`` places a pawn on intersection (2, 3); ``draw`` draws a face-down tile;
``tile church`` is the chance outcome of a draw (the tile turned up); ``lay D23 U33``
lays it on two adjacent triangles. Intersections may also be typed ``2,3`` or ``(2,3)``,
triangles in lower case, tiles by their English, Italian or German name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from ludoteca.engine import Move, MoveSyntaxError

from .board import BOARD
from .components import TILE_ALIASES, TILES, alias_key


@dataclass(frozen=True, slots=True, repr=False)
class PlacePawn(Move):
    """Option A: a pawn from the supply onto a free intersection."""

    point: str

    def __str__(self) -> str:
        return f"pawn {self.point}"


@dataclass(frozen=True, slots=True, repr=False)
class Draw(Move):
    """Option B, first half: draw a face-down tile (the player sees it, then lays it)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True, repr=False)
class Drawn(Move):
    """Chance: the kind of tile that was drawn. It is face up from then on."""

    is_chance: ClassVar[bool] = True
    tile: str

    def __str__(self) -> str:
        return f"tile {self.tile}"


@dataclass(frozen=True, slots=True, repr=False)
class Lay(Move):
    """Option B, second half: the drawn tile onto two adjacent uncovered triangles.

    The triangles are kept in board order (row, then x, up before down), so each
    placement has one spelling.
    """

    triangles: tuple[str, str]

    def __post_init__(self) -> None:
        object.__setattr__(self, "triangles", tuple(sorted(self.triangles, key=_board_order)))

    def __str__(self) -> str:
        return f"lay {self.triangles[0]} {self.triangles[1]}"


def _board_order(name: str) -> tuple[str, str, bool, str]:
    return name[2:3], name[1:2], name[:1] != "U", name


DRAW = Draw()

# The moves a person types; the chance outcome 'tile <tile>' is left out, since a person
# who typed one would only be refused.
#: The words every move's notation begins with, chance outcomes' too.
VERBS = ("pawn", "draw", "lay", "tile")
FORMS = (
    "pawn <intersection>, draw, lay <triangle> <triangle> — e.g. 'pawn 23', 'draw', 'lay D23 U33'"
)
_POINT = re.compile(r"^\(?\s*(\d)\s*,?\s*(\d)\s*\)?$")
_TRIANGLE = re.compile(r"^([UuDd])(\d)(\d)$")


def parse_move(text: str) -> Move:
    words = text.split(None, 1)
    if not words:
        raise MoveSyntaxError(f"empty move; moves are: {FORMS}")
    verb, rest = words[0].lower(), words[1].strip() if len(words) > 1 else ""
    if verb == "draw":
        if rest:
            raise MoveSyntaxError(f"'draw' takes nothing after it, got {rest!r}")
        return DRAW
    if verb == "pawn":
        return PlacePawn(_point(rest))
    if verb == "lay":
        names = rest.replace("-", " ").replace("+", " ").replace(",", " ").split()
        if len(names) != 2:
            raise MoveSyntaxError("'lay' takes two adjacent triangles, e.g. 'lay D23 U33'")
        return Lay((_triangle(names[0]), _triangle(names[1])))
    if verb == "tile":
        tile = TILE_ALIASES.get(alias_key(rest))
        if tile is None:
            known = ", ".join(t.id for t in TILES)
            raise MoveSyntaxError(f"unknown tile {rest!r}; the tiles are: {known}")
        return Drawn(tile)
    raise MoveSyntaxError(f"unknown move {text!r}; moves are: {FORMS}")


def _point(text: str) -> str:
    found = _POINT.match(text)
    if not found:
        raise MoveSyntaxError(
            f"{text!r} is not an intersection; write its x and y digits, e.g. 'pawn 23'"
        )
    name = found.group(1) + found.group(2)
    if name not in BOARD.point_by_name:
        raise MoveSyntaxError(f"there is no intersection {name} on the board")
    return name


def _triangle(text: str) -> str:
    found = _TRIANGLE.match(text)
    if not found:
        raise MoveSyntaxError(
            f"{text!r} is not a triangle; write U or D and its x and y digits, e.g. 'U23'"
        )
    name = found.group(1).upper() + found.group(2) + found.group(3)
    if name not in BOARD.triangle_by_name:
        raise MoveSyntaxError(f"there is no triangle {name} on the board")
    return name
