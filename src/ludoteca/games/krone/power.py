"""How strong a hand of cards is in the race for seven of a kind: a quick estimate.

The exact odds (``odds.py``) are too slow to judge many holdings in a hurry: a few
abilities together take seconds to minutes. Here a turn is played many times by one
fixed plan — collect the face rolled most, bring in every die the cards allow, turn dice
into that face with the Sorcerer, Astronomer, Maid, Lady-in-waiting and Nobleman,
re-roll with the Jester and Merchant when a roll brings nothing — on counts of dice, not
on game states, and the largest group it ends with is counted. The result is the
distribution of that group for a holding, kept per holding (dice a turn, abilities):
a pure function of them, computed once per process.

It judges a holding, not a turn in progress; the bots use it to value cards.
"""

from __future__ import annotations

import random
from functools import lru_cache

from .abilities import MAX_DICE
from .components import BRING_IN, BY_ID
from .state import Holding

#: Turns played per holding: enough for the chance of seven to within about ±2%.
SAMPLES = 600
_BRING_INS = tuple(card.id for card in BY_ID.values() if card.kind == BRING_IN)
_CONVERTERS = ("sorcerer", "astronomer")


def holding_key(holding: Holding) -> tuple[int, frozenset[str]]:
    """What the estimate depends on: dice a turn and the abilities held."""
    return holding.turn_dice(), frozenset(holding.usable())


@lru_cache(maxsize=8192)
def groups(dice: int, cards: frozenset[str]) -> tuple[float, ...]:
    """``result[k]``: the chance of ending a turn with at least ``k`` of a kind (k ≤ 12).

    The turns are played with a fixed seed: the same holding always gets the same figures.
    """
    rng = random.Random(f"{dice}/{sorted(cards)}")
    at_least = [0] * (MAX_DICE + 2)
    for _ in range(SAMPLES):
        reached = _turn(dice, cards, rng)
        for k in range(reached + 1):
            at_least[k] += 1
    return tuple(count / SAMPLES for count in at_least)


def _turn(dice: int, cards: frozenset[str], rng: random.Random) -> int:
    """One turn by the fixed plan; how many dice of the collected face it ends with."""
    bring = sorted((c for c in cards if c in _BRING_INS), key=lambda c: BY_ID[c].amount or 0)
    converters = sum(1 for c in _CONVERTERS if c in cards)
    shifts = [step for card, step in (("lady", 1), ("nobleman", 2)) if card in cards]
    maid = "maid" in cards
    jester = "jester" in cards
    merchant = "merchant" in cards
    randint = rng.randint
    in_play = dice
    roll = [randint(1, 6) for _ in range(dice)]
    counts = [0] * 7
    for value in roll:
        counts[value] += 1
    # The face to collect: the most rolled, counting what a shift card could add; ties to
    # the higher face.
    target = max(
        range(1, 7),
        key=lambda f: (counts[f] + sum(counts[f - s] for s in shifts if f - s >= 1), f),
    )
    kept = 0
    while True:
        # Dice brought in: the queen's at the target face, the others as they show.
        while bring and in_play < MAX_DICE:
            card = bring.pop()
            in_play += 1
            face = target if card == "queen" else BY_ID[card].amount or target
            roll.append(face)
        hits = [v for v in roll if v == target]
        misses = [v for v in roll if v != target]
        last = not misses or len(misses) <= converters + bool(maid) + len(shifts)
        if not hits and misses and (jester or merchant):
            # A roll that brings nothing: re-roll what can be re-rolled first.
            if merchant:
                merchant = False
                misses = [randint(1, 6) for _ in misses]
            else:
                jester = False
                misses[0] = randint(1, 6)
            hits = [v for v in misses if v == target]
            misses = [v for v in misses if v != target]
        if (not hits or last) and misses:
            for step in list(shifts):
                below = [v for v in misses if v == target - step]
                if below and (not hits or last):
                    shifts.remove(step)
                    hits += below
                    misses = [v for v in misses if v != target - step]
            if misses and maid and (not hits or last):
                near = [v for v in misses if 1 <= target - v <= 3]
                if near:
                    maid = False
                    hits.append(target)
                    misses.remove(near[0])
            while misses and converters and (not hits or last):
                converters -= 1
                hits.append(target)
                misses.pop()
        if hits:
            kept += len(hits)
        elif misses:
            misses.pop()  # at least one die set aside after each roll: a lost one
        if not misses:
            return kept
        roll = [randint(1, 6) for _ in misses]
