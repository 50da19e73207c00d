#!/usr/bin/env python3
"""How often the search's final-round turn beats the standing best, against the turn it
played before (greedy's plan, which leaves the abilities of many uses out).

Draws ``--holdings`` holdings at random from ``--seed`` (dice a turn, one to three
ability cards, a result to beat of seven to nine of a kind that they can reach), plays ``--turns``
final-round turns of each with each policy — the dice drawn alike for both until their
choices part — and prints one JSON line a holding, then the totals: each policy's rate
of beating, and the mean difference per holding with its 95% interval
(docs/krone-search.md, "Krone's final round").

With ``--think S`` each decision has S seconds, as in the room (``engine.deadline``), and
what the odds remember is forgotten before each turn: a room's bot meets a holding's
final turn once, with nothing worked out for it. As in a room's bot process, the
collector's work is settled between decisions (``bots.heap``). Then the turns follow
the clock, and a seed does not repeat them.

    scripts/krone_final_turn.py --seed 2026 --holdings 40 --turns 100
    scripts/krone_final_turn.py --seed 2026 --holdings 30 --turns 20 --think 0.7
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Callable
from contextlib import nullcontext

from ludoteca.bots.heap import dedicated, settle
from ludoteca.engine import CHANCE, Move, deadline
from ludoteca.games.krone.components import (
    BRING_IN,
    BY_ID,
    CARDS,
    CHANGE,
    REROLL_ANY,
    REROLL_ONE,
)
from ludoteca.games.krone.state import Holding, KroneState, final_round
from ludoteca.games.krone.strategy import (
    RACE_VALUES,
    SEARCH_BUDGET,
    SEARCH_WORK,
    forget,
    greedy_move,
    search_move,
    simple_move,
)

Policy = Callable[[KroneState, random.Random], Move]
TURN_KINDS = (REROLL_ONE, REROLL_ANY, BRING_IN, CHANGE)
#: The cards with an ability to use during a turn, in card-list order (the Queen comes
#: only with the King).
ABILITIES = tuple(card.id for card in CARDS if card.kind in TURN_KINDS and card.id != "queen")


def before(state: KroneState, rng: random.Random) -> Move:
    """The search's final-round move before it planned with every ability."""
    return greedy_move(state, rng, RACE_VALUES, SEARCH_BUDGET, SEARCH_WORK)


POLICIES: dict[str, Policy] = {
    "search": search_move,
    "before": before,
    "greedy": greedy_move,
    "simple": simple_move,
}


def draw(rng: random.Random) -> tuple[Holding, tuple[int, int]]:
    """A holding of five to eight dice a turn and one to three abilities, and a bid of
    seven to nine of a kind that its dice (those it brings in too) can reach."""
    while True:
        cards = rng.sample(ABILITIES, rng.randint(1, 3))
        holding = Holding({c for c in cards if c != "jester"}, jesters=int("jester" in cards))
        extra = rng.choice((2, 3, 3, 4, 4, 5))
        if extra >= 2:
            holding.cards.add("general")
            extra -= 2
        if extra:
            holding.cards.add("farmer")
            extra -= 1
        holding.charlatans = extra
        bid = (rng.choice((7, 7, 8, 9)), rng.randint(1, 6))
        brought = sum(BY_ID[card].kind == BRING_IN for card in holding.usable())
        if holding.turn_dice() + brought > bid[0] or (
            holding.turn_dice() + brought == bid[0] and bid[1] < 6
        ):
            return holding, bid


def final_turn(holding: Holding, bid: tuple[int, int]) -> KroneState:
    """Seat 0 about to play its final-round turn against ``bid`` (seat 1's)."""
    state = KroneState(3, {}, [holding.copy(), Holding({"king", "queen"}), Holding()])
    state.king_buyer, state.bid = 1, bid
    state.final = final_round(3, 0, 1, bid)
    return state


def beaten(
    start: KroneState, policy: Policy, dice: random.Random, think: float | None = None
) -> bool:
    """Whether ``policy`` beats the bid on one turn (``think``: seconds a decision, with
    nothing remembered at the turn's start)."""
    state = start.copy()
    final = state.final
    if final is None:
        raise ValueError("not a final-round position")
    if think is not None:
        forget()
    with dedicated() if think is not None else nullcontext():
        while final.index == 0 and not state.over:
            if state.to_move() is CHANCE:
                state.apply(state.sample_chance(dice))
            else:
                with deadline.within(think) if think is not None else nullcontext():
                    move = policy(state, random.Random(0))
                settle()  # as a room's bot process does; outside ``dedicated``, nothing
                state.apply(move)
            final = state.final or final
    return final.results.get(0, (0, 0)) > final.bid


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--holdings", type=int, default=40)
    parser.add_argument("--turns", type=int, default=100)
    parser.add_argument("--policies", default="search,before")
    parser.add_argument("--think", type=float, default=None, metavar="S")
    args = parser.parse_args(argv)
    if args.think is not None and not args.think > 0:
        parser.error(f"--think: seconds above 0, not {args.think}")
    names = args.policies.split(",")
    if len(set(names)) != len(names) or not set(names) <= set(POLICIES):
        parser.error(f"--policies: different ones of {', '.join(POLICIES)}, not {args.policies}")
    rng = random.Random(args.seed)
    rates: dict[str, list[float]] = {name: [] for name in names}
    for number in range(args.holdings):
        holding, bid = draw(rng)
        start = final_turn(holding, bid)
        found: dict[str, object] = {
            "holding": number,
            "dice": holding.turn_dice(),
            "cards": holding.usable(),
            "bid": list(bid),
        }
        for name in names:
            dice = random.Random(f"{args.seed}/{number}")
            policy = POLICIES[name]
            rate = sum(beaten(start, policy, dice, args.think) for _ in range(args.turns))
            rate /= args.turns
            rates[name].append(rate)
            found[name] = rate
        print(json.dumps(found), flush=True)
    totals: dict[str, object] = {name: round(sum(r) / len(r), 4) for name, r in rates.items()}
    if len(names) == 2:
        diffs = [a - b for a, b in zip(*(rates[name] for name in names), strict=True)]
        mean = sum(diffs) / len(diffs)
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1))
        half = 1.96 * spread / math.sqrt(len(diffs))
        totals["difference"] = [round(mean, 4), round(mean - half, 4), round(mean + half, 4)]
    setting: dict[str, object] = {"seed": args.seed, "holdings": args.holdings, "turns": args.turns}
    if args.think is not None:
        setting["think"] = args.think
    print(json.dumps({**setting, **totals}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
