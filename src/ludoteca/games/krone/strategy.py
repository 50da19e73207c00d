"""A simple policy that always finishes a game: collect one face, buy the best card.

It picks a target face (the largest group set aside, else the largest group rolled),
brings in every die its cards allow, turns dice into the target where a card can, keeps
every die of the target, and with the result takes the first affordable card of
``PRIORITY``. It is the policy of ``ludoteca simulate``, not a strong player.
"""

from __future__ import annotations

import contextlib
import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from ludoteca.engine import Move, deadline

from . import judgement
from .abilities import MAX_DICE
from .components import BRING_IN, BY_ID
from .dice import FACES, Counts, best_group, plus
from .moves import BringIn, Buy, Change, Keep, Reroll
from .power import beats, holding_key
from .state import DICE, END, ROLL, START, Holding, KroneState

if TYPE_CHECKING:
    from .goals import Goal
    from .odds import Work

PRIORITY = (
    "king", "general", "farmer", "charlatan", "bishop", "knight", "pawnbroker", "hunter",
    "guard", "craftsman", "jester", "sorcerer", "nobleman", "lady", "astronomer", "maid",
    "alchemist", "merchant", "philosopher",
)  # fmt: skip


def simple_move(state: KroneState, rng: random.Random) -> Move:
    if state.phase is START:
        return ROLL
    if state.phase is not DICE:
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


# -- greedy: play every turn for the most valuable card within reach ----------------------

# What a card is worth to a player racing for seven of a kind: a die more each turn (or a
# die brought in or turned to the face collected) is worth most; the King ends the race.
CARD_VALUES = {
    "king": 200.0, "general": 60.0, "farmer": 20.0, "charlatan": 18.0, "bishop": 16.0,
    "knight": 16.0, "pawnbroker": 14.0, "hunter": 14.0, "astronomer": 14.0, "sorcerer": 14.0,
    "guard": 12.0, "nobleman": 12.0, "lady": 12.0, "craftsman": 10.0, "merchant": 8.0,
    "alchemist": 4.0, "maid": 4.0, "philosopher": 3.0, "jester": 3.0,
}  # fmt: skip
#: What the tree search plays its dice for (``search_move``): a die more is worth still
#: more against the rest. Greedy's values above send it after two pairs (Astronomer), a
#: straight (Sorcerer) or a full house (Lady-in-waiting) where collecting one face would
#: have paid for a card that adds a die; the simple policy, which always collects one
#: face, beat greedy with them (docs/bots-measured.md, "Earlier figures").
RACE_VALUES = {
    "king": 200.0, "general": 60.0, "farmer": 20.0, "charlatan": 18.0, "bishop": 16.0,
    "knight": 16.0, "pawnbroker": 14.0, "hunter": 14.0, "guard": 12.0, "craftsman": 10.0,
    "sorcerer": 8.0, "astronomer": 6.0, "nobleman": 6.0, "lady": 6.0, "merchant": 4.0,
    "jester": 3.0, "alchemist": 3.0, "maid": 3.0, "philosopher": 2.0,
}  # fmt: skip
#: Positions one goal may work out per decision of the greedy bot (a few milliseconds).
GREEDY_BUDGET = 3_000
#: Work (roll outcomes and choices looked at) one decision may spend on weighing the
#: cards, and as much again on the move for the card chosen: a decision stays well within
#: a second even when a goal's positions are large (many dice, or a card that adds dice).
GREEDY_WORK = 100_000
#: Abilities whose uses are too many to plan with in a hurry: the bot still weighs using
#: them now, but not again later in the turn.
UNPLANNED = frozenset(("merchant", "alchemist", "philosopher", "lady", "nobleman", "maid"))


