"""Dice by value: a multiset of faces as counts, and the patterns card costs ask for.

``Counts`` is a 7-tuple: ``counts[v]`` dice show ``v`` (index 0 is unused). Costs use
"contains" semantics: the result may hold more dice than the pattern.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations_with_replacement
from math import factorial

Counts = tuple[int, int, int, int, int, int, int]
FACES = (1, 2, 3, 4, 5, 6)
NO_DICE: Counts = (0, 0, 0, 0, 0, 0, 0)


def counts_of(values: Iterable[int]) -> Counts:
    counts = [0] * 7
    for value in values:
        counts[value] += 1
    return (0, counts[1], counts[2], counts[3], counts[4], counts[5], counts[6])


def values_of(counts: Sequence[int]) -> tuple[int, ...]:
    """The faces, highest first: the canonical order of dice in notation."""
    return tuple(face for face in (6, 5, 4, 3, 2, 1) for _ in range(counts[face]))


def size(counts: Counts) -> int:
    return sum(counts)


def pip_total(counts: Counts) -> int:
    return sum(face * counts[face] for face in FACES)


def of_a_kind(counts: Counts, n: int) -> bool:
    return max(counts) >= n


def pairs(counts: Counts) -> int:
    """Disjoint pairs: four of a kind holds two, six of a kind three."""
    return sum(count // 2 for count in counts)


def triples(counts: Counts) -> int:
    return sum(count // 3 for count in counts)


def full_house(counts: Counts) -> bool:
    """Three of one face and two of another, or five of a kind."""
    if max(counts) >= 5:
        return True
    return any(counts[a] >= 3 and counts[b] >= 2 for a in FACES for b in FACES if a != b)


def all_odd(counts: Counts) -> bool:
    return size(counts) > 0 and counts[2] == counts[4] == counts[6] == 0


def all_even(counts: Counts) -> bool:
    return size(counts) > 0 and counts[1] == counts[3] == counts[5] == 0


def straight(counts: Counts, length: int) -> bool:
    return any(
        all(counts[face] for face in range(low, low + length)) for low in range(1, 8 - length)
    )


def best_group(counts: Counts) -> tuple[int, int]:
    """(how many dice, face) of the largest group, the higher face on equal size."""
    return max((counts[face], face) for face in FACES)


@cache
def roll_outcomes(n: int) -> tuple[tuple[Counts, int], ...]:
    """Every outcome of rolling n dice as counts, with its number of orderings (of 6**n)."""
    outcomes = []
    for faces in combinations_with_replacement(FACES, n):
        counts = counts_of(faces)
        ways = factorial(n)
        for face in FACES:
            ways //= factorial(counts[face])
        outcomes.append((counts, ways))
    return tuple(outcomes)


def plus(a: Counts, b: Counts) -> Counts:
    return (0, a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4], a[5] + b[5], a[6] + b[6])


def minus(a: Counts, b: Counts) -> Counts:
    return (0, a[1] - b[1], a[2] - b[2], a[3] - b[3], a[4] - b[4], a[5] - b[5], a[6] - b[6])


def one(face: int) -> Counts:
    return counts_of((face,))
