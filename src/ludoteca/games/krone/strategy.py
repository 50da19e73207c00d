"""A simple policy that always finishes a game: collect one face, buy the best card.

It picks a target face (the largest group set aside, else the largest group rolled),
brings in every die its cards allow, turns dice into the target where a card can, keeps
every die of the target, and with the result takes the first affordable card of
``PRIORITY``. It is the policy of ``ludoteca simulate``, not a strong player.
"""

from __future__ import annotations

import random

from ludoteca.engine import Move

from .abilities import MAX_DICE
from .components import BRING_IN, BY_ID
from .dice import FACES, Counts
from .moves import BringIn, Buy, Change, Keep
from .state import DICE, END, ROLL, START, KroneState

PRIORITY = (
    "king", "general", "farmer", "charlatan", "bishop", "knight", "pawnbroker", "hunter",
    "guard", "craftsman", "jester", "sorcerer", "nobleman", "lady", "astronomer", "maid",
    "alchemist", "merchant", "philosopher",
)  # fmt: skip


def simple_move(state: KroneState, rng: random.Random) -> Move:
    if state.phase == START:
        return ROLL
    if state.phase != DICE:
        raise ValueError("simple_move() needs a seat to move, not a chance event")
    active, aside = state.active, state.aside
    target = _largest(aside) if any(aside) else _largest(active)
    usable = [c for c in state.holdings[state.seat].usable() if c not in state.used]
    in_play = sum(active) + sum(aside)
    for card in usable:
        if BY_ID[card].kind == BRING_IN and in_play < MAX_DICE:
            return BringIn(card, target if card == "queen" else BY_ID[card].amount or target)
    change = _change_towards(target, usable, active, aside)
    if change is not None:
        return change
    if active[target]:
        return Keep((target,) * active[target])
    if not state.kept:
        return Keep((max(face for face in FACES if active[face]),))
    if any(active):
        return ROLL
    if state.final is None:
        affordable = set(state.buyable())
        for card in PRIORITY:
            if card in affordable:
                return Buy(card)
    return END


def _largest(counts: Counts) -> int:
    return max(FACES, key=lambda face: (counts[face], face))


def _change_towards(target: int, usable: list[str], active: Counts, aside: Counts) -> Move | None:
    others = [face for face in FACES if active[face] and face != target]
    if not others:
        return None
    if "sorcerer" in usable:
        return Change("sorcerer", (others[0],), (target,))
    if "astronomer" in usable and aside[target]:
        return Change("astronomer", (others[0],), (target,))
    if "maid" in usable:
        for face in others:
            if 1 <= target - face <= 3:
                return Change("maid", (face,), (target,))
    for card, step in (("lady", 1), ("nobleman", 2)):
        if card in usable and target - step >= 1 and active[target - step]:
            below = target - step
            return Change(card, (below,) * active[below], (target,) * active[below])
    return None