def greedy_move(
    state: KroneState,
    rng: random.Random,
    values: dict[str, float] = CARD_VALUES,
    budget: int = GREEDY_BUDGET,
    work: int = GREEDY_WORK,
    aim_high: bool = False,
    hold: bool = False,
) -> Move:
    """Keep dice towards the most valuable card within reach (by ``values``), by the exact
    odds.

    The cards paid for by groups and pairs are weighed together: the bot maximises the
    expected value of the best of them it ends up able to take, so three 6s go on
    towards four while the Guard stays within reach. A card paid for otherwise (pips,
    odd or even, a straight) is played for alone when its value × chance beats that.
    A goal too large to work out in the bot's budget is passed over. ``budget``: the
    positions one goal may work out (abilities are left out of the plan past it);
    ``work``: the work of the whole decision, as much again for its move; ``aim_high``:
    a race turn whose cards paid for by groups (the King's goal) cannot be weighed with
    every ability is played for them, not for a lesser card (``race_goal``), and is not
    ended while a card that brings in a die was left out of the plan
    (``_bring_in_first``); ``hold``: under a deadline, such cards are weighed held back
    for the next roll too (``_held_back``).
    """
    from .odds import TooLarge, Work, best_move, final_goal

    if state.phase is START:
        return ROLL
    if state.phase is not DICE:
        raise ValueError("greedy_move() needs a seat to move, not a chance event")
    goal = final_goal(state)
    if goal is None:
        goal, _worth = race_goal(state, values, budget, Work(work), aim_high)
    try:
        move, planned = best_move(state, goal, budget, False, UNPLANNED, Work(work))
    except TooLarge:
        move = simple_move(state, rng)
    else:
        if aim_high and state.final is None and _ends(state, move):
            move = _bring_in_first(state, goal, budget, Work(work), planned.left_out) or move
        if hold and state.final is None:
            move = _held_back(state, goal, move, planned.left_out)
    if isinstance(move, Buy) or move == END:
        # The turn ends here (a card brought in after the last die was weighed above):
        # take the most valuable card the dice pay for.
        affordable = set(state.buyable()) if state.final is None else set()
        if affordable:
            return Buy(max(affordable, key=lambda card: (values[card], card)))
        return END
    return move


def _ends(state: KroneState, move: Move) -> bool:
    """Whether ``move`` ends the turn, or sets aside every active die before it ends."""
    if isinstance(move, Keep):
        return len(move.dice) == sum(state.active)
    return isinstance(move, Buy) or move == END


def _held_back(state: KroneState, goal: Goal, move: Move, left_out: tuple[str, ...]) -> Move:
    """Where a race plan left out cards that bring in a die: ``move``, or one worth more
    with each of them held back for the next roll (``odds.best_move_held``), planned one
    face at a time (``Goal.narrowed``: about half the time, the same move in 24 of 25
    positions tried), as far as the deadline allows. The plan without them weighs each
    for use now or never, and so brought every die in at once after a turn's first roll,
    where the whole plan holds them for a roll that shows none of the face collected:
    up to a seventh of a King's worth more by its own measure (docs/krone-search.md,
    "Dice cards held back for the next roll")."""
    from .odds import TooLarge, Work, best_move_held, turn_cards

    if not any(state.active) or not deadline.given():
        return move
    hold = frozenset(card for card in left_out if BY_ID[card].kind == BRING_IN)
    if not hold:
        return move
    planned = turn_cards(state).difference(left_out)
    try:
        return best_move_held(state, goal.narrowed(), move, planned, hold, Work(FINAL_WORK))
    except TooLarge:
        return move


def _bring_in_first(
    state: KroneState, goal: Goal, budget: int, spent: Work, left_out: tuple[str, ...]
) -> Move | None:
    """Where a race plan would end the turn while cards that bring in a die were left out
    of it: the use of one of them the plan values most (None: none usable). A plan
    without those cards weighs each only for use now, and the King's goal, seven of a
    kind from four or five dice, then looks out of reach: it ended turns holding five such
    cards for the Jester, where the plan with them brings in the Craftsman's die
    (docs/krone-search.md, "A race plan does not end its turn with its dice cards
    unused"). A die brought in can only add to what the turn's dice pay for."""
    from .odds import TooLarge, move_values

    uses: list[Move] = [
        move for move in state.legal_moves() if isinstance(move, BringIn) and move.card in left_out
    ]
    if not uses:
        return None
    try:
        worths, _ = move_values(state, goal, uses, budget, False, UNPLANNED, spent)
    except TooLarge:
        return uses[0]
    return max(zip(uses, worths, strict=True), key=lambda use: use[1])[0]


