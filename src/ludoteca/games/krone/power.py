"""How strong a hand of cards is in a turn played for one face: a quick estimate.

The exact odds (``odds.py``) are too slow to judge many holdings in a hurry: a few
abilities together take seconds to minutes. Here a turn is played many times by one
fixed plan, on counts of dice, not on game states:

- collect one face: the most rolled, counting a die each card brings in showing it and
  what a shift card could add (when a result is to be beaten, a face no higher than its
  face counts one die less: it needs one die more); ties to the higher face;
- a card that brings in a die showing that face (the Queen, any face) is kept for a roll
  that brings none of it — the die it brings is the one set aside, so no rolled die is
  lost — and brought in at the end if still unused; the other cards that bring in a die
  bring it in at once, a die more to roll;
- when a roll brings none of the face, or on the last dice: re-roll with the Merchant
  or Jester, turn dice into the face with the Lady-in-waiting, Nobleman, Maid, Sorcerer
  and Astronomer, and share two dice's pips with the Philosopher or Alchemist;
- a roll that brings none of the face, with nothing to save it, loses a die.

The exact odds of beating a final-round result played for by each holding of tuning
games (seed 25) were 2 to 5 times the estimate of the plan before, which brought every
die in at once and chose its face by the roll alone; the search then took the King on
bids the others beat (docs/krone-search.md, "Krone's final round"). Results are kept per
holding (dice a turn, abilities) and result to beat: pure functions of them, worked
out once per process with a fixed seed.
"""

from __future__ import annotations

import random
from functools import lru_cache

from .abilities import MAX_DICE
from .components import BRING_IN, BY_ID
from .state import Holding

#: Turns played per estimate: a chance near 0.1 to within about ±0.025.
SAMPLES = 600
_BRING_INS = tuple(card.id for card in BY_ID.values() if card.kind == BRING_IN)
_CONVERTERS = ("sorcerer", "astronomer")
_SHARERS = ("philosopher", "alchemist")


def holding_key(holding: Holding) -> tuple[int, frozenset[str]]:
    """What the estimate depends on: dice a turn and the abilities held."""
    return holding.turn_dice(), frozenset(holding.usable())


@lru_cache(maxsize=8192)
def groups(dice: int, cards: frozenset[str]) -> tuple[float, ...]:
    """``result[k]``: the chance of ending a turn with at least ``k`` of a kind (k ≤ 12)."""
    rng = random.Random(f"{dice}/{sorted(cards)}")
    at_least = [0] * (MAX_DICE + 2)
    for _ in range(SAMPLES):
        reached, _face = _turn(dice, cards, rng, 0)
        for k in range(reached + 1):
            at_least[k] += 1
    return tuple(count / SAMPLES for count in at_least)


@lru_cache(maxsize=65536)
def beats(dice: int, cards: frozenset[str], count: int, face: int) -> float:
    """The chance of ending a turn with more than ``count`` of a kind, or ``count`` of a
    face above ``face``: of beating that result in the final round (``face`` one lower:
    of matching it)."""
    rng = random.Random(f"{dice}/{sorted(cards)}/{count}/{face}")
    won = 0
    for _ in range(SAMPLES):
        reached, collected = _turn(dice, cards, rng, face)
        won += reached > count or (reached == count and collected > face)
    return won / SAMPLES


def _turn(dice: int, cards: frozenset[str], rng: random.Random, below: int) -> tuple[int, int]:
    """One turn by the fixed plan: how many dice of the face collected it ends with, and
    that face. A face up to ``below`` needs a die more (0: no result to beat)."""
    bring = [c for c in cards if c in _BRING_INS]
    converters = sum(1 for c in _CONVERTERS if c in cards)
    sharers = [c for c in _SHARERS if c in cards]
    shifts = [step for card, step in (("lady", 1), ("nobleman", 2)) if card in cards]
    maid = "maid" in cards
    jester = "jester" in cards
    merchant = "merchant" in cards
    randint = rng.randint
    roll = [randint(1, 6) for _ in range(dice)]
    counts = [0] * 7
    for value in roll:
        counts[value] += 1
    shows = [0] * 7
    for card in bring:
        shows[BY_ID[card].amount or 0] += 1

    def worth(f: int) -> tuple[int, int]:
        shifted = sum(counts[f - s] for s in shifts if f - s >= 1)
        return counts[f] + shows[f] + shifted - (f <= below), f

    target = max(range(1, 7), key=worth)
    saves = sum(1 for c in bring if BY_ID[c].amount in (None, target))
    in_play = dice
    for card in bring:
        if BY_ID[card].amount not in (None, target) and in_play + saves < MAX_DICE:
            in_play += 1
            roll.append(BY_ID[card].amount or 0)
    kept = 0
    while True:
        hits = [v for v in roll if v == target]
        misses = [v for v in roll if v != target]
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
        if not hits and misses and saves and in_play < MAX_DICE:
            saves -= 1
            in_play += 1
            hits = [target]
        if misses:
            hits, misses, maid, converters = _change(
                target, hits, misses, shifts, maid, converters, sharers
            )
        if hits:
            kept += len(hits)
        elif misses:
            misses.pop()  # at least one die set aside after each roll: a lost one
        if not misses:
            while saves and in_play < MAX_DICE:
                saves -= 1
                in_play += 1
                kept += 1
            return kept, target
        roll = [randint(1, 6) for _ in misses]


def _change(
    target: int,
    hits: list[int],
    misses: list[int],
    shifts: list[int],
    maid: bool,
    converters: int,
    sharers: list[str],
) -> tuple[list[int], list[int], bool, int]:
    """Dice turned into ``target`` when the roll brought none of it or the cards left
    can turn every die left (``shifts`` and ``sharers`` lose the cards used); the dice,
    and the Maid and converters left."""
    last = len(misses) <= converters + bool(maid) + len(shifts) + len(sharers)
    for step in list(shifts):
        below = [v for v in misses if v == target - step]
        if below and (not hits or last):
            shifts.remove(step)
            hits = hits + below
            misses = [v for v in misses if v != target - step]
    if misses and maid and (not hits or last):
        near = [v for v in misses if 1 <= target - v <= 3]
        if near:
            maid = False
            hits = [*hits, target]
            misses = list(misses)
            misses.remove(near[0])
    while misses and converters and (not hits or last):
        converters -= 1
        hits = [*hits, target]
        misses = misses[:-1]
    while len(misses) >= 2 and sharers and (not hits or last):
        # Two dice's pips shared: both become the face when they add up to twice it,
        # else one does and the other keeps the rest.
        pairs = [(i, j) for i in range(len(misses)) for j in range(i + 1, len(misses))]
        both = [(i, j) for i, j in pairs if misses[i] + misses[j] == 2 * target]
        one = [(i, j) for i, j in pairs if 1 <= misses[i] + misses[j] - target <= 6]
        if not both and not one:
            break
        i, j = (both or one)[0]
        rest = misses[i] + misses[j] - target
        sharers.pop()
        misses = [v for k, v in enumerate(misses) if k not in (i, j)]
        hits = [*hits, target] if not both else [*hits, target, target]
        if not both:
            misses.append(rest)
    return hits, misses, maid, converters
