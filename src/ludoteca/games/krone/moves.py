"""Moves of Um Krone und Kragen and their notation (docs/games/krone.md).

Dice are named by value, highest first: ``keep 5 5 2``. A card's notation id is its
English name in lower case (``lady`` for the Lady-in-waiting); the parser also takes the
Italian and German names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from ludoteca.engine import Move, MoveSyntaxError

from .components import ALIASES, BRING_IN, BY_ID, CHANGE, REROLL_ANY, REROLL_ONE, alias_key


def _dice_text(values: tuple[int, ...]) -> str:
    return " ".join(str(v) for v in values)


def _ordered(values: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(values, reverse=True))


KEEPS_TOTAL = ("philosopher", "alchemist")


@dataclass(frozen=True, slots=True, repr=False)
class Roll(Move):
    """Roll every active die (at turn start: every die of the turn)."""

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True, repr=False)
class Decline(Move):
    """Final round only: do not roll; the turn ends with no result."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True, repr=False)
class Keep(Move):
    """Set these active dice aside."""

    dice: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", _ordered(self.dice))

    def __str__(self) -> str:
        return f"keep {_dice_text(self.dice)}"


@dataclass(frozen=True, slots=True, repr=False)
class Reroll(Move):
    """Jester (one die) or Merchant (any number): these active dice are rolled again."""

    card: str
    dice: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", _ordered(self.dice))

    def __str__(self) -> str:
        return f"use {self.card} {_dice_text(self.dice)}"


@dataclass(frozen=True, slots=True, repr=False)
class BringIn(Move):
    """A card that adds an active die showing ``value`` (the Queen: any value)."""

    card: str
    value: int

    def __str__(self) -> str:
        return f"use {self.card} {self.value}" if self.card == "queen" else f"use {self.card}"


@dataclass(frozen=True, slots=True, repr=False)
class Change(Move):
    """A card that gives active dice new values: the dice ``before`` come to show ``after``.

    Both are sorted highest first and paired in that order in the notation
    (``use philosopher 5>3 1>3``). For the cards that keep the total (Philosopher,
    Alchemist) dice that keep their value are left out, so each effect has one spelling.
    """

    card: str
    before: tuple[int, ...]
    after: tuple[int, ...]

    def __post_init__(self) -> None:
        before, after = _ordered(self.before), _ordered(self.after)
        if self.card in KEEPS_TOTAL:
            before, after = _without_common(before, after)
        object.__setattr__(self, "before", before)
        object.__setattr__(self, "after", after)

    def __str__(self) -> str:
        pairs = " ".join(f"{a}>{b}" for a, b in zip(self.before, self.after, strict=False))
        return f"use {self.card} {pairs}"


@dataclass(frozen=True, slots=True, repr=False)
class Buy(Move):
    """End the turn taking this card."""

    card: str

    def __str__(self) -> str:
        return f"buy {self.card}"


@dataclass(frozen=True, slots=True, repr=False)
class End(Move):
    """End the turn without taking a card (final round: end it with this result)."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True, repr=False)
class Dice(Move):
    """Chance: the faces the rolled dice show."""

    is_chance: ClassVar[bool] = True
    values: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", _ordered(self.values))

    def __str__(self) -> str:
        return f"dice {_dice_text(self.values)}"


def _without_common(
    before: tuple[int, ...], after: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Leave out dice that show the same value before and after."""
    rest = list(after)
    changed = []
    for value in before:
        if value in rest:
            rest.remove(value)
        else:
            changed.append(value)
    return tuple(changed), tuple(rest)


# The moves a person types. Chance outcomes ('dice 6 5 2') are left out: a person who
# typed one would only be refused, since only chance (or a test forcing it) plays them.
#: The words every move's notation begins with, chance outcomes' too.
VERBS = ("roll", "pass", "end", "keep", "use", "buy", "dice")
FORMS = (
    "roll, pass, end, keep <dice>, use <card> [<dice> | <a>><b> ...], buy <card> — "
    "e.g. 'keep 5 5', 'use maid 4>6', 'buy guard'"
)
_DIE = re.compile(r"^[1-6]$")
_CHANGE = re.compile(r"^([1-6])>([1-6])$")


