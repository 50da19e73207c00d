"""Moves of Keltis: Das Kartenspiel and their notation (docs/games/keltis.md).

A turn is one of ``play <card>`` (into a row), ``discard <card>`` or ``wish <card> <card>``,
then ``draw deck`` or ``draw <pile>`` once (twice after a wish). After the end, ``done``
stops a player's extra plays. Chance deals with ``remove <card>`` (two players: a card goes
back to the box unseen) and ``deal <card>`` (a card from the deck to a player).

Every move value exists once: the tables below hold them, so ``legal_moves`` hands out
the same objects every time and nothing is built in the playout loop.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from ludoteca.engine import Move, MoveSyntaxError

from .components import (
    CARDS,
    COLOUR_LETTERS,
    COLOURS,
    KIND,
    PILE_LETTERS,
    POINT,
    Card,
    card_by_name,
    colour_index,
    pile_index,
)


@dataclass(frozen=True, slots=True, repr=False)
class Play(Move):
    """A card into one of your rows.

    A number or end card goes into the row of its colour. A point card goes into the point
    row (``onto`` None) or onto the colour row ``onto`` (0-4) that ends in its number.
    """

    card: Card
    onto: int | None = None

    def __str__(self) -> str:
        if self.onto is None:
            return f"play {self.card}"
        return f"play {self.card} {COLOUR_LETTERS[self.onto]}"


@dataclass(frozen=True, slots=True, repr=False)
class Discard(Move):
    """A card face up onto its discard pile."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True, repr=False)
class Wish(Move):
    """Two cards of one number discarded for the wish stone of that number."""

    cards: tuple[Card, Card]

    def __post_init__(self) -> None:
        first, second = self.cards
        if second < first:
            object.__setattr__(self, "cards", (second, first))

    def __str__(self) -> str:
        return f"wish {self.cards[0]} {self.cards[1]}"


@dataclass(frozen=True, slots=True, repr=False)
class Draw(Move):
    """A card into the hand: from the deck (``pile`` None) or the top of a discard pile."""

    pile: int | None = None

    def __str__(self) -> str:
        return "draw deck" if self.pile is None else f"draw {PILE_LETTERS[self.pile]}"


@dataclass(frozen=True, slots=True, repr=False)
class Done(Move):
    """After the end: play no more extra cards."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True, repr=False)
class Remove(Move):
    """Chance, two players only: a card goes back to the box unseen."""

    is_chance: ClassVar[bool] = True
    card: Card

    def __str__(self) -> str:
        return f"remove {self.card}"


@dataclass(frozen=True, slots=True, repr=False)
class Deal(Move):
    """Chance: the card a player receives from the deck (in the deal or drawing)."""

    is_chance: ClassVar[bool] = True
    card: Card

    def __str__(self) -> str:
        return f"deal {self.card}"


# -- the move values, built once ---------------------------------------------------------

PLAY: Final = tuple(Play(card) for card in CARDS)
#: PLAY_ONTO[card][colour]: a point card onto a colour row (None for other cards).
PLAY_ONTO: Final = tuple(
    tuple(Play(card, colour) for colour in range(len(COLOURS))) if KIND[card] == POINT else ()
    for card in CARDS
)
DISCARD: Final = tuple(Discard(card) for card in CARDS)
DRAW_DECK: Final = Draw()
DRAW_PILE: Final = tuple(Draw(pile) for pile in range(len(PILE_LETTERS)))
DONE: Final = Done()
REMOVE: Final = tuple(Remove(card) for card in CARDS)
DEAL: Final = tuple(Deal(card) for card in CARDS)
_WISHES: dict[tuple[int, int], Wish] = {}


def wish(first: int, second: int) -> Wish:
    """The (shared) wish move for two cards, in either order."""
    key = (first, second) if first <= second else (second, first)
    found = _WISHES.get(key)
    if found is None:
        found = _WISHES[key] = Wish((CARDS[key[0]], CARDS[key[1]]))
    return found


# -- reading the notation ----------------------------------------------------------------

# The moves a person types; the chance outcomes 'remove <card>' and 'deal <card>' are left
# out, since a person who typed one would only be refused.
#: The words every move's notation begins with, chance outcomes' too.
VERBS = ("play", "discard", "wish", "draw", "done", "remove", "deal")
FORMS = (
    "play <card> [<colour>], discard <card>, wish <card> <card>, draw deck, draw <pile>, "
    "done — cards are r0-r10 y g b v (colours "
    "red yellow green blue violet), r-end for end cards, p0-p10 for point cards; piles are "
    "r y g b v p; e.g. 'play g4', 'play p5 r', 'wish b6 p6', 'draw y'"
)


def parse_move(text: str) -> Move:
    words = text.replace(",", " ").split()
    if not words:
        raise MoveSyntaxError(f"empty move; moves are: {FORMS}")
    verb, args = words[0].lower(), words[1:]
    if verb == "done":
        _count(verb, args, 0, "'done'")
        return DONE
    if verb == "draw":
        _count(verb, args, 1, "'draw deck' or 'draw <pile>', e.g. 'draw r'")
        if args[0].lower() == "deck":
            return DRAW_DECK
        pile = pile_index(args[0])
        if pile is None:
            raise MoveSyntaxError(
                f"{args[0]!r} is no place to draw from; draw from 'deck' or a pile: "
                f"{' '.join(PILE_LETTERS)}"
            )
        return DRAW_PILE[pile]
    if verb == "play":
        return _parse_play(args)
    if verb == "wish":
        _count(verb, args, 2, "two cards, e.g. 'wish r5 p5'")
        return wish(_card(args[0]), _card(args[1]))
    tables = {"discard": DISCARD, "remove": REMOVE, "deal": DEAL}
    if verb in tables:
        _count(verb, args, 1, f"one card, e.g. '{verb} r7'")
        return tables[verb][_card(args[0])]
    raise MoveSyntaxError(f"unknown move {text!r}; moves are: {FORMS}")


def _parse_play(args: list[str]) -> Play:
    if args[1:2] and args[1].lower() == "on":  # 'play p5 on r' reads as 'play p5 r'
        args = [args[0], *args[2:]]
    if not 1 <= len(args) <= 2:
        raise MoveSyntaxError("'play' takes a card and, for a point card, a colour: 'play p5 r'")
    card = _card(args[0])
    if len(args) == 1:
        return PLAY[card]
    if KIND[card] != POINT:
        raise MoveSyntaxError(
            f"{card} goes into the row of its own colour: write 'play {card}' without a colour"
        )
    colour = colour_index(args[1])
    if colour is None:
        raise MoveSyntaxError(
            f"{args[1]!r} is not a colour; colours are {' '.join(COLOUR_LETTERS)} "
            f"({', '.join(COLOURS)})"
        )
    return PLAY_ONTO[card][colour]


def _count(verb: str, args: list[str], wanted: int, form: str) -> None:
    if len(args) != wanted:
        raise MoveSyntaxError(f"'{verb}' takes {form}; got {' '.join([verb, *args])!r}")


def _card(word: str) -> Card:
    card = card_by_name(word)
    if card is None:
        raise MoveSyntaxError(
            f"{word!r} is not a card; cards are r0-r10, y0-y10, g0-g10, b0-b10, v0-v10, "
            "r-end (one per colour) and p0-p10 (point cards)"
        )
    return card
