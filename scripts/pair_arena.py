#!/usr/bin/env python3
"""Two versions of a bot on the same arena games, game by game.

Reads two ``arena --json`` results of the same game, table size and seed (a version
before and after a change), takes the games both played, and prints how many each
version's seats won, how many both and how many only one of them, and the two-sided
sign test on those that only one won: the games the change turned. Paired, a change is
seen in fewer games than two win rates with their own intervals need.

    python scripts/pair_arena.py BEFORE.json AFTER.json --bot mcts
"""

from __future__ import annotations

import argparse
import json
import sys
from math import comb
from pathlib import Path
from typing import Any


def games(result: dict[str, Any]) -> dict[int, list[str]]:
    """Each game's number in the seed's series, with its winners' names."""
    first = result["seeds"][0]
    return {first + index: winners for index, winners in enumerate(result["winners"])}


def sign_test(only_before: int, only_after: int) -> float:
    """The two-sided p of a split this uneven or more, each game either way at 1/2."""
    n = only_before + only_after
    if n == 0:
        return 1.0
    low = min(only_before, only_after)
    tail = sum(comb(n, k) for k in range(low + 1)) / 2**n
    return min(1.0, 2 * tail)


def pair(before: dict[str, Any], after: dict[str, Any], bot: str) -> dict[str, Any]:
    for key in ("game", "players", "seed"):
        if before[key] != after[key]:
            raise ValueError(f"not the same games: {key} {before[key]} against {after[key]}")
    old, new = games(before), games(after)
    common = sorted(set(old) & set(new))
    if not common:
        raise ValueError("the two results have no game in common")
    won_before = {n for n in common if bot in old[n]}
    won_after = {n for n in common if bot in new[n]}
    only_before, only_after = len(won_before - won_after), len(won_after - won_before)
    return {
        "games": [common[0], common[-1]],
        "played": len(common),
        "bot": bot,
        "won_before": len(won_before),
        "won_after": len(won_after),
        "both": len(won_before & won_after),
        "only_before": only_before,
        "only_after": only_after,
        "sign_test_p": round(sign_test(only_before, only_after), 4),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--bot", default="mcts")
    args = parser.parse_args(argv)
    results = [json.loads(path.read_text(encoding="utf-8")) for path in (args.before, args.after)]
    try:
        print(json.dumps(pair(*results, args.bot)))
    except ValueError as error:
        sys.exit(f"pair_arena: {error}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