def race_goal(
    state: KroneState,
    values: dict[str, float],
    budget: int,
    spent: Work,
    aim_high: bool = False,
) -> tuple[Goal, float]:
    """The goal greedy plays a race turn for (``greedy_move``), and what meeting it is
    worth: 1 for the best of the cards paid for by groups and pairs (that goal's chance
    is already its worth in ``values``' points), a card's value for one card's goal.
    ``spent``: the work the weighing may do, shared by every goal weighed. A goal too
    large to weigh is passed over. ``aim_high``: the groups' goal is chosen whenever it
    cannot be weighed with every ability it plans with (too large, or some left out):
    it is the King's, and its chance without the cards that bring in dice says little
    beside a lesser card's whole one (the Merchant's 20 pips, sure, where the larger plan
    brought dice in for the King: docs/krone-search.md, "Krone's race keeps to the
    King's goal")."""
    from .goals import CARD_GOALS, card_goal
    from .odds import TooLarge, chance, takeable

    cards = takeable(state)
    goal, scale, best_worth = groups_goal(state, values), 1.0, 0.0
    try:
        odds = chance(state, goal, budget, False, UNPLANNED, spent)
    except TooLarge:
        if aim_high:
            return goal, scale
    else:
        if aim_high and any(card not in UNPLANNED for card in odds.left_out):
            return goal, scale
        best_worth = odds.chance
    others = sorted((c for c in cards if not CARD_GOALS[c].symmetric), key=lambda c: -values[c])
    for card in others:
        if values[card] <= best_worth:
            break
        try:
            odds = chance(state, card_goal(card), budget, False, UNPLANNED, spent)
        except TooLarge:
            continue
        if values[card] * odds.chance > best_worth:
            goal, scale = card_goal(card), values[card]
            best_worth = scale * odds.chance
    return goal, scale


def groups_goal(state: KroneState, values: dict[str, float]) -> Goal:
    """The goal of the cards within reach paid for by groups and pairs, the King's among
    them, each worth its ``values``: the race weighs it first (``race_goal``), and a
    turn's start works it out ahead (``think_ahead``) under the same name."""
    from .goals import CARD_GOALS, best_of
    from .odds import takeable

    return best_of({c: values[c] for c in takeable(state) if CARD_GOALS[c].symmetric})


# -- the moves a tree search looks at ---------------------------------------------------

#: Nothing is hidden in this game: a tree search may remember a node's moves.
PUBLIC = True
#: The search tree keeps the choices of cards only: the dice of a turn are played by the
#: quick policy and its rolls are not kept (a tree branching on every roll would meet
#: each of the next decisions once, and so never look past the next roll).
DECISIONS_ONLY = True
_QUIET = random.Random(0)  # the policies below draw nothing; they only need an rng


def ranked_moves(state: KroneState) -> list[Move]:
    """Within a turn, one move: the dice are played by the odds, not searched. At the end
    of a turn, the cards the result pays for in the simple policy's order (``PRIORITY``),
    and ending.

    Which card to take is where looking ahead pays: the exact odds already play a turn
    well for one aim, and weighing every way of setting dice aside by whole-game
    playouts would only add noise. (At its root the search plays ``search_move`` where
    this offers one move; deeper down, the simple policy stands in, as it is quick.)
    """
    if state.phase is START:
        return [ROLL]  # passing in the final round never helps to win
    if state.phase is not DICE:
        return state.legal_moves()
    if any(state.active):
        return [simple_move(state, _QUIET)]
    legal = state.legal_moves()
    affordable = sorted(state.buyable(), key=PRIORITY.index)
    ranked: list[Move] = [Buy(card) for card in affordable if Buy(card) in legal]
    ranked += [m for m in legal if not isinstance(m, Buy)]
    return ranked


def forget() -> None:
    """Forget the odds worked out so far (``bots.strategies.forget``): the arena's games
    then each follow from their seed and number alone."""
    from .odds import forget as forget_odds

    forget_odds()


def memory(owner: str) -> contextlib.AbstractContextManager[None]:
    """Remember the odds worked out in ``owner``'s memory (``bots.strategies.memory``)."""
    from .odds import memory as odds_memory

    return odds_memory(owner)


