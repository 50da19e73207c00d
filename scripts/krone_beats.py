#!/usr/bin/env python3
"""How near the search's quick estimate of beating a bid (``power.beats``) comes to the
exact odds of beating it, playing for it (``odds.chance`` of ``beat_goal``).

The holdings are those of the simple policy's self-play games of ``--seed`` (each
different holding seen at a turn's start before the King is taken), each against the
bids ``--bids``; where the exact odds would leave an ability out or take more than
``--work``, the holding is passed over. Prints one JSON line a holding and bid, then
the totals: the rows, the mean exact chance, the mean estimate, and the mean and mean
absolute error (docs/krone-search.md, "Krone's final round"). A tuning tool: seed 25.

    scripts/krone_beats.py --players 4 --games 0:3
"""

from __future__ import annotations

import argparse
import json
import random
import sys

import ludoteca
from ludoteca.engine import CHANCE
from ludoteca.games.krone import odds
from ludoteca.games.krone.goals import beat_goal
from ludoteca.games.krone.power import beats, holding_key
from ludoteca.games.krone.state import START, Holding, KroneState, final_round
from ludoteca.games.krone.strategy import simple_move


def holdings(players: int, seed: int, games: range) -> list[Holding]:
    """Each different holding (dice a turn, abilities) of these self-play games."""
    game = ludoteca.game("krone")
    found: dict[tuple[int, frozenset[str]], Holding] = {}
    for number in games:
        rng = random.Random(f"{seed}/{number}")
        match = game.new_match(players)
        while not match.is_over:
            if match.to_move is CHANCE:
                match.play_chance(rng)
                continue
            state = match.state
            if not isinstance(state, KroneState):
                raise TypeError("a Krone match holds a KroneState")
            if state.phase is START and state.king_buyer is None:
                for holding in state.holdings:
                    found.setdefault(holding_key(holding), holding.copy())
            match.play(simple_move(state, rng))
    return list(found.values())


def exact(holding: Holding, bid: tuple[int, int], work: int) -> float | None:
    """The exact chance that ``holding`` beats ``bid`` in its final-round turn; None
    when that would leave an ability out or take more than ``work``."""
    state = KroneState(3, {}, [holding.copy(), Holding({"king", "queen"}), Holding()])
    state.king_buyer, state.bid = 1, bid
    state.final = final_round(3, 0, 1, bid)
    try:
        found = odds.chance(state, beat_goal(bid, False), 400_000, False, work=odds.Work(work))
    except odds.TooLarge:
        return None
    return None if found.left_out else found.chance


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument("--games", default="0:3", help="A:B, games A up to B of the seed")
    parser.add_argument("--bids", default="7x2,7x5,8x3", help="results to beat, COUNTxFACE")
    parser.add_argument("--work", type=int, default=20_000_000)
    args = parser.parse_args(argv)
    first, _, last = args.games.partition(":")
    bids = [tuple(int(n) for n in bid.split("x")) for bid in args.bids.split(",")]
    rows = []
    for holding in holdings(args.players, args.seed, range(int(first), int(last))):
        dice, cards = holding_key(holding)
        for count, face in bids:
            truth = exact(holding, (count, face), args.work)
            if truth is None:
                continue
            estimate = beats(dice, cards, count, face)
            if truth < 0.001 and estimate < 0.001:
                continue  # out of reach either way
            rows.append((truth, estimate))
            found = {"dice": dice, "cards": sorted(cards), "bid": [count, face]}
            print(json.dumps({**found, "exact": round(truth, 4), "estimate": estimate}))
    n = len(rows) or 1
    print(
        json.dumps(
            {
                "rows": len(rows),
                "mean_exact": round(sum(t for t, _ in rows) / n, 4),
                "mean_estimate": round(sum(e for _, e in rows) / n, 4),
                "mean_error": round(sum(e - t for t, e in rows) / n, 4),
                "mean_abs_error": round(sum(abs(e - t) for t, e in rows) / n, 4),
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
