"""What lies in front of one player: hand, colour rows, point row and wish stones."""

from __future__ import annotations

from .components import COLOURS
from .rows import Row

Cards = dict[int, int]  # a multiset of cards: card -> copies (no zero entries)


class Player:
    __slots__ = ("hand", "point_row", "rows", "stones", "taken")

    def __init__(self) -> None:
        self.hand: Cards = {}
        self.rows = [Row() for _ in COLOURS]
        self.point_row: list[int] = []
        self.stones: list[int] = []
        # Cards everyone saw this player take from a discard pile and that must still be in
        # the hand: a lower bound, one less each time a card of the kind leaves the hand.
        self.taken: Cards = {}

    def copy(self) -> Player:
        twin = Player.__new__(Player)
        twin.hand = self.hand.copy()
        twin.rows = [row.copy() for row in self.rows]
        twin.point_row = self.point_row[:]
        twin.stones = self.stones[:]
        twin.taken = self.taken.copy()
        return twin

    def hand_size(self) -> int:
        return sum(self.hand.values())

    def take_out(self, card: int) -> None:
        """Remove one copy of ``card`` from the hand (it must be there)."""
        remove(self.hand, card)
        if card in self.taken:
            remove(self.taken, card)


def add(cards: Cards, card: int) -> None:
    cards[card] = cards.get(card, 0) + 1


def remove(cards: Cards, card: int) -> None:
    left = cards[card] - 1
    if left:
        cards[card] = left
    else:
        del cards[card]


def listed(cards: Cards) -> list[int]:
    """The multiset as a sorted list with repeats."""
    return [card for card in sorted(cards) for _ in range(cards[card])]


def counted(cards: list[int]) -> Cards:
    found: Cards = {}
    for card in cards:
        add(found, card)
    return found
