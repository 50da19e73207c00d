"""The character cards of Um Krone und Kragen: names, rows, copies, costs and abilities."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .dice import (
    Counts,
    all_even,
    all_odd,
    full_house,
    of_a_kind,
    pairs,
    pip_total,
    straight,
    triples,
)

# Copies in the display by row, for 2, 3, 4 and 5 players (the seed's table).
COPIES_BY_ROW = {
    1: (2, 2, 3, 4),
    2: (1, 2, 3, 3),
    3: (1, 2, 2, 3),
    4: (1, 2, 2, 3),
    5: (1, 1, 1, 1),
}

# What an ability does, as the rules engine needs to know it.
EXTRA_DICE = "extra dice at turn start"
REROLL_ONE = "re-roll one die"
REROLL_ANY = "re-roll dice"
BRING_IN = "bring in a die"
CHANGE = "change dice"
NONE = "no ability"


@dataclass(frozen=True)
class Card:
    id: str
    en: str
    it: str
    de: str
    row: int
    cost: str
    ability: str
    kind: str
    affordable: Callable[[Counts], bool]
    #: extra dice at turn start, or the value a bring-in die shows (None: any value)
    amount: int | None = 0

    @property
    def names(self) -> dict[str, str]:
        return {"en": self.en, "it": self.it, "de": self.de}


def _any(counts: Counts) -> bool:
    return True


def _never(counts: Counts) -> bool:
    return False


CARDS: tuple[Card, ...] = (
    Card("jester", "Jester", "Giullare", "Hofnarr", 0, "any result",
         "re-roll one active die", REROLL_ONE, _any),
    Card("charlatan", "Charlatan", "Ciarlatano", "Scharlatan", 0,
         "any result, flipping a Jester you hold", "roll one extra die at turn start",
         EXTRA_DICE, _any, 1),
    Card("farmer", "Farmer", "Contadino", "Bauer", 1, "a pair",
         "roll one extra die at turn start", EXTRA_DICE, lambda c: of_a_kind(c, 2), 1),
    Card("maid", "Maid", "Domestica", "Dienstmagd", 1, "every die odd",
         "add 1, 2 or 3 to one active die (at most 6)", CHANGE, all_odd),
    Card("philosopher", "Philosopher", "Filosofo", "Philosoph", 1, "every die even",
         "move pips from one active die to another (each stays 1 to 6)", CHANGE, all_even),
    Card("craftsman", "Craftsman", "Artigiano", "Handwerker", 1, "pip total 15 or more",
         "bring in an active die showing 1", BRING_IN, lambda c: pip_total(c) >= 15, 1),
    Card("guard", "Guard", "Guardiano", "Wachmann", 1, "three of a kind",
         "bring in an active die showing 2", BRING_IN, lambda c: of_a_kind(c, 3), 2),
    Card("hunter", "Hunter", "Cacciatore", "Jäger", 2, "four of a kind",
         "bring in an active die showing 3", BRING_IN, lambda c: of_a_kind(c, 4), 3),
    Card("astronomer", "Astronomer", "Astronomo", "Astronom", 2,
         "two pairs (four of a kind counts)",
         "set one active die to the value of a die you set aside", CHANGE,
         lambda c: pairs(c) >= 2),
    Card("merchant", "Merchant", "Mercante", "Händler", 2, "pip total 20 or more",
         "re-roll any number of active dice", REROLL_ANY, lambda c: pip_total(c) >= 20),
    Card("lady", "Lady-in-waiting", "Dama di Corte", "Hofdame", 3,
         "a full house: three and two of a kind (five of a kind counts)",
         "add 1 to any number of active dice (none above 6)", CHANGE, full_house),
    Card("pawnbroker", "Pawnbroker", "Banchiere", "Pfandleiher", 3, "pip total 30 or more",
         "bring in an active die showing 4", BRING_IN, lambda c: pip_total(c) >= 30, 4),
    Card("knight", "Knight", "Cavaliere", "Ritter", 3, "five of a kind",
         "bring in an active die showing 5", BRING_IN, lambda c: of_a_kind(c, 5), 5),
    Card("sorcerer", "Sorcerer", "Stregone", "Zauberer", 3, "a straight of five (1-5 or 2-6)",
         "set one active die to any value", CHANGE, lambda c: straight(c, 5)),
    Card("alchemist", "Alchemist", "Alchimista", "Alchemist", 4, "a straight of six (1-6)",
         "give two or three active dice new values with the same total", CHANGE,
         lambda c: straight(c, 6)),
    Card("bishop", "Bishop", "Vescovo", "Bischof", 4,
         "three pairs (four and two, or six of a kind, count)",
         "bring in an active die showing 6", BRING_IN, lambda c: pairs(c) >= 3, 6),
    Card("nobleman", "Nobleman", "Nobiluomo", "Edelmann", 4,
         "two triples (six of a kind counts)",
         "add 2 to any number of active dice (none above 6)", CHANGE,
         lambda c: triples(c) >= 2),
    Card("general", "General", "Comandante", "Feldherr", 4, "six of a kind",
         "roll two extra dice at turn start", EXTRA_DICE, lambda c: of_a_kind(c, 6), 2),
    Card("king", "King", "Re", "König", 5, "seven of a kind",
         "taking the King (with the Queen) starts the end of the game", NONE,
         lambda c: of_a_kind(c, 7)),
    Card("queen", "Queen", "Regina", "Königin", 5, "comes with the King",
         "bring in an active die showing any value", BRING_IN, _never, None),
)  # fmt: skip

BY_ID: dict[str, Card] = {card.id: card for card in CARDS}

#: The Italian names Brettspielwelt's rules page gives five cards, where the Italian
#: rulebook names them otherwise: its players know the cards by these. Matched by the
#: German names and abilities both pages give (Wachmann brings in a 2, Hofdame adds 1 to
#: any dice, Pfandleiher brings in a 4, Zauberer sets a die to any value, Feldherr rolls
#: two extra dice).
BSW_ITALIAN: dict[str, str] = {
    "guard": "Guardia",
    "lady": "Cortigiana",
    "pawnbroker": "Usuraio",
    "sorcerer": "Mago",
    "general": "Condottiero",
}


def copies(card_id: str, players: int) -> int:
    """How many copies of a card the display starts with."""
    card = BY_ID[card_id]
    if card.id == "jester":
        return players
    if card.id == "charlatan":
        return 0  # it is the back of a Jester
    return COPIES_BY_ROW[card.row][players - 2]


def alias_key(name: str) -> str:
    """A card name as typed, reduced so that case, spaces, hyphens and umlauts don't matter."""
    key = name.lower().replace("-", "").replace(" ", "").replace("_", "")
    for umlaut, plain in (("ä", "ae"), ("ö", "oe"), ("ü", "ue")):
        key = key.replace(umlaut, plain)
    return key


def _aliases() -> dict[str, str]:
    table: dict[str, str] = {}
    for card in CARDS:
        for name in (card.id, card.en, card.it, card.de):
            table[alias_key(name)] = card.id
    # Other names players meet: Brettspielwelt's, and the rulebook's own spelling of the
    # Nobiluomo on its card.
    for card_id, name in (*BSW_ITALIAN.items(), ("nobleman", "nobileuomo")):
        table[alias_key(name)] = card_id
    return table


ALIASES = _aliases()
