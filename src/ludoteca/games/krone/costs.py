"""Card costs against any dice: for people who study the game.

``pays(card, dice)`` tests any multiset of dice against any card's cost, whether or not a
turn could produce it (more than twelve dice, say); ``cards_paid(dice)`` lists every card
those dice pay for. Only the dice are looked at: whether the card is still in the display
and whether the player holds it already is the turn's business (``state.py``). Cards are
named in any of the three languages, as in the move notation.
"""

from __future__ import annotations

from collections.abc import Iterable

from ludoteca.engine import PositionError

from .components import ALIASES, BY_ID, CARDS, Card, alias_key
from .dice import Counts


def pays(card: str, dice: Iterable[int]) -> bool:
    """Whether a result of these dice meets the card's cost ("contains" semantics).

    The Charlatan's cost is any result (it is taken by flipping a Jester one holds); the
    Queen is never paid for: she comes with the King.
    """
    return _card(card).affordable(_counts(dice))


def cards_paid(dice: Iterable[int]) -> list[str]:
    """The ids of every card whose cost these dice meet, in the order of the card list."""
    counts = _counts(dice)
    return [card.id for card in CARDS if card.affordable(counts)]


def _card(name: str) -> Card:
    card_id = ALIASES.get(alias_key(name)) if isinstance(name, str) else None
    if card_id is None:
        raise PositionError(
            f"there is no card {name!r}; the cards are: {', '.join(BY_ID)} "
            "(or their English, Italian or German names)"
        )
    return BY_ID[card_id]


def _counts(dice: Iterable[int]) -> Counts:
    counts = [0] * 7
    for value in dice:
        if type(value) is not int or not 1 <= value <= 6:
            raise PositionError(f"dice show 1 to 6, not {value!r}")
        counts[value] += 1
    return (0, counts[1], counts[2], counts[3], counts[4], counts[5], counts[6])