def parse_move(text: str) -> Move:
    words = text.replace(",", " ").split()
    if not words:
        raise MoveSyntaxError(f"empty move; moves are: {FORMS}")
    verb, args = words[0].lower(), words[1:]
    if verb in ("roll", "pass", "end"):
        if args:
            raise MoveSyntaxError(f"'{verb}' takes nothing after it, got {' '.join(args)!r}")
        return {"roll": Roll(), "pass": Decline(), "end": End()}[verb]
    if verb in ("keep", "dice"):
        values = _parse_dice(args, verb)
        return Keep(values) if verb == "keep" else Dice(values)
    if verb == "buy":
        if not args:
            raise MoveSyntaxError("'buy' takes one card, e.g. 'buy guard'")
        return Buy(_card(" ".join(args)))
    if verb == "use":
        if not args:
            raise MoveSyntaxError("'use' takes a card, e.g. 'use guard' or 'use maid 4>6'")
        card, rest = _leading_card(args)
        return _parse_use(card, rest)
    if _leading_card(words, strict=False)[0]:  # a card named without 'use'
        return _parse_use(*_leading_card(words))
    raise MoveSyntaxError(f"unknown move {text!r}; moves are: {FORMS}")


def _card(name: str) -> str:
    card = ALIASES.get(alias_key(name))
    if card is None:
        raise MoveSyntaxError(
            f"unknown card {name!r}; the cards are: {', '.join(BY_ID)} "
            "(or their English, Italian or German names)"
        )
    return card


def _leading_card(words: list[str], strict: bool = True) -> tuple[str, list[str]]:
    """The card named by the first words (names may have several: 'Dama di Corte') and
    the words after it. Not ``strict``: an empty card when the words name none."""
    for end in range(min(len(words), 3), 0, -1):  # the longest names have three words
        card = ALIASES.get(alias_key(" ".join(words[:end])))
        if card is not None:
            return card, words[end:]
    if not strict:
        return "", words
    return _card(words[0]), words[1:]


def _parse_dice(args: list[str], verb: str) -> tuple[int, ...]:
    if not args:
        raise MoveSyntaxError(f"'{verb}' needs dice by value, e.g. '{verb} 5 5'")
    for word in args:
        if not _DIE.match(word):
            raise MoveSyntaxError(f"{word!r} is not a die value; dice show 1 to 6")
    return _ordered(tuple(int(word) for word in args))


def _parse_use(card: str, args: list[str]) -> Move:
    kind = BY_ID[card].kind
    if kind in (REROLL_ONE, REROLL_ANY):
        return Reroll(card, _parse_dice(args, f"use {card}"))
    if kind == BRING_IN:
        fixed = BY_ID[card].amount
        if fixed is None:  # the Queen
            if len(args) != 1 or not _DIE.match(args[0]):
                raise MoveSyntaxError("the Queen brings in a die of your choice: 'use queen 4'")
            return BringIn(card, int(args[0]))
        if args and args != [str(fixed)]:
            raise MoveSyntaxError(
                f"the {BY_ID[card].en} always brings in a {fixed}: write 'use {card}'"
            )
        return BringIn(card, fixed)
    if kind == CHANGE:
        if not args:
            raise MoveSyntaxError(f"name the changes, e.g. 'use {card} 4>6' (from>to)")
        before, after = [], []
        for word in args:
            found = _CHANGE.match(word)
            if not found:
                raise MoveSyntaxError(
                    f"{word!r} is not a change; write from>to with faces 1 to 6, e.g. 4>6"
                )
            before.append(int(found.group(1)))
            after.append(int(found.group(2)))
        return Change(card, tuple(before), tuple(after))
    raise MoveSyntaxError(
        f"the {BY_ID[card].en} has no ability to use during the turn ({BY_ID[card].ability})"
    )
