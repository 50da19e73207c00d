"""The final scoring: colour rows by length, the point row, the wish stones."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from .components import COLOUR_LETTERS, NAMES
from .rows import Row

# Points of a colour row by its number of cards (every card counts: number, point and end
# cards); 9 or more score as 9, no row scores nothing.
ROW_POINTS: Final = (0, -4, -3, -2, 1, 2, 3, 6, 7, 10)
# Points for the wish stones held; 5 or more score as 5.
STONE_POINTS: Final = (-4, -1, 0, 4, 6, 10)


def row_points(cards: int) -> int:
    return ROW_POINTS[min(cards, len(ROW_POINTS) - 1)]


def stone_points(stones: int) -> int:
    return STONE_POINTS[min(stones, len(STONE_POINTS) - 1)]


def total(rows: Sequence[Row], point_row: Sequence[int], stones: Sequence[int]) -> int:
    return (
        sum(row_points(len(row.cards)) for row in rows) + len(point_row) + stone_points(len(stones))
    )


def score_sheet(
    rows: Sequence[Row], point_row: Sequence[int], stones: Sequence[int]
) -> dict[str, Any]:
    """One player's score, line by line, JSON-ready."""
    return {
        "rows": {
            letter: {
                "cards": [NAMES[card] for card in row.cards],
                "points": row_points(len(row.cards)),
            }
            for letter, row in zip(COLOUR_LETTERS, rows, strict=True)
        },
        "point_row": {"cards": [NAMES[card] for card in point_row], "points": len(point_row)},
        "wish_stones": {"stones": sorted(stones), "points": stone_points(len(stones))},
        "total": total(rows, point_row, stones),
    }
