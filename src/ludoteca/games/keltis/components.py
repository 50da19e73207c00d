"""The cards of Keltis: Das Kartenspiel, their names in the notation, and the table's layout.

A card is a small int (``Card``) so that hands, decks and rows are cheap to copy and to
count; ``str(card)`` is its notation. Number cards are ``r0`` to ``v10``, end cards
``r-end`` to ``v-end``, point cards ``p0`` to ``p10``. The nine wish stones are numbers
1 to 9 and never shuffled in.
"""

from __future__ import annotations

from typing import Final

# The seed names no colours: these five, with one letter each for the notation.
COLOURS: Final = ("red", "yellow", "green", "blue", "violet")
COLOUR_LETTERS: Final = ("r", "y", "g", "b", "v")
POINT_LETTER: Final = "p"
# One discard pile per colour, then the pile of point cards.
PILE_LETTERS: Final = (*COLOUR_LETTERS, POINT_LETTER)
POINT_PILE: Final = 5

NUMBER, END, POINT = 0, 1, 2  # the kinds of card
HIGHEST: Final = 10  # numbers run from 0 to 10
STONES: Final = tuple(range(1, 10))  # the wish stones
HAND_SIZE: Final = 8
END_ROWS_TO_FINISH: Final = 5


def number_copies(number: int) -> int:
    """Copies of each number card per colour: two of 3 to 7, one of the others."""
    return 2 if 3 <= number <= 7 else 1


class Card(int):
    """One kind of card; equal to its index in ``CARDS``."""

    __slots__ = ()

    def __str__(self) -> str:
        return NAMES[self]

    def __repr__(self) -> str:
        return f"<Card {NAMES[self]}>"


def _layout() -> tuple[list[str], list[int], list[int], list[int], list[int]]:
    names, kinds, colours, numbers, copies = [], [], [], [], []
    for colour, letter in enumerate(COLOUR_LETTERS):
        for number in range(HIGHEST + 1):
            names.append(f"{letter}{number}")
            kinds.append(NUMBER)
            colours.append(colour)
            numbers.append(number)
            copies.append(number_copies(number))
    for colour, letter in enumerate(COLOUR_LETTERS):
        names.append(f"{letter}-end")
        kinds.append(END)
        colours.append(colour)
        numbers.append(-1)
        copies.append(2)
    for number in range(HIGHEST + 1):
        names.append(f"{POINT_LETTER}{number}")
        kinds.append(POINT)
        colours.append(POINT_PILE)  # point cards have no colour: only their pile
        numbers.append(number)
        copies.append(1)
    return names, kinds, colours, numbers, copies


_names, _kinds, _colours, _numbers, _copies = _layout()
#: Notation of each card, by card.
NAMES: Final[tuple[str, ...]] = tuple(_names)
#: NUMBER, END or POINT, by card.
KIND: Final[tuple[int, ...]] = tuple(_kinds)
#: The colour (0-4) of a number or end card; POINT_PILE for a point card. It is also the
#: index of the card's discard pile.
COLOUR: Final[tuple[int, ...]] = tuple(_colours)
#: The number on a number or point card; -1 on an end card.
NUMBER_ON: Final[tuple[int, ...]] = tuple(_numbers)
#: Copies in the box, by card: 80 number, 10 end and 11 point cards.
COPIES: Final[tuple[int, ...]] = tuple(_copies)
CARDS: Final[tuple[Card, ...]] = tuple(Card(i) for i in range(len(NAMES)))
BY_NAME: Final[dict[str, Card]] = dict(zip(NAMES, CARDS, strict=True))


def removed_unseen(players: int) -> int:
    """Cards that go back to the box unseen before the deal: 30 with two players."""
    return 30 if players == 2 else 0


def colour_index(word: str) -> int | None:
    """A colour by its letter or English name (any case); None if it is none."""
    word = word.lower()
    if word in COLOUR_LETTERS:
        return COLOUR_LETTERS.index(word)
    if word in COLOURS:
        return COLOURS.index(word)
    return None


def pile_index(word: str) -> int | None:
    """A discard pile by its letter or name: a colour, or ``p``/``points`` for point cards."""
    if word.lower() in (POINT_LETTER, "point", "points"):
        return POINT_PILE
    return colour_index(word)


def pile_name(pile: int) -> str:
    return "point" if pile == POINT_PILE else COLOURS[pile]


def card_by_name(word: str) -> Card | None:
    """A card as typed: ``r7``, ``R7``, ``red7``, ``r-end``, ``rend``, ``p3``."""
    word = word.lower().replace("_", "-")
    found = BY_NAME.get(word)
    if found is not None:
        return found
    for letter, name in zip(COLOUR_LETTERS, COLOURS, strict=True):
        if word.startswith(name):
            return card_by_name(letter + word[len(name) :])
    if word.endswith("end") and len(word) == 4:  # ``rend``: the hyphen left out
        return BY_NAME.get(f"{word[0]}-end")
    return None