def remember_within(nbytes: int) -> None:
    """Keep the odds worked out within about ``nbytes`` (``bots.strategies.remember_within``)."""
    from .odds import remember_within as bound

    bound(nbytes)


def advice(state: KroneState) -> str:
    """The odds advisor's line for the terminal's ``odds`` command."""
    from .odds import advice as odds_advice

    return odds_advice(state)


def advice_json(state: KroneState) -> dict[str, object]:
    """The odds advisor's figures, JSON-ready: ``ludoteca odds --json``."""
    from .odds import to_json

    return to_json(state)


# -- what the tree search plays beyond greedy -------------------------------------------

#: Cards that turn one active die into the face collected (the Astronomer once it is set
#: aside, as it is here), tried in this order.
TO_FACE = ("sorcerer", "astronomer", "maid", "lady", "nobleman")


#: Positions one goal of the search's dice may work out, and the work of one decision:
#: ten times greedy's. With greedy's budget a seat holding three abilities or more plans
#: its turn without some of them (the cards that bring in a die among them) in most of
#: its decisions; with ten times as many, the race alone is about two thirds of a turn
#: quicker (docs/krone-search.md, "Krone's race alone").
SEARCH_BUDGET = 30_000
SEARCH_WORK = 1_000_000
#: The work of one final-round decision, and the positions its one goal may work out:
#: the plan with every ability of seven dice and the Lady-in-waiting and Maid takes
#: about three million (seconds; under the room's deadline only what time allows).
FINAL_WORK = 3_000_000


def search_move(
    state: KroneState,
    rng: random.Random,
    values: dict[str, float] = RACE_VALUES,
    budget: int = SEARCH_BUDGET,
    work: int = SEARCH_WORK,
) -> Move:
    """Greedy's move for the race (``values``: ``RACE_VALUES``, or others to try) with a
    larger plan (``budget``, ``work``; under a deadline, as far as time allows), except
    when seven of a kind for the King are already in hand, or a group that beats the
    final round's standing best: then the turn goes on for more of that face
    (``push_bid``, ``push_final``); and in the final round, a plan with every ability
    (``final_move``; under a deadline its narrow plan first). Under a deadline a turn's
    start, before its first roll, works out the plans the turn's decisions after the
    roll want (``think_ahead``: the final turn's start comes here, as it may pass; a race
    turn's, whose one move is to roll, reaches it through the search's forced move)."""
    for push in (push_bid(state), push_final(state)):
        if push is not None:
            return push
    if state.phase is START and deadline.given():
        think_ahead(state, values)
        return ROLL
    final = state.final is not None and state.phase is DICE
    if not deadline.given():
        planned = final_move(state) if final else None
        return planned if planned is not None else greedy_move(state, rng, values, budget, work)
    # Under a deadline (the room's) the plans come cheapest first, each replacing the
    # move in hand only if it finished in time: greedy's, so that a move is in hand; then
    # in the race greedy's again with the dice cards its plan left out held back for the
    # next roll (``_held_back``, from what greedy's plan remembered) and the larger one
    # (held back likewise), in the final round the narrow plan with every ability and
    # the whole one. Whole plans first would leave the cheaper ones no time whenever
    # they run out; the race's larger plan in the final round plays for the same goal
    # with fewer abilities, and took the time the narrow plan needs (docs/krone-search.md,
    # "Krone's final round", "The final round's plans, narrow").
    # In the race both keep to the King's goal where they cannot weigh it with every
    # ability (``aim_high``): played for a sure lesser card instead, the room's race
    # lost most where it parted from the counted search's (docs/krone-search.md,
    # "Krone's race keeps to the King's goal").
    move = greedy_move(state, rng, values, aim_high=True)
    steps: list[Callable[[], Move | None]]
    if final:
        steps = [lambda: final_move(state, narrow=True), lambda: final_move(state)]
    else:
        steps = [
            lambda: greedy_move(state, rng, values, aim_high=True, hold=True),
            lambda: greedy_move(state, rng, values, budget, work, aim_high=True, hold=True),
        ]
    for step in steps:
        if deadline.passed():
            break
        better = step()
        if deadline.passed():
            break
        if better is not None:
            move = better
    return move


