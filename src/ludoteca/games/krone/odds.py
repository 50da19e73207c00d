"""The odds advisor: the chance of reaching a card's cost by the end of the turn.

For the seat to move, ``card_odds`` gives, for each card it may still take, the
probability of ending the turn with dice set aside that pay for it, when every choice of
the rest of the turn (which dice to set aside, when to roll, which card abilities to use
and how) is made to maximise that one card's chance. It is exact: an expectimax over the
dice by value (multisets), with the rules as they are — at least one die set aside after
each roll, set-aside dice never change, each card once a turn, at most twelve dice.

Why it stays small (docs/games/krone.md, "The odds advisor"):

* the dice set aside only count through the goal's key (``goals.py``), e.g. a pip total;
* card uses are tried before the dice set aside at the end of a roll, which loses nothing:
  an ability acts on active dice only, so setting a die aside first only takes options
  away — except for the Astronomer, which reads the set-aside faces, so while it is
  unused, setting aside in between is searched too;
* when the goal and every card still to use treat all faces alike, faces are renamed
  into one canonical order before looking a position up;
* a goal met by enough dice of one face (the final round's) says what each face needs:
  a face that can no longer reach it with the dice still to come is left out of the
  key, and a position where no face can is lost.

A narrow goal (``Goal.narrow``, the final round's under the room's deadline) is not
exact: it looks at fewer choices (``narrow_use``), so its chance is a lower bound,
worked out several times quicker.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple, TypeVar

from ludoteca.engine import Move, deadline

from .abilities import MAX_DICE, sub_multisets, uses
from .components import BRING_IN, BY_ID
from .dice import FACES, NO_DICE, Counts, counts_of, minus, one, plus, roll_outcomes, values_of
from .goals import Goal, beat_goal, card_goal
from .moves import BringIn, Buy, Change, End, Keep, Reroll, Roll
from .state import DICE, ROLLING, START, KroneState

# Abilities that treat every face alike: renaming faces maps their uses onto each other.
_FACE_BLIND = frozenset(("jester", "merchant", "sorcerer", "astronomer", "queen"))
Table = dict[Hashable, float]
Tables = tuple[Table, Table, Table, Table]
T = TypeVar("T")


class Turn(NamedTuple):
    """What the rest of a turn depends on: the dice and the cards still to use (a named
    tuple rather than a frozen dataclass: made and hashed millions of times a game, it is
    built and hashed by the tuple's own C code)."""

    aside: Counts
    active: Counts
    kept: bool  # a die was set aside since the last roll of the turn
    cards: frozenset[str]  # ability cards held and not used yet this turn


@lru_cache(maxsize=4096)
def _in_order(cards: frozenset[str]) -> tuple[str, ...]:
    """The cards in one order in every process: a set's own order follows the hashes of
    its strings, which change from process to process (``PYTHONHASHSEED``), and the order
    the abilities are tried in decides where a bounded ``Work`` runs out, and so the move."""
    return tuple(sorted(cards))


class TooLarge(Exception):
    """The exact computation would take more work than allowed."""


class Work:
    """The work one decision may do, shared by every goal it weighs: roll outcomes and
    choices looked at in positions not worked out before (what remembered positions
    cost is nothing). Counted, not timed, so that a seeded game repeats; past it, or
    past the decision's deadline where the caller set one (a live room:
    ``engine.deadline``), the computation raises ``TooLarge``."""

    __slots__ = ("left",)

    def __init__(self, units: int) -> None:
        self.left = units

    def spend(self, units: int) -> None:
        self.left -= units
        if self.left < 0:
            raise TooLarge("more work than one decision is allowed")
        if deadline.passed():
            self.left = -1  # spent: no other goal or fewer abilities is tried either
            raise TooLarge("the decision's time is up")


class Solver:
    """Exact chances of one goal for one seat's cards; positions are remembered.

    ``budget`` bounds how many new positions one call may work out; past it the call
    raises ``TooLarge`` (what was worked out stays remembered and correct).
    """

    def __init__(
        self, goal: Goal, budget: int = 0, tables: Tables | None = None, work: Work | None = None
    ) -> None:
        self.goal = goal
        self.budget = budget  # new positions still allowed; 0: no bound
        self.work = work
        # rolls and choices by the dice themselves (quick look-ups), then by key
        self._seen, self._rolls, self._choices, self._chosen = tables or ({}, {}, {}, {})
        self._payoff = goal.payoff if goal.worth is None else goal.worth
        self._keys: dict[tuple[Counts, int, bool], Hashable] = {}  # asides' keys, made once
        self._narrow = goal.narrow
        self._splits = _one_face_splits if goal.narrow else _splits

    # -- the two kinds of position -------------------------------------------------------
    #
    # The hot loops look a position up before calling for it, and pass a turn's four parts
    # rather than a ``Turn``: this is most of a Krone bot's time, and Python's calls are
    # its cost. A plain tuple and a ``Turn`` are the same key. The order in which
    # positions are worked out and work is spent is the plain expectimax's, so that a
    # bounded ``Work`` runs out at the same place.

    def roll(self, aside: Counts, dice: int, cards: frozenset[str]) -> float:
        """The chance when ``dice`` dice are about to be rolled as a roll of the turn."""
        # Remembered by the cards before the roll, as every caller looks it up: by the
        # cards after it, a roll with a card held for one roll more would answer for one
        # with that card's last roll spent.
        raw = (aside, dice, cards)
        found = self._seen.get(raw)
        if found is not None:
            return found
        cards = _aged(cards)
        goal = self.goal
        dead = goal.dead is not None and goal.dead(aside)
        if dead or (goal.needs is not None and self._out_of_reach(aside, dice, cards)):
            found = 0.0
        else:
            if self._face_blind(cards):
                aside = _sorted_faces(aside)
            key = (self._aside_key(aside, cards, dice), dice, cards)
            found = self._rolls.get(key)
            if found is None:
                outcomes = roll_outcomes(dice)
                self._spend(len(outcomes))
                chosen, choose = self._chosen, self._choose
                total = 0.0
                for outcome, ways in outcomes:
                    got = chosen.get((aside, outcome, False, cards))
                    value = choose(aside, outcome, False, cards) if got is None else got
                    total += ways * value
                found = total / float(6**dice)
                self._rolls[key] = found
        self._seen[raw] = found
        return found

    def choose(self, turn: Turn) -> float:
        """The chance between rolls, playing the rest of the turn as well as possible."""
        found = self._chosen.get(turn)
        if found is None:
            found = self._choose(*turn)
        return found

    def _choose(self, aside: Counts, active: Counts, kept: bool, cards: frozenset[str]) -> float:
        """``choose`` for a position not looked up yet: worked out and remembered."""
        goal = self.goal
        turn = (aside, active, kept, cards)
        if (goal.dead is not None and goal.dead(aside)) or (
            goal.needs is not None and self._out_of_reach(aside, sum(active), cards)
        ):
            found = 0.0
        elif goal.monotone and self._payoff(plus(aside, active)) >= goal.top:
            found = goal.top  # set everything aside and end
        else:
            if self._face_blind(cards):
                aside, active = _sorted_pair(aside, active)
            key = (self._aside_key(aside, cards, sum(active)), active, kept, cards)
            got = self._choices.get(key)
            if got is None:
                self._spend(len(self._splits(active)))
                got = self._choices[key] = self._best(aside, active, kept, cards)
            found = got
        self._chosen[turn] = found
        return found

    def _best(self, aside: Counts, active: Counts, kept: bool, cards: frozenset[str]) -> float:
        """The best of every way to go on, tried in a fixed order; the first to reach the
        goal's top ends the search."""
        payoff, top = self._payoff, self.goal.top
        seen, roll = self._seen, self.roll
        chosen, choose = self._chosen, self._choose
        found = 0.0
        if not any(active):
            value = payoff(aside)
            if value > found:
                found = value
                if found >= top:
                    return found
        else:
            # The last setting aside of this roll, then roll the rest or end.
            if kept:
                dice = sum(active)
                got = seen.get((aside, dice, cards))
                value = roll(aside, dice, cards) if got is None else got
                if value > found:
                    found = value
                    if found >= top:
                        return found
            splits = self._splits(active)
            _, a1, a2, a3, a4, a5, a6 = aside
            for (_, t1, t2, t3, t4, t5, t6), _left, rest in splits:
                if rest:
                    after = (0, a1 + t1, a2 + t2, a3 + t3, a4 + t4, a5 + t5, a6 + t6)
                    got = seen.get((after, rest, cards))
                    value = roll(after, rest, cards) if got is None else got
                else:
                    value = payoff(plus(aside, active))
                if value > found:
                    found = value
                    if found >= top:
                        return found
            if "astronomer" in cards:
                # Only the Astronomer looks at set-aside dice: set some aside first.
                for taken, left, rest in splits:
                    if rest:
                        after = plus(aside, taken)
                        got = chosen.get((after, left, True, cards))
                        value = choose(after, left, True, cards) if got is None else got
                        if value > found:
                            found = value
                            if found >= top:
                                return found
        room = sum(active) + sum(aside) < MAX_DICE
        for card in _in_order(cards):
            faces = _faces(aside) if card == "astronomer" else 0
            others = _without(cards, card)
            for then, rerolled in _effects(card, active, faces, room, self._narrow):
                if rerolled:
                    value = self.rerolled(aside, then, rerolled, kept, others)
                else:
                    got = chosen.get((aside, then, kept, others))
                    value = choose(aside, then, kept, others) if got is None else got
                if value > found:
                    found = value
                    if found >= top:
                        return found
        return found

    def after_use(self, turn: Turn, move: Move) -> float:
        """The chance after using a card as ``move`` describes."""
        return self._after(turn.aside, turn.active, turn.kept, turn.cards, move)

    def _after(
        self, aside: Counts, active: Counts, kept: bool, cards: frozenset[str], move: Move
    ) -> float:
        then, rerolled = _left_by(move, active)
        cards = _without(cards, move.card)  # type: ignore[attr-defined]
        if rerolled:
            return self.rerolled(aside, then, rerolled, kept, cards)
        return self.choose(Turn(aside, then, kept, cards))

    def rerolled(
        self, aside: Counts, staying: Counts, dice: int, kept: bool, cards: frozenset[str]
    ) -> float:
        """The chance when a card re-rolls ``dice`` dice; the others stay active."""
        outcomes = roll_outcomes(dice)
        if self.work is not None:
            self.work.spend(len(outcomes))
        chosen, choose = self._chosen, self._choose
        total = 0.0
        for outcome, ways in outcomes:
            active = plus(staying, outcome)
            got = chosen.get((aside, active, kept, cards))
            value = choose(aside, active, kept, cards) if got is None else got
            total += ways * value
        return total / float(6**dice)

    def _spend(self, units: int) -> None:
        if self.work is not None:
            self.work.spend(units)
        if self.budget:
            self.budget -= 1
            if not self.budget:
                raise TooLarge(f"more than the allowed positions for {self.goal.name}")

    # -- keys --------------------------------------------------------------------------

    def _face_blind(self, cards: frozenset[str]) -> bool:
        return self.goal.symmetric and cards <= _FACE_BLIND

    def _out_of_reach(self, aside: Counts, dice: int, cards: frozenset[str]) -> bool:
        """For a goal with ``needs``: whether no face can reach its need, whatever
        ``dice`` more dice (and those the cards bring in) show."""
        needs = self.goal.needs or ()
        more = dice + _brought(cards)
        return not any(aside[f] + more >= needs[f] for f in FACES)

    def _aside_key(self, aside: Counts, cards: frozenset[str], dice: int) -> Hashable:
        # The dice limit needs how many are set aside; the Astronomer, which faces.
        needs = self.goal.needs
        # Dice to come matter only with needs: the ``dice`` active or about to be rolled
        # and those the cards left bring in (every other ability only turns dice).
        more = 0 if needs is None else dice + _brought(cards)
        looked_up = (aside, more, "astronomer" in cards)
        found = self._keys.get(looked_up)
        if found is not None:
            return found
        faces = tuple(aside[f] > 0 for f in FACES) if looked_up[2] else None
        if needs is None:
            key = self.goal.key(aside)
        else:
            # A face that cannot reach its need with every die still to come is dead:
            # what it shows no longer matters.
            key = tuple(
                min(aside[f], needs[f]) if aside[f] + more >= needs[f] else -1 for f in FACES
            )
        found = self._keys[looked_up] = (key, sum(aside), faces)
        return found


@lru_cache(maxsize=1 << 18)
def _effects(
    card: str, active: Counts, faces: int, room: bool, narrow: bool = False
) -> tuple[tuple[Counts, int], ...]:
    """What each use of ``card`` (in ``uses``'s order) leaves (``_left_by``). ``faces``:
    those set aside, as bits (the Astronomer's); ``room``: whether a die may still be
    brought in; ``narrow``: only the uses ``narrow_use`` keeps."""
    aside = tuple(1 if faces >> face & 1 else 0 for face in range(7))
    moves = uses(_base(card), active, aside, 0 if room else MAX_DICE)  # type: ignore[arg-type]
    return tuple(_left_by(move, active) for move in moves if not narrow or narrow_use(move, active))


def narrow_use(move: Move, active: Counts) -> bool:
    """Whether a narrow plan (``Goal.narrow``) looks at this move: a result of one face
    is collected one face at a time, so of the moves whose uses are many it keeps those
    that act on one face's dice, or on one die. Setting aside: every die of one face, or
    one die. The Merchant: re-rolling every active die but one face's (or all). The
    Lady-in-waiting and Nobleman: turning every die of one face, or one die. The
    Alchemist: three dice only into three of one face. Every other move is kept."""
    if isinstance(move, Keep):
        return _one_face(move.dice, active)
    if isinstance(move, Reroll) and move.card == "merchant":
        staying = minus(active, counts_of(move.dice))
        kept = [face for face in FACES if staying[face]]
        return not kept or (len(kept) == 1 and staying[kept[0]] == active[kept[0]])
    if isinstance(move, Change) and move.card in ("lady", "nobleman"):
        return _one_face(move.before, active)
    if isinstance(move, Change) and move.card == "alchemist":
        return len(move.after) == 2 or len(set(move.after)) == 1
    return True


def _one_face(dice: tuple[int, ...], active: Counts) -> bool:
    """One die, or every active die of one face."""
    return len(dice) == 1 or (len(set(dice)) == 1 and len(dice) == active[dice[0]])


def _left_by(move: Move, active: Counts) -> tuple[Counts, int]:
    """The active dice a card's use leaves, and 0; or, for a re-roll, the dice that stay
    and how many are rolled."""
    if isinstance(move, BringIn):
        return plus(active, one(move.value)), 0
    if isinstance(move, Change):
        return plus(minus(active, counts_of(move.before)), counts_of(move.after)), 0
    if isinstance(move, Reroll):
        return minus(active, counts_of(move.dice)), len(move.dice)
    raise TypeError(f"{move} is not the use of a card")


def _faces(aside: Counts) -> int:
    return sum(1 << face for face in FACES if aside[face])


@lru_cache(maxsize=65536)
def _without(cards: frozenset[str], card: str) -> frozenset[str]:
    return cards - {card}


# A card left out of a plan can be held back for later in a plan of its own
# (``move_values_held``): "guard@2" is the Guard usable now and once more after the next roll
# of the turn, "guard@1" only until the next roll; rolling ages them (``_aged``).
_HELD = "@"


def held(card: str) -> str:
    """``card`` held back: usable now or after the next roll of the turn, no later."""
    return f"{card}{_HELD}2"


@lru_cache(maxsize=4096)
def _base(card: str) -> str:
    """The card itself, held back or not."""
    return card.partition(_HELD)[0]


@lru_cache(maxsize=65536)
def _aged(cards: frozenset[str]) -> frozenset[str]:
    """The cards usable after a roll: each card held back has one roll less left."""
    if not any(_HELD in card for card in cards):
        return cards
    aged = set()
    for card in cards:
        base, mark, left = card.partition(_HELD)
        if not mark:
            aged.add(card)
        elif int(left) > 1:
            aged.add(f"{base}{_HELD}{int(left) - 1}")
    return frozenset(aged)


@lru_cache(maxsize=4096)
def _brought(cards: frozenset[str]) -> int:
    """How many dice the cards still to use bring in."""
    return sum(BY_ID[_base(card)].kind == BRING_IN for card in cards)


@lru_cache(maxsize=4096)
def _splits(active: Counts) -> tuple[tuple[Counts, Counts, int], ...]:
    """Each way to set aside some active dice: (set aside, left active, how many left)."""
    found = []
    for dice in sub_multisets(active):
        taken = counts_of(dice)
        left = minus(active, taken)
        found.append((taken, left, sum(left)))
    return tuple(found)


@lru_cache(maxsize=4096)
def _one_face_splits(active: Counts) -> tuple[tuple[Counts, Counts, int], ...]:
    """The ways of a narrow plan to set aside active dice: those of ``_splits`` that
    ``narrow_use`` keeps (every die of one face, or one)."""
    return tuple(split for split in _splits(active) if _one_face(values_of(split[0]), active))


def _sorted_faces(aside: Counts) -> Counts:
    ordered = sorted(aside[1:], reverse=True)
    return (0, ordered[0], ordered[1], ordered[2], ordered[3], ordered[4], ordered[5])


def _sorted_pair(aside: Counts, active: Counts) -> tuple[Counts, Counts]:
    """Both multisets with the faces renamed alike, into one canonical order."""
    a, b = zip(*sorted(zip(aside[1:], active[1:], strict=True), reverse=True), strict=True)
    return (0, *a), (0, *b)


# -- the advisor --------------------------------------------------------------------------

# When a computation is too large, abilities are left out in this order: those whose uses
# are the most numerous first. Leaving one out can only lower a chance (the player may
# always not use a card), so the figure is then a lower bound.
LEAVE_OUT = (
    "merchant", "alchemist", "philosopher", "lady", "nobleman", "maid", "sorcerer",
    "astronomer", "jester", "queen", "craftsman", "guard", "hunter", "pawnbroker", "knight",
    "bishop",
)  # fmt: skip
#: New positions one question may work out before abilities are left out (about a second).
ADVISOR_BUDGET = 400_000
_REMEMBERED = 2_000_000  # positions kept per goal between questions
#: Positions kept for all goals together at most: a long run of games, each asking about
#: new goals, would otherwise grow without bound (tens of gigabytes over a 200-game
#: tournament of greedy bots). A two-player game of the search against greedy under the
#: room's deadline keeps 0.7 to 2.6 million by its end.
REMEMBERED_AT_MOST = 6_000_000
#: What a position kept costs, about: a process's peak memory grew by 157 bytes a position
#: over such a game (its transient work included), so the bound is about 0.9 GB.
POSITION_BYTES = 160
_REMEMBERED_IN_ALL = REMEMBERED_AT_MOST

# Positions worked out, by owner and goal: a cache of a pure function. Each owner (a bot
# level) has a memory of its own: a budget counts only positions not worked out before,
# so a plan bounded for one level would otherwise be as large as any other level's plans
# of the same goal in the process made it (``memory``).
_MEMORIES: dict[str, dict[str, Tables]] = {}
# Whose memory is worked in: a context variable, so that threads and tasks deciding side
# by side each keep to their own.
_OWNER: contextvars.ContextVar[str] = contextvars.ContextVar("odds_owner", default="")


@contextlib.contextmanager
def memory(owner: str) -> Iterator[None]:
    """Work out and remember positions in ``owner``'s memory for the while (outside any,
    in a memory of no one's)."""
    token = _OWNER.set(owner)
    try:
        yield
    finally:
        _OWNER.reset(token)


@dataclass(frozen=True)
class Odds:
    chance: float
    #: Abilities left out because the exact computation was too large: then ``chance`` is
    #: a lower bound, exact for the seat's other abilities.
    left_out: tuple[str, ...] = ()

    @property
    def exact(self) -> bool:
        return not self.left_out


def solver(goal: Goal, budget: int = 0, work: Work | None = None) -> Solver:
    """A solver for ``goal`` sharing what earlier ones worked out."""
    goals = _MEMORIES.setdefault(_OWNER.get(), {})
    tables = goals.pop(goal.name, None)
    if tables is None or len(tables[1]) + len(tables[2]) > _REMEMBERED:
        tables = ({}, {}, {}, {})
    goals[goal.name] = tables  # the most recently asked last
    # All goals of all memories together stay within bounds: the least recently asked of
    # the largest memory are forgotten first, never the goal just asked (the last of its).
    while _positions() > _REMEMBERED_IN_ALL:
        spare = [kept for kept in _MEMORIES.values() if len(kept) > (kept is goals)]
        if not spare:
            break
        largest = max(spare, key=lambda kept: sum(map(_size, kept.values())))
        del largest[next(iter(largest))]
    return Solver(goal, budget, tables, work)


def remember_within(nbytes: int) -> None:
    """Keep no more positions than about ``nbytes`` hold (``POSITION_BYTES`` each), and
    never more than ``REMEMBERED_AT_MOST``: a process that shares the machine with others
    like it takes its share (the room's bot processes)."""
    global _REMEMBERED_IN_ALL
    if nbytes < 0:
        raise ValueError(f"a memory of {nbytes} bytes: give 0 or more")
    _REMEMBERED_IN_ALL = min(REMEMBERED_AT_MOST, nbytes // POSITION_BYTES)


def forget() -> None:
    """Forget every position worked out, in every memory: what follows no longer depends
    on what came before (a decision that runs out of its counted work stops where the
    positions it still had to work out begin)."""
    _MEMORIES.clear()


def _size(tables: Tables) -> int:
    return sum(len(table) for table in tables)


def _positions() -> int:
    return sum(_size(tables) for goals in _MEMORIES.values() for tables in goals.values())


def turn_cards(state: KroneState) -> frozenset[str]:
    """The seat's cards whose abilities it may still use this turn."""
    holding = state.holdings[state.seat]
    return frozenset(card for card in holding.usable() if card not in state.used)


def _within(
    goal: Goal,
    budget: int,
    cards: frozenset[str],
    run: Callable[[Solver, frozenset[str]], T],
    dice_always: bool = True,
    skip: frozenset[str] = frozenset(),
    work: Work | None = None,
) -> tuple[T, tuple[str, ...]]:
    """``work`` with all of ``cards``, or with the fewest left out that fits ``budget``.

    With every ability left out, the dice alone are worked out whatever it takes, unless
    ``dice_always`` is false: then ``TooLarge`` is raised (a bot in a hurry looks elsewhere).
    Abilities in ``skip`` are left out from the start. ``work`` bounds all the tries
    together: once it is spent, ``TooLarge`` is raised at once.
    """
    left_out = [card for card in LEAVE_OUT if card in cards and card in skip]
    while True:
        usable = cards.difference(left_out)
        bounded = budget if usable or not dice_always else 0
        try:
            return run(solver(goal, bounded, work), usable), tuple(left_out)
        except TooLarge:
            if not usable or (work is not None and work.left < 0):
                raise
            left_out.append(next(card for card in LEAVE_OUT if card in usable))


def chance(
    state: KroneState,
    goal: Goal,
    budget: int = ADVISOR_BUDGET,
    dice_always: bool = True,
    skip: frozenset[str] = frozenset(),
    work: Work | None = None,
) -> Odds:
    """The chance that the seat to move ends its turn with ``goal`` met, playing for it."""
    if state.over:
        return Odds(0.0)

    def run(solver: Solver, cards: frozenset[str]) -> float:
        if state.phase is START:
            return solver.roll(NO_DICE, state.holdings[state.seat].turn_dice(), cards)
        if state.phase is ROLLING:
            if state.main_roll:
                return solver.roll(state.aside, state.rolling, cards)
            return solver.rerolled(state.aside, state.active, state.rolling, state.kept, cards)
        return solver.choose(Turn(state.aside, state.active, state.kept, cards))

    value, left_out = _within(goal, budget, turn_cards(state), run, dice_always, skip, work)
    return Odds(value, left_out)


def takeable(state: KroneState) -> list[str]:
    """The cards the seat to move could take this turn with the right dice."""
    if state.final is not None or state.over:
        return []
    holding = state.holdings[state.seat]
    found = []
    for card, left in state.display.items():
        if card == "jester" and holding.jesters:
            continue
        if left and card not in holding.cards:
            found.append(card)
    if holding.jesters:
        found.append("charlatan")
    return found


def card_odds(state: KroneState, budget: int = ADVISOR_BUDGET) -> dict[str, Odds]:
    """For each card the seat to move may still take this turn: its chance, played for."""
    return {card: chance(state, card_goal(card), budget) for card in takeable(state)}


def final_goal(state: KroneState, narrow: bool = False) -> Goal | None:
    """In the final round: beating the standing best (matching it, for the Queen's
    holder); ``narrow``: planned with fewer choices (``Goal.narrow``)."""
    if state.final is None:
        return None
    return beat_goal(state.final.best, state.seat == state.king_buyer, narrow)


def best_move(
    state: KroneState,
    goal: Goal,
    budget: int = ADVISOR_BUDGET,
    dice_always: bool = True,
    skip: frozenset[str] = frozenset(),
    work: Work | None = None,
) -> tuple[Move, Odds]:
    """A legal move that keeps ``goal``'s chance highest, and that chance.

    Ties go to the first move in the order: end or take, set aside (more dice first),
    roll, use a card — so a bot playing it never wastes an ability.
    """
    if state.phase is START:
        return Roll(), chance(state, goal, budget, dice_always, skip, work)
    if state.phase is not DICE:
        raise ValueError("best_move() needs the seat to move between rolls")
    moves = _ordered(state.legal_moves())
    if goal.narrow:
        moves = [move for move in moves if narrow_use(move, state.active)]
    values, left_out = move_values(state, goal, moves, budget, dice_always, skip, work)
    best: tuple[Move, float] = (moves[0], -1.0)
    for move, value in zip(moves, values, strict=True):
        if value > best[1] + 1e-12:
            best = (move, value)
    move, value = best
    return move, Odds(value, left_out)


def move_values(
    state: KroneState,
    goal: Goal,
    moves: list[Move],
    budget: int = ADVISOR_BUDGET,
    dice_always: bool = True,
    skip: frozenset[str] = frozenset(),
    work: Work | None = None,
) -> tuple[list[float], tuple[str, ...]]:
    """Each of ``moves``' chance of ``goal`` (its expected worth, for a goal of worths),
    playing on for it, and the abilities left out of the plan (``best_move``'s figures)."""
    if state.phase is not DICE:
        raise ValueError("move_values() needs the seat to move between rolls")

    def run(solver: Solver, cards: frozenset[str]) -> list[float]:
        turn = Turn(state.aside, state.active, state.kept, cards)
        return [_value(solver, turn, move) for move in moves]

    return _within(goal, budget, turn_cards(state), run, dice_always, skip, work)


def best_move_held(
    state: KroneState,
    goal: Goal,
    move: Move,
    planned: frozenset[str],
    hold: frozenset[str],
    work: Work,
) -> Move:
    """``move``, or one worth more for ``goal`` planned with ``planned`` and with each card
    of ``hold`` usable now or after the next roll of the turn (``move_values_held``): the
    first of ``best_move``'s order worth the most. A bound that undervalues holding a
    card several rolls must not overturn a move it cannot tell from the best."""
    moves = _ordered(state.legal_moves())
    values = move_values_held(state, goal, moves, planned, hold, work)
    worth = dict(zip(moves, values, strict=True))
    best = max(values)
    if best <= worth[move] + 1e-12:
        return move
    return moves[values.index(best)]


def move_values_held(
    state: KroneState,
    goal: Goal,
    moves: list[Move],
    planned: frozenset[str],
    hold: frozenset[str],
    work: Work | None = None,
) -> list[float]:
    """Each of ``moves``' worth for ``goal`` planned with ``planned``, and with each card
    of ``hold`` usable now or after the next roll of the turn, no later.

    A plan that leaves a card out (``move_values`` past its budget) weighs it for use now
    or never: a card that brings in a die then looks best used at once, where a player
    holds it for a roll that shows none of the face collected (the die brought in is then
    the one set aside, and every other die is rolled again). Holding it one roll longer
    is a lower bound on holding it, worked out at the cost of about one roll's positions
    more than the plan without it. Raises ``TooLarge`` past ``work`` or the deadline."""
    if state.phase is not DICE:
        raise ValueError("move_values_held() needs the seat to move between rolls")
    plan = solver(goal, 0, work)
    marked = planned | frozenset(held(card) for card in hold)
    turn = Turn(state.aside, state.active, state.kept, marked)
    values = []
    for move in moves:
        if isinstance(move, Reroll | BringIn | Change) and move.card in hold:
            now = (marked - {held(move.card)}) | {move.card}
            values.append(plan.after_use(turn._replace(cards=now), move))
        else:
            values.append(_value(plan, turn, move))
    return values


def _ordered(moves: list[Move]) -> list[Move]:
    def rank(move: Move) -> tuple[int, int]:
        if isinstance(move, Buy | End):
            return (0, 0)
        if isinstance(move, Keep):
            return (1, -len(move.dice))
        if isinstance(move, Roll):
            return (2, 0)
        return (3, 0)

    return sorted(moves, key=rank)


def _value(solver: Solver, turn: Turn, move: Move) -> float:
    goal = solver.goal
    if isinstance(move, Buy | End):
        return goal.payoff(turn.aside)
    if isinstance(move, Keep):
        taken = counts_of(move.dice)
        return solver.choose(Turn(plus(turn.aside, taken), minus(turn.active, taken), True,
                                  turn.cards))  # fmt: skip
    if isinstance(move, Roll):
        return solver.roll(turn.aside, sum(turn.active), turn.cards)
    if isinstance(move, Reroll | BringIn | Change):
        if move.card not in turn.cards:  # an ability left out of the computation
            return solver.after_use(turn._replace(cards=turn.cards | {move.card}), move)
        return solver.after_use(turn, move)
    return 0.0


def describe(odds: dict[str, Odds]) -> str:
    """The odds as one line for the terminal, likeliest first."""
    if not odds:
        return "no card can be taken this turn"
    ranked = sorted(odds.items(), key=lambda item: (-item[1].chance, item[0]))
    parts = []
    for card, found in ranked:
        bound = "≥" if not found.exact else ""
        if found.chance > 0 or not found.exact:
            parts.append(f"{BY_ID[card].en} {bound}{100 * found.chance:.1f}%")
    out_of_reach = [BY_ID[card].en for card, found in ranked if found.chance == 0 and found.exact]
    text = ", ".join(parts) or "no card is within reach"
    if out_of_reach:
        text += f"; out of reach: {', '.join(out_of_reach)}"
    left_out = sorted({c for found in odds.values() for c in found.left_out})
    if left_out:
        text += f" (≥: without {', '.join(BY_ID[c].en for c in left_out)}, too many cases)"
    return text


def to_json(state: KroneState, budget: int = ADVISOR_BUDGET) -> dict[str, object]:
    """The advice for the seat to move, JSON-ready (for the terminal, a server, a hint).

    ``cards``: each card it may still take with its chance; in the final round,
    ``final_round`` holds the chance of beating the standing best (of matching it, for
    the Queen's holder) instead. ``exact`` is false where abilities were left out; the
    chance is then a lower bound.
    """
    data: dict[str, object] = {"seat": state.seat, "cards": {}, "final_round": None}
    goal = final_goal(state)
    if goal is not None and not state.over:
        found = chance(state, goal, budget)
        data["final_round"] = {
            "goal": goal.name,
            "chance": round(found.chance, 6),
            "exact": found.exact,
            "left_out": list(found.left_out),
        }
        return data
    data["cards"] = {
        card: {"chance": round(found.chance, 6), "exact": found.exact,
               "left_out": list(found.left_out)}
        for card, found in card_odds(state, budget).items()
    }  # fmt: skip
    return data


def advice(state: KroneState) -> str:
    """The odds for the seat to move as one line of text."""
    goal = final_goal(state)
    if goal is not None and not state.over:
        found = chance(state, goal)
        bound = "" if found.exact else "≥"
        return f"chance to {goal.name}: {bound}{100 * found.chance:.1f}%"
    return describe(card_odds(state))
