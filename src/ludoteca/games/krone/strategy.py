"""A simple policy that always finishes a game: collect one face, buy the best card.

It picks a target face (the largest group set aside, else the largest group rolled),
brings in every die its cards allow, turns dice into the target where a card can, keeps
every die of the target, and with the result takes the first affordable card of
``PRIORITY``. It is the policy of ``ludoteca simulate``, not a strong player.
"""

from __future__ import annotations

import contextlib
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


# -- greedy: play every turn for the most valuable card within reach ----------------------

# What a card is worth to a player racing for seven of a kind: a die more each turn (or a
# die brought in or turned to the face collected) is worth most; the King ends the race.
CARD_VALUES = {
    "king": 200.0, "general": 60.0, "farmer": 20.0, "charlatan": 18.0, "bishop": 16.0,
    "knight": 16.0, "pawnbroker": 14.0, "hunter": 14.0, "astronomer": 14.0, "sorcerer": 14.0,
    "guard": 12.0, "nobleman": 12.0, "lady": 12.0, "craftsman": 10.0, "merchant": 8.0,
    "alchemist": 4.0, "maid": 4.0, "philosopher": 3.0, "jester": 3.0,
}  # fmt: skip
#: Positions one goal may work out per decision of the greedy bot (a few milliseconds).
GREEDY_BUDGET = 3_000
#: Abilities whose uses are too many to plan with in a hurry: the bot still weighs using
#: them now, but not again later in the turn.
UNPLANNED = frozenset(("merchant", "alchemist", "philosopher", "lady", "nobleman", "maid"))


def greedy_move(state: KroneState, rng: random.Random) -> Move:
    """Keep dice towards the most valuable card within reach, by the exact odds.

    The cards paid for by groups and pairs are weighed together: the bot maximises the
    expected value of the best of them it ends up able to take, so three 6s go on
    towards four while the Guard stays within reach. A card paid for otherwise (pips,
    odd or even, a straight) is played for alone when its value × chance beats that.
    A goal too large to work out in the bot's budget is passed over.
    """
    from .goals import CARD_GOALS, best_of, card_goal
    from .odds import TooLarge, best_move, chance, final_goal, takeable

    if state.phase == START:
        return ROLL
    if state.phase != DICE:
        raise ValueError("greedy_move() needs a seat to move, not a chance event")
    goal = final_goal(state)
    if goal is None:
        cards = takeable(state)
        grouped = {c: CARD_VALUES[c] for c in cards if CARD_GOALS[c].symmetric}
        goal, best_worth = best_of(grouped), 0.0
        with contextlib.suppress(TooLarge):
            best_worth = chance(state, goal, GREEDY_BUDGET, False, UNPLANNED).chance
        others = sorted((c for c in cards if c not in grouped), key=lambda c: -CARD_VALUES[c])
        for card in others:
            if CARD_VALUES[card] <= best_worth:
                break
            try:
                odds = chance(state, card_goal(card), GREEDY_BUDGET, False, UNPLANNED)
            except TooLarge:
                continue
            if CARD_VALUES[card] * odds.chance > best_worth:
                goal, best_worth = card_goal(card), CARD_VALUES[card] * odds.chance
    try:
        move = best_move(state, goal, GREEDY_BUDGET, False, UNPLANNED)[0]
    except TooLarge:
        move = simple_move(state, rng)
    if isinstance(move, Buy) or move == END:
        # The turn ends here (a card brought in after the last die was weighed above):
        # take the most valuable card the dice pay for.
        affordable = set(state.buyable()) if state.final is None else set()
        if affordable:
            return Buy(max(affordable, key=lambda card: (CARD_VALUES[card], card)))
        return END
    return move


# -- the moves a tree search looks at ---------------------------------------------------

#: Nothing is hidden in this game: a tree search may remember a node's moves.
PUBLIC = True
_QUIET = random.Random(0)  # the policies below draw nothing; they only need an rng


def ranked_moves(state: KroneState) -> list[Move]:
    """Within a turn, one move: the dice are played by the odds, not searched. At the end
    of a turn, the cards the result pays for, the most valuable first, and ending.

    Which card to take is where looking ahead pays: the exact odds already play a turn
    well for one aim, and weighing every way of setting dice aside by whole-game
    playouts would only add noise. (At its root the search plays the greedy move where
    this offers one; deeper down, the simple one stands in, as it is quick.)
    """
    if state.phase != DICE:
        return state.legal_moves()
    if any(state.active):
        return [simple_move(state, _QUIET)]
    legal = state.legal_moves()
    affordable = sorted(state.buyable(), key=lambda card: -CARD_VALUES[card])
    ranked: list[Move] = [Buy(card) for card in affordable if Buy(card) in legal]
    ranked += [m for m in legal if not isinstance(m, Buy)]
    return ranked


def advice(state: KroneState) -> str:
    """The odds advisor's line for the terminal's ``odds`` command."""
    from .odds import advice as odds_advice

    return odds_advice(state)
