"""What a turn aims for: a card's cost, or a final-round result, as the odds advisor needs it.

A ``Goal`` is a test on the dice set aside at the end of the turn, plus an *abstraction*
of the set-aside dice: a smaller key that decides the test for every set of dice that may
still be added. Set-aside dice never change (the golden rule), so the advisor may forget
everything about them but that key; this is what keeps the exact computation small.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from functools import lru_cache

from .components import BY_ID
from .dice import FACES, Counts, best_group, pip_total, size

Key = Callable[[Counts], Hashable]


@dataclass(frozen=True)
class Goal:
    name: str
    met: Callable[[Counts], bool]
    #: A key of the set-aside dice that decides ``met(aside + more)`` for any ``more``.
    key: Key
    #: ``met`` does not change when the faces are renamed (of a kind, pairs, ...).
    symmetric: bool = False
    #: Adding dice never breaks a met goal (every cost but "every die odd / even").
    monotone: bool = True
    #: Set-aside dice that can never lead to the goal (non-monotone goals only).
    dead: Callable[[Counts], bool] | None = None
    #: What a result is worth, when not just met or not: see ``best_of``.
    worth: Callable[[Counts], float] | None = None
    #: The most a result can be worth: reaching it ends the search.
    top: float = 1.0
    #: For a goal met by enough dice of some face: ``needs[f]`` of face ``f`` meet it
    #: (index 0 unused). Then a face that can no longer reach its need with the dice
    #: still to come is dead, and what it shows no longer matters (``odds.py``).
    needs: tuple[int, ...] | None = None
    #: Plan with fewer choices: after a roll, set aside the dice of one face (all of
    #: them, or one), and use a card's many uses only as far as they serve one face
    #: (``odds.narrow_use``). Not exact: a lower bound on the chance, as the choices
    #: left out are some of a player's; a plan several times cheaper.
    narrow: bool = False

    def __post_init__(self) -> None:
        if self.needs is not None and self.symmetric:
            # The solver renames the faces of a symmetric goal; needs are by face.
            raise ValueError(f"{self.name}: a goal with needs by face treats faces apart")

    def narrowed(self) -> Goal:
        """This goal planned with fewer choices (``narrow``), under a name of its own, so
        that its chances, which are not exact, are never taken for the exact ones."""
        if self.narrow:
            return self
        return replace(self, name=f"{self.name}, one face at a time", narrow=True)

    def payoff(self, counts: Counts) -> float:
        if self.worth is not None:
            return self.worth(counts)
        return 1.0 if self.met(counts) else 0.0


def _capped(cap: int) -> Key:
    return lambda c: (min(c[1], cap), min(c[2], cap), min(c[3], cap),
                      min(c[4], cap), min(c[5], cap), min(c[6], cap))  # fmt: skip


def _faces_present(counts: Counts) -> int:
    return sum(1 << face for face in FACES if counts[face])


def _of_a_kind(n: int) -> Goal:
    return Goal(f"{n} of a kind", lambda c: max(c) >= n, _capped(n), symmetric=True)


def _pip_total(at_least: int) -> Goal:
    return Goal(
        f"pips {at_least} or more",
        lambda c: pip_total(c) >= at_least,
        lambda c: min(pip_total(c), at_least),
    )


def _all_of_parity(odd: bool) -> Goal:
    wrong = (2, 4, 6) if odd else (1, 3, 5)

    def dead(c: Counts) -> bool:
        return any(c[face] for face in wrong)

    return Goal(
        "every die odd" if odd else "every die even",
        lambda c: size(c) > 0 and not dead(c),
        lambda c: (dead(c), size(c) > 0),
        monotone=False,
        dead=dead,
    )


def _straight(length: int) -> Goal:
    runs = [sum(1 << f for f in range(low, low + length)) for low in range(1, 8 - length)]
    return Goal(
        f"straight of {length}",
        lambda c: any(_faces_present(c) & run == run for run in runs),
        _faces_present,
    )


def _groups(minimum: int, of: int, name: str) -> Goal:
    """At least ``minimum`` disjoint groups of ``of`` equal dice (pairs, triples)."""
    return Goal(
        name,
        lambda c: sum(count // of for count in c) >= minimum,
        _capped(minimum * of),
        symmetric=True,
    )


def _full_house(counts: Counts) -> bool:
    if max(counts) >= 5:
        return True
    return any(counts[a] >= 3 and counts[b] >= 2 for a in FACES for b in FACES if a != b)


_ANY = Goal("any result", lambda c: size(c) > 0, lambda c: size(c) > 0, symmetric=True)

CARD_GOALS: dict[str, Goal] = {
    "jester": _ANY,
    "charlatan": _ANY,
    "farmer": _of_a_kind(2),
    "maid": _all_of_parity(odd=True),
    "philosopher": _all_of_parity(odd=False),
    "craftsman": _pip_total(15),
    "guard": _of_a_kind(3),
    "hunter": _of_a_kind(4),
    "astronomer": _groups(2, 2, "two pairs"),
    "merchant": _pip_total(20),
    "lady": Goal("full house", _full_house, _capped(5), symmetric=True),
    "pawnbroker": _pip_total(30),
    "knight": _of_a_kind(5),
    "sorcerer": _straight(5),
    "alchemist": _straight(6),
    "bishop": _groups(3, 2, "three pairs"),
    "nobleman": _groups(2, 3, "two triples"),
    "general": _of_a_kind(6),
    "king": _of_a_kind(7),
}


def card_goal(card: str) -> Goal:
    """The cost of ``card`` as a goal (the same test as the card's ``affordable``)."""
    if card not in CARD_GOALS:
        raise ValueError(f"{BY_ID[card].en if card in BY_ID else card!r} has no cost to reach")
    return CARD_GOALS[card]


def beat_goal(best: tuple[int, int], equal_wins: bool, narrow: bool = False) -> Goal:
    """Final round: a largest group beating ``best`` (count, face); the Queen's holder
    also wins with an equal one (``equal_wins``). ``narrow``: planned with fewer
    choices (``Goal.narrowed``)."""
    count, face = best

    def met(c: Counts) -> bool:
        group = best_group(c)
        return group > best or (equal_wins and group == best)

    name = f"{'match or beat' if equal_wins else 'beat'} {count}×{face}"
    # A face above the result's beats it with as many dice, a face at or below it with one
    # die more (the Queen's holder matches it: the same face with as many).
    needs = (0, *(count if f > face or (equal_wins and f == face) else count + 1 for f in FACES))
    goal = Goal(name, met, _capped(count + 1), needs=needs)
    return goal.narrowed() if narrow else goal


def best_of(values: dict[str, float]) -> Goal:
    """The worth of the best of these cards a result pays for (``values`` by card id).

    Only for cards whose costs treat all faces alike (groups and pairs), so the goal is
    face-blind and cheap to work out; a bot maximises its expected worth, which keeps
    its options open (three 6s aim at four while a Guard stays in hand).
    """
    ranked = sorted(values.items(), key=lambda item: -item[1])
    goals = [(CARD_GOALS[card], value) for card, value in ranked]
    if any(not goal.symmetric for goal, _ in goals):
        raise ValueError("best_of() takes only cards whose cost treats all faces alike")

    @lru_cache(maxsize=65536)  # a pure function of the dice, asked again and again
    def worth(c: Counts) -> float:
        for goal, value in goals:
            if goal.met(c):
                return value
        return 0.0

    name = "best of " + ", ".join(f"{card} {value:g}" for card, value in ranked)
    top = ranked[0][1] if ranked else 0.0
    return Goal(name, lambda c: worth(c) > 0, _capped(7), symmetric=True, worth=worth, top=top)
