"""A player's colour row: which cards it takes, and which way it runs.

A row's direction is open while all its number cards are equal; the first number card
that differs fixes it, up or down. A point card may follow a number card of its number
without changing anything. After an end card only the second end card of the colour may
follow, which closes the row.
"""

from __future__ import annotations

from typing import Final

from .components import COLOURS, END, KIND, NUMBER, NUMBER_ON, POINT

UP, OPEN, DOWN = 1, 0, -1
DIRECTIONS: Final = {UP: "ascending", OPEN: "open", DOWN: "descending"}


class Row:
    __slots__ = ("cards", "direction", "ends", "last")

    def __init__(self) -> None:
        self.cards: list[int] = []
        self.last = -1  # the number of the last number card; -1 before the first
        self.direction = OPEN
        self.ends = 0  # end cards in the row: 0, 1 or 2

    def copy(self) -> Row:
        twin = Row.__new__(Row)
        twin.cards = self.cards[:]
        twin.last, twin.direction, twin.ends = self.last, self.direction, self.ends
        return twin

    def takes(self, card: int) -> bool:
        """Whether ``card`` (of this row's colour, or a point card) may be added."""
        kind = KIND[card]
        if kind == NUMBER:
            if self.ends:
                return False
            direction = self.direction
            return direction == OPEN or (NUMBER_ON[card] - self.last) * direction >= 0
        if kind == END:
            return self.ends < 2
        return not self.ends and self.last == NUMBER_ON[card]

    def add(self, card: int) -> None:
        """Add a card that ``takes`` allowed."""
        self.cards.append(card)
        kind = KIND[card]
        if kind == END:
            self.ends += 1
        elif kind == NUMBER:
            number = NUMBER_ON[card]
            if self.direction == OPEN and self.last >= 0 and number != self.last:
                self.direction = UP if number > self.last else DOWN
            self.last = number

    def refusal(self, card: int, colour: int) -> str:
        """Why ``takes(card)`` is false, in words that name only public cards."""
        name = f"your {COLOURS[colour]} row"
        if self.ends == 2:
            return f"{name} is closed by both end cards: nothing more can be added"
        if self.ends:
            return f"{name} has an end card: only the second {COLOURS[colour]} end card may follow"
        if KIND[card] == POINT:
            if self.last < 0:
                return (
                    f"{name} has no number card: a point card goes onto a row whose last "
                    "number card has its number, or into your point row"
                )
            return (
                f"{name} ends at {self.last}: a point card there must show {self.last}; "
                "other point cards go into your point row"
            )
        if self.direction == UP:
            return f"{name} ascends and ends at {self.last}: play {self.last} or higher there"
        return f"{name} descends and ends at {self.last}: play {self.last} or lower there"


def first_misfit(cards: list[int]) -> int | None:
    """The index of the first card the row could not have taken; None if all fit."""
    row = Row()
    for index, card in enumerate(cards):
        if not row.takes(card):
            return index
        row.add(card)
    return None


def row_of(cards: list[int]) -> Row:
    """A row built from cards that fit (see ``first_misfit``)."""
    row = Row()
    for card in cards:
        row.add(card)
    return row
