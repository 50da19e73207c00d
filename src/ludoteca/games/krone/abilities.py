"""Using a card during the dice phase: which uses exist, and why one is not allowed.

Everything here looks only at the active dice, the dice set aside and the card. Whether
the player holds the card, has used it this turn and has rolled yet is the turn's
business (``state.py``). The lists of uses depend on the dice alone, so they are computed
once per multiset of dice and kept.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement, product

from ludoteca.engine import IllegalMove, Move

from .components import BRING_IN, BY_ID, CHANGE, REROLL_ANY, REROLL_ONE
from .dice import FACES, Counts, counts_of, values_of
from .moves import BringIn, Change, Keep, Reroll

MAX_DICE = 12  # the box holds twelve dice (ruling)


@lru_cache(maxsize=8192)
def sub_multisets(active: Counts) -> tuple[tuple[int, ...], ...]:
    """Every non-empty selection of active dice by value, highest faces first."""
    ranges = [range(active[face] + 1) for face in FACES]
    found = []
    for taken in product(*ranges):
        if any(taken):
            found.append(values_of((0, *taken)))
    return tuple(found)


@lru_cache(maxsize=8192)
def keeps(active: Counts) -> tuple[Keep, ...]:
    return tuple(Keep(dice) for dice in sub_multisets(active))


@lru_cache(maxsize=8192)
def _rerolls(card: str, active: Counts) -> tuple[Reroll, ...]:
    if card == "jester":
        return tuple(Reroll(card, (face,)) for face in (6, 5, 4, 3, 2, 1) if active[face])
    return tuple(Reroll(card, dice) for dice in sub_multisets(active))


@lru_cache(maxsize=8192)  # bounded: Alchemist lists for twelve dice run long
def _changes(card: str, active: Counts, aside_faces: frozenset[int]) -> tuple[Change, ...]:
    faces = [face for face in (6, 5, 4, 3, 2, 1) if active[face]]
    if card == "maid":
        return tuple(Change(card, (a,), (a + k,)) for a in faces for k in (1, 2, 3) if a + k <= 6)
    if card == "sorcerer":
        return tuple(Change(card, (a,), (b,)) for a in faces for b in FACES[::-1] if b != a)
    if card == "astronomer":
        targets = sorted(aside_faces, reverse=True)
        return tuple(Change(card, (a,), (b,)) for a in faces for b in targets if b != a)
    if card in ("lady", "nobleman"):
        step = 1 if card == "lady" else 2
        return tuple(
            Change(card, dice, tuple(v + step for v in dice))
            for dice in sub_multisets(active)
            if dice[0] + step <= 6
        )
    sizes = (2,) if card == "philosopher" else (2, 3)
    found: dict[Change, None] = {}
    for dice in sub_multisets(active):
        if len(dice) in sizes:
            for new in combinations_with_replacement((6, 5, 4, 3, 2, 1), len(dice)):
                if sum(new) == sum(dice) and not set(new) & set(dice):
                    found[Change(card, dice, new)] = None
    return tuple(found)


_NO_FACES: frozenset[int] = frozenset()
_BRING_INS = {
    card.id: tuple(
        BringIn(card.id, v) for v in ((6, 5, 4, 3, 2, 1) if card.amount is None else (card.amount,))
    )
    for card in BY_ID.values()
    if card.kind == BRING_IN
}


def uses(card: str, active: Counts, aside: Counts, dice_in_play: int) -> tuple[Move, ...]:
    """Every legal use of ``card`` now (the card held and not yet used this turn)."""
    kind = BY_ID[card].kind
    if kind == CHANGE:
        if card == "astronomer":
            return _changes(card, active, frozenset(f for f in FACES if aside[f]))
        return _changes(card, active, _NO_FACES)
    if kind == BRING_IN:
        return _BRING_INS[card] if dice_in_play < MAX_DICE else ()
    if kind in (REROLL_ONE, REROLL_ANY):
        return _rerolls(card, active)
    return ()


def check_use(move: Move, active: Counts, aside: Counts, dice_in_play: int) -> None:
    """Raise ``IllegalMove`` unless the use is allowed with these dice."""
    if isinstance(move, Reroll):
        _check_reroll(move, active)
    elif isinstance(move, BringIn):
        _check_bring_in(move, dice_in_play)
    elif isinstance(move, Change):
        _check_change(move, active, aside)


def check_active(dice: tuple[int, ...], active: Counts, what: str) -> None:
    """Refuse dice that are not faces 1 to 6 or not among the active dice."""
    for value in dice:
        if type(value) is not int or not 1 <= value <= 6:
            raise IllegalMove(f"dice show 1 to 6, not {value!r}")
    wanted = counts_of(dice)
    for face in FACES:
        if wanted[face] > active[face]:
            have = " ".join(str(v) for v in values_of(active)) or "none"
            raise IllegalMove(
                f"{what} needs {wanted[face]} active {face}(s), but your active dice are "
                f"{have}; dice set aside never change"
            )


def _check_reroll(move: Reroll, active: Counts) -> None:
    name = BY_ID[move.card].en
    if not move.dice:
        raise IllegalMove(f"the {name} re-rolls dice you name, e.g. 'use {move.card} 5'")
    if move.card == "jester" and len(move.dice) != 1:
        raise IllegalMove("the Jester re-rolls exactly one active die, e.g. 'use jester 5'")
    check_active(move.dice, active, f"the {name}")


def _check_bring_in(move: BringIn, dice_in_play: int) -> None:
    card = BY_ID[move.card]
    if card.amount is None:
        if not 1 <= move.value <= 6:
            raise IllegalMove(f"the Queen brings in a die showing 1 to 6, not {move.value}")
    elif move.value != card.amount:
        raise IllegalMove(f"the {card.en} brings in a die showing {card.amount}")
    if dice_in_play >= MAX_DICE:
        raise IllegalMove(
            f"all {MAX_DICE} dice of the box are in play this turn; no die can be brought in"
        )


_CHANGE_RULES = {
    "maid": "adds 1, 2 or 3 to one active die",
    "philosopher": "moves pips from one active die to another, keeping their total",
    "astronomer": "sets one active die to the value of a die you set aside",
    "sorcerer": "sets one active die to a new value",
    "lady": "adds 1 to each of any number of active dice",
    "nobleman": "adds 2 to each of any number of active dice",
    "alchemist": "gives two or three active dice new values with the same total",
}


def _check_change(move: Change, active: Counts, aside: Counts) -> None:
    card = BY_ID[move.card]
    rule = f"the {card.en} {_CHANGE_RULES.get(move.card, 'cannot change dice')}"
    before, after = move.before, move.after
    if card.kind != CHANGE:
        raise IllegalMove(f"{rule}")
    if len(before) != len(after):
        raise IllegalMove(f"{rule}: name each die as from>to, e.g. 4>6")
    if any(not 1 <= v <= 6 for v in before + after):
        raise IllegalMove(f"{rule}: every die shows 1 to 6")
    if not before or before == after:
        raise IllegalMove(f"{rule}: this use changes no die")
    if move.card in ("maid", "astronomer", "sorcerer") and len(before) != 1:
        raise IllegalMove(f"{rule}: name one change, e.g. 4>6")
    if move.card == "maid" and not 1 <= after[0] - before[0] <= 3:
        raise IllegalMove(f"{rule}: {before[0]}>{after[0]} is not +1, +2 or +3 (at most 6)")
    if move.card == "astronomer" and not aside[after[0]]:
        kept = " ".join(str(v) for v in values_of(aside)) or "none yet"
        raise IllegalMove(f"{rule}: you have set aside no {after[0]} (set aside: {kept})")
    if move.card in ("lady", "nobleman"):
        step = 1 if move.card == "lady" else 2
        if any(b != a + step for a, b in zip(before, after, strict=True)):
            raise IllegalMove(f"{rule}, none above 6")
    if move.card in ("philosopher", "alchemist"):
        sizes = (2,) if move.card == "philosopher" else (2, 3)
        if len(before) not in sizes:
            raise IllegalMove(f"{rule}: name {' or '.join(map(str, sizes))} dice that change")
        if sum(before) != sum(after):
            raise IllegalMove(f"{rule}: {sum(before)} pips before, {sum(after)} after")
    check_active(before, active, f"the {card.en}")