def think_ahead(state: KroneState, values: dict[str, float] = RACE_VALUES) -> None:
    """At a turn's start, before its first roll, work out the plans the turn's decisions
    will ask for first, for as long as the decision's deadline allows (without one,
    nothing: counted play stays as it was). What is worked out is remembered (``odds``),
    so the decisions after the roll start from it: under the room's deadline a fresh plan
    for many dice and abilities seldom finishes in one decision, and this one has nothing
    else to weigh. In the final round, the plans with every ability, the narrow one
    first; in the race, the plan for the cards paid for by groups (the King's goal, which
    the race's plans weigh first and keep to: ``race_goal``), with every ability they
    plan with. Bounded by time alone: a bound on positions would leave abilities out, and
    a plan without them is remembered apart and not asked for after the roll."""
    from .odds import TooLarge, Work, chance, final_goal

    if state.phase is not START or not deadline.given():
        return
    plans: list[tuple[Goal | None, frozenset[str]]]
    if state.final is None:
        plans = [(groups_goal(state, values), UNPLANNED)]
    else:
        plans = [(final_goal(state, narrow), frozenset[str]()) for narrow in (True, False)]
    for goal, skip in plans:
        if goal is None or deadline.passed():
            return
        with contextlib.suppress(TooLarge):
            chance(state, goal, 0, False, skip, Work(FINAL_WORK))


def final_move(state: KroneState, work: int = FINAL_WORK, narrow: bool = False) -> Move | None:
    """The move that keeps the chance of beating the standing best highest, planned with
    every ability; None when that is more than ``work`` (or time is up). ``narrow``:
    planned with fewer choices (``Goal.narrow``: one face at a time), a few times
    cheaper and seldom worse.

    Greedy leaves the abilities of many uses (``UNPLANNED``: the Lady-in-waiting, the
    Maid, the Alchemist...) out of its plan for the rest of a turn, so that a race turn
    stays quick. The final round is one turn that decides the game, played for one aim:
    planned with them, seven dice and the Lady-in-waiting and Maid beat seven 4s about
    four times as often (docs/krone-search.md, "Krone's final round").
    """
    from .odds import TooLarge, Work, best_move, final_goal

    goal = final_goal(state, narrow)
    if goal is None:
        return None
    try:
        return best_move(state, goal, work, False, frozenset(), Work(work))[0]
    except TooLarge:
        return None


def push_bid(state: KroneState) -> Move | None:
    """With seven of a kind secured for the King, a move that adds to that group.

    Greedy ends the turn as soon as the King is paid for. But the bid is the standing best
    of the final round: every die more of the face makes it harder to beat, and rolling
    the other active dice on costs nothing (dice set aside never change, and the face's
    dice are set aside first). None when the King is out of reach or nothing is left to
    add; the moves are ``_push``'s.
    """
    if state.phase is not DICE or state.final is not None or not any(state.active):
        return None
    holding = state.holdings[state.seat]
    if not state.display.get("king") or "king" in holding.cards:
        return None
    count, face = best_group(plus(state.aside, state.active))
    return _push(state, face) if count >= 7 else None


def push_final(state: KroneState) -> Move | None:
    """In the final round, with the standing best beaten, a move that adds to the group
    that beats it; None for the Queen's holder, or when it is not beaten in hand.

    The goal of the final turn is met once the best is beaten, and the odds then end the
    turn (ending comes first among moves of equal chance). But the Queen's holder plays
    last and takes the King back by matching the result: every die more of the face makes
    that harder, and the rest of the turn costs nothing (``push_bid``). In the room's
    two-player games the Queen's holder matched the search's result in 17 of the 33 games
    where it beat the bid (docs/krone-search.md, "The final round pushed on").
    """
    final = state.final
    if final is None or state.phase is not DICE or not any(state.active):
        return None
    if state.seat == state.king_buyer:
        return None  # matching is enough: the last turn of the game, won
    group = best_group(plus(state.aside, state.active))
    return _push(state, group[1]) if group > final.best else None


