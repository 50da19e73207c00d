"""Scoring any kingdom, written as squares: for people who study the game.

``score_kingdom`` takes a kingdom as its squares, not as the dominoes played, so it
scores any arrangement, reachable in a game or not: larger than 5×5, with no castle, with
squares no domino shows. It uses the rules of ``scoring.py`` (properties, Middle Kingdom,
Harmony, the tie-break figures) and returns the same ``Score``; a test checks that the
two agree on every kingdom of random games.

A kingdom is given either as a mapping of square names (``a1`` at the top left) to
``"castle"`` or a terrain with its crowns (``"wheat"``, ``"forest(1)"``), which is the
``squares`` of a seat's view, or as a picture: rows of cells separated by spaces, each
cell ``.`` (empty), ``C`` (the castle) or a terrain letter (W wheat, F forest, L lake,
G grass, S swamp, M mine) followed by its crowns (``F1``), as the terminal draws it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ludoteca.engine import PositionError

from .components import TERRAIN_INDEX, TERRAIN_LETTERS, TERRAINS
from .scoring import HARMONY_BONUS, MIDDLE_KINGDOM_BONUS, Property, Score

CASTLE = -1
Square = tuple[int, int]  # (column, row), from 0: a1 is (0, 0)
_NAME = re.compile(r"^([a-z])([1-9][0-9]?)$")
_HALF = re.compile(r"^([a-z]+)(?:\((\d+)\))?$")
_CELL = re.compile(r"^([A-Z])(\d*)$")


def score_kingdom(
    kingdom: Mapping[str, str] | str,
    *,
    middle_kingdom: bool = False,
    harmony: bool = False,
    discards: int = 0,
) -> Score:
    """The score sheet of a kingdom given as squares (see the module's docstring).

    ``middle_kingdom`` and ``harmony`` say whether those options are played; Harmony's
    bonus needs ``discards`` (dominoes the player discarded) to be 0.
    """
    squares = _from_picture(kingdom) if isinstance(kingdom, str) else _from_names(kingdom)
    castles = [square for square, (terrain, _) in squares.items() if terrain == CASTLE]
    if len(castles) > 1:
        raise PositionError(f"a kingdom has one castle, not {len(castles)}")
    if type(discards) is not int or discards < 0:
        raise PositionError(f"discards must be a whole number from 0, not {discards!r}")
    centred = bool(castles) and _centred(castles[0], squares)
    return Score(
        _properties(squares),
        MIDDLE_KINGDOM_BONUS if middle_kingdom and centred else 0,
        HARMONY_BONUS if harmony and not discards else 0,
        discards,
    )


def _properties(squares: Mapping[Square, tuple[int, int]]) -> tuple[Property, ...]:
    """Each group of orthogonally joined squares of one terrain, ordered like the game's:
    by terrain, then by the group's first square in reading order."""
    seen: set[Square] = set()
    found: list[tuple[int, Square, Property]] = []
    for start in sorted(squares, key=lambda s: (s[1], s[0])):
        terrain = squares[start][0]
        if start in seen or terrain == CASTLE:
            continue
        group, crowns, todo = 0, 0, [start]
        seen.add(start)
        while todo:
            column, row = todo.pop()
            group += 1
            crowns += squares[(column, row)][1]
            sides = ((column + 1, row), (column - 1, row), (column, row + 1), (column, row - 1))
            for near in sides:
                if near not in seen and near in squares and squares[near][0] == terrain:
                    seen.add(near)
                    todo.append(near)
        found.append((terrain, (start[1], start[0]), Property(terrain, group, crowns)))
    return tuple(prop for _, _, prop in sorted(found, key=lambda f: (f[0], f[1])))


def _centred(castle: Square, squares: Mapping[Square, tuple[int, int]]) -> bool:
    columns = [column for column, _ in squares]
    rows = [row for _, row in squares]
    return min(columns) + max(columns) == 2 * castle[0] and min(rows) + max(rows) == 2 * castle[1]


def _from_names(kingdom: Mapping[str, str]) -> dict[Square, tuple[int, int]]:
    if not isinstance(kingdom, Mapping):
        raise PositionError(
            "a kingdom is a mapping of squares, e.g. {'e5': 'castle'}, or a picture"
        )
    squares = {}
    for name, content in kingdom.items():
        found = _NAME.match(str(name))
        if not found:
            raise PositionError(f"{name!r} is not a square; squares are named like a1 or e5")
        square = (ord(found.group(1)) - ord("a"), int(found.group(2)) - 1)
        squares[square] = _half(name, content)
    return squares


def _half(name: str, content: object) -> tuple[int, int]:
    if content == "castle":
        return CASTLE, 0
    found = _HALF.match(content) if isinstance(content, str) else None
    if not found or found.group(1) not in TERRAIN_INDEX:
        raise PositionError(
            f"square {name} holds {content!r}; write 'castle' or a terrain "
            f"({', '.join(TERRAINS)}) with its crowns, e.g. 'forest(1)'"
        )
    return TERRAIN_INDEX[found.group(1)], int(found.group(2) or 0)


def _from_picture(picture: str) -> dict[Square, tuple[int, int]]:
    squares = {}
    rows = [line.split() for line in picture.strip("\n").splitlines() if line.strip()]
    for row, cells in enumerate(rows):
        for column, cell in enumerate(cells):
            if cell == ".":
                continue
            if cell == "C":
                squares[(column, row)] = (CASTLE, 0)
                continue
            found = _CELL.match(cell)
            if not found or found.group(1) not in TERRAIN_LETTERS:
                raise PositionError(
                    f"row {row + 1}, cell {column + 1} is {cell!r}; a cell is '.', 'C' or a "
                    f"terrain letter ({' '.join(TERRAIN_LETTERS)}) with its crowns, e.g. F1"
                )
            squares[(column, row)] = (
                TERRAIN_LETTERS.index(found.group(1)),
                int(found.group(2) or 0),
            )
    return squares
