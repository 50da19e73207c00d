"""Moves of Kingdomino and their notation (docs/games/kingdomino.md).

Squares are named like a spreadsheet: a column letter and a row number, ``a1`` at the top
left; the castle stands on ``e5`` (``g7`` in the Mighty Duel). A placement names the
domino and the squares of its first and second half as the domino list gives them:
``place 19 d5 d4`` puts the wheat of domino 19 on d5 and its forest on d4.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from ludoteca.engine import Move, MoveSyntaxError

from .components import DOMINOES

Square = tuple[int, int]  # (column, row), both from 0: a1 is (0, 0)

COLUMNS = "abcdefghijklm"  # the widest frame (Mighty Duel) has 13 columns


def square_name(square: Square) -> str:
    return f"{COLUMNS[square[0]]}{square[1] + 1}"


def adjacent(first: Square, second: Square) -> bool:
    return abs(first[0] - second[0]) + abs(first[1] - second[1]) == 1


@dataclass(frozen=True, slots=True, repr=False)
class Place(Move):
    """Add the domino to the kingdom: its first half on ``first``, its second on ``second``."""

    domino: int
    first: Square
    second: Square

    def __post_init__(self) -> None:
        # A domino with two identical halves lies the same either way round: one spelling,
        # the squares in reading order.
        domino = DOMINOES.get(self.domino)
        if domino is not None and domino.symmetric:
            first, second = self.first, self.second
            if (second[1], second[0]) < (first[1], first[0]):
                object.__setattr__(self, "first", second)
                object.__setattr__(self, "second", first)

    def __str__(self) -> str:
        return f"place {self.domino} {square_name(self.first)} {square_name(self.second)}"


@dataclass(frozen=True, slots=True, repr=False)
class Discard(Move):
    """Put the domino back in the box: only when it fits nowhere in the kingdom."""

    domino: int

    def __str__(self) -> str:
        return f"discard {self.domino}"


@dataclass(frozen=True, slots=True, repr=False)
class Pick(Move):
    """Put your king on a free domino of the line being chosen from."""

    domino: int

    def __str__(self) -> str:
        return f"pick {self.domino}"


@dataclass(frozen=True, slots=True, repr=False)
class Draw(Move):
    """Chance: this domino comes out of the box for the line being laid out."""

    is_chance: ClassVar[bool] = True
    domino: int

    def __str__(self) -> str:
        return f"draw {self.domino}"


@dataclass(frozen=True, slots=True, repr=False)
class DrawKing(Move):
    """Chance, first line of a game: a king of this seat is drawn from the hand."""

    is_chance: ClassVar[bool] = True
    seat: int

    def __str__(self) -> str:
        return f"king {self.seat}"


# The moves a person types; chance outcomes ('draw 23', 'king 1') are left out, since a
# person who typed one would only be refused.
#: The words every move's notation begins with, chance outcomes' too.
VERBS = ("place", "discard", "pick", "draw", "king")
FORMS = (
    "place <domino> <square> <square>, discard <domino>, pick <domino> — "
    "e.g. 'place 19 d5 d4', 'pick 23'"
)
_SQUARE = re.compile(r"^([a-m])(1[0-3]|[1-9])$")
_NUMBER = re.compile(r"^[0-9]{1,2}$")


def parse_move(text: str) -> Move:
    words = text.lower().replace(",", " ").split()
    if not words:
        raise MoveSyntaxError(f"empty move; moves are: {FORMS}")
    verb, args = words[0], words[1:]
    if verb == "place":
        if len(args) != 3:
            raise MoveSyntaxError("'place' takes a domino and its two squares: 'place 19 d5 d4'")
        first, second = _square(args[1]), _square(args[2])
        if not adjacent(first, second):
            raise MoveSyntaxError(
                f"{args[1]} and {args[2]} are not side by side: a domino covers two squares "
                "next to each other in a row or a column"
            )
        return Place(_domino(args[0]), first, second)
    if verb in ("discard", "pick", "draw"):
        if len(args) != 1:
            raise MoveSyntaxError(f"'{verb}' takes one domino number, e.g. '{verb} 23'")
        kind = {"discard": Discard, "pick": Pick, "draw": Draw}[verb]
        return kind(_domino(args[0]))
    if verb == "king":
        if len(args) != 1 or args[0] not in ("0", "1", "2", "3"):
            raise MoveSyntaxError("'king' takes the seat whose king is drawn, 0 to 3: 'king 1'")
        return DrawKing(int(args[0]))
    raise MoveSyntaxError(f"unknown move {text!r}; moves are: {FORMS}")


def _domino(word: str) -> int:
    if not _NUMBER.match(word) or int(word) not in DOMINOES:
        raise MoveSyntaxError(f"{word!r} is not a domino; dominoes are numbered 1 to 48")
    return int(word)


def _square(word: str) -> Square:
    found = _SQUARE.match(word)
    if not found:
        raise MoveSyntaxError(
            f"{word!r} is not a square; write a column a-m and a row 1-13, e.g. d5"
        )
    return COLUMNS.index(found.group(1)), int(found.group(2)) - 1
