"""The final scoring: colour rows by length, the point row, the wish stones.

For people who study the game, ``score_row``, ``score_stones`` and ``score_player`` score
any cards and stones, whether or not a game could reach them: a row is scored by its
number of cards only, so its order and colours are not checked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ludoteca.engine import PositionError

from .components import COLOUR_LETTERS, NAMES, card_by_name
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


def score_row(cards: Sequence[str] | int) -> int:
    """Points of a colour row given as its cards (``["r3", "r5", "p5"]``) or their number."""
    return row_points(_count(cards, "a row"))


def score_stones(stones: Sequence[int] | int) -> int:
    """Points for the wish stones held, given as their numbers or how many."""
    if not isinstance(stones, int):
        for stone in stones:
            if type(stone) is not int or not 1 <= stone <= 9:
                raise PositionError(f"wish stones are numbered 1 to 9, not {stone!r}")
    return stone_points(_count(stones, "the wish stones"))


def score_player(
    rows: Mapping[str, Sequence[str]],
    point_row: Sequence[str] = (),
    stones: Sequence[int] = (),
) -> dict[str, Any]:
    """A whole score sheet, as a finished game's result gives it: ``rows`` by colour letter
    (r y g b v), the point row's cards, the wish stones held."""
    for letter in rows:
        if letter not in COLOUR_LETTERS:
            raise PositionError(
                f"rows are given by colour letter ({' '.join(COLOUR_LETTERS)}), not {letter!r}"
            )
    built = [_row([_card(name) for name in rows.get(letter, ())]) for letter in COLOUR_LETTERS]
    score_stones(stones)
    return score_sheet(built, [_card(name) for name in point_row], list(stones))


def _count(items: Sequence[object] | int, what: str) -> int:
    if isinstance(items, int):
        if items < 0:
            raise PositionError(f"{what} cannot hold {items} items")
        return items
    if isinstance(items, str):
        raise PositionError(f"give {what} as a list, not the text {items!r}")
    for item in items:
        if isinstance(item, str):
            _card(item)
    return len(items)


def _card(name: str) -> int:
    card = card_by_name(name) if isinstance(name, str) else None
    if card is None:
        raise PositionError(
            f"{name!r} is not a card; cards are r0-r10 (y g b v likewise), r-end, p0-p10"
        )
    return card


def _row(cards: list[int]) -> Row:
    row = Row()
    row.cards = cards  # scored by its length only: any cards, in any order
    return row