def _push(state: KroneState, face: int) -> Move | None:
    """A move that adds to the dice of ``face``, whose group is in hand: bring in every die
    the cards allow, set the face's dice aside, turn a die into the face when a roll
    brings none (or on the last dice), re-roll with the Merchant or Jester when a roll
    brings none, and roll the rest."""
    active = state.active
    legal = set(state.legal_moves())
    usable = [card for card in state.holdings[state.seat].usable() if card not in state.used]
    for card in usable:
        if BY_ID[card].kind == BRING_IN:
            move = BringIn(card, face if card == "queen" else BY_ID[card].amount or face)
            if move in legal:
                return move
    if active[face]:
        return Keep((face,) * active[face])
    others = [f for f in FACES if active[f]]
    if not state.kept:
        # The roll brought none of the face: re-roll, else turn a die into it.
        if "merchant" in usable:
            return Reroll("merchant", tuple(f for f in others for _ in range(active[f])))
        if "jester" in usable:
            return Reroll("jester", (others[0],))
    changes = [
        move
        for move in (_to_face(card, face, active) for card in TO_FACE if card in usable)
        if move is not None and move in legal
    ]
    if changes and (not state.kept or sum(active) <= len(changes)):
        return changes[0]
    if state.kept:
        return ROLL
    return Keep((others[0],))


def _to_face(card: str, face: int, active: Counts) -> Move | None:
    """The use of ``card`` that turns active dice into ``face``, if there is one."""
    if card in ("sorcerer", "astronomer"):
        source = next((f for f in FACES if active[f] and f != face), None)
        return None if source is None else Change(card, (source,), (face,))
    if card == "maid":
        source = next((f for f in FACES if active[f] and 1 <= face - f <= 3), None)
        return None if source is None else Change(card, (source,), (face,))
    step = 1 if card == "lady" else 2
    below = face - step
    if below < 1 or not active[below]:
        return None
    return Change(card, (below,) * active[below], (face,) * active[below])


# -- the search's judgement of a position ------------------------------------------------

#: The playouts stop at once: a position is judged by the cards held and the bid
#: (``evaluate``), not played out (whole-game playouts of the simple policy did no
#: better and cost more: docs/bots-measured.md, "Earlier figures").
PLAYOUT_MOVES = 0


def evaluate(state: KroneState) -> list[float]:
    """Each seat's share of the win, judged from the cards held and the King's bid.

    Before the King is taken, shares go by the cards held and the order of the coming
    turns, as learnt from self-play games (``judgement.shares``): the search then adds to
    the choice of card what follows it — the cards it leaves the others, the reply of the
    next seat. (Whoever takes the King wins most games: nine in ten between greedy and
    simple.) Once the King
    is taken, the Queen's holder keeps the win unless someone still to play in the final round
    beats the standing best: each such seat with about the chance of a turn played for
    more of a kind, or as many of a higher face (``power.beats``).
    """
    players = state.players
    if state.king_buyer is None or state.bid is None:
        return judgement.shares(state)
    best = state.final.best if state.final is not None else state.bid
    count, face = best
    to_play = set(range(players))
    if state.final is not None:
        to_play = set(state.final.order[state.final.index :])
    queen = state.king_buyer
    queen_to_play = queen in to_play
    to_play.discard(queen)
    beating = {seat: _beats(state.holdings[seat], count, face) for seat in to_play}
    holder = state.king_holder()
    keeps = math.prod(1 - p for p in beating.values())
    shares = [0.0] * players
    if holder is not None:
        shares[holder] += keeps
    rest = 1 - keeps
    total = sum(beating.values())
    for seat, p in beating.items():
        shares[seat] += rest * p / total if total else 0.0
    if holder is None:
        shares[queen] += keeps
    if queen_to_play:
        # The Queen's holder plays last and takes the King back by matching the best.
        back = _beats(state.holdings[queen], count, face - 1)
        kept = shares[queen]
        shares = [share * (1 - back) for share in shares]
        shares[queen] = kept + (1 - kept) * back
    return shares


def _beats(holding: Holding, count: int, face: int) -> float:
    """About the chance that ``holding`` rolls more than ``count`` of a kind, or ``count``
    of a face above ``face``, playing for it (``power.beats``)."""
    return beats(*holding_key(holding), count, face)
