#!/usr/bin/env python3
"""docs/bots.md's table of strength, from the arena results scripts/measure_bots.sh
wrote: one Markdown row per result file, every figure as the arena printed it.

    .venv/bin/python scripts/bots_table.py docs/measured/bots/seed-2026/*.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def row(path: Path) -> str:
    result = json.loads(path.read_text(encoding="utf-8"))
    start, stop = result["seeds"]
    bots = result["bots"]

    def each(figure: str) -> str:
        return ", ".join(f"`{bot['name']}` {figure.format(**bot)}" for bot in bots)

    rates = ", ".join(
        f"`{bot['name']}` **{100 * bot['win_rate']:.1f}%** "
        f"({100 * bot['ci95'][0]:.1f}–{100 * bot['ci95'][1]:.1f}%)"
        for bot in bots
    )
    scores = "—" if bots[0]["mean_score"] is None else each("{mean_score}")
    speed = each("{seconds_per_move:.4f} / {slowest_move:.2f}")
    cells = [result["game"], str(result["players"]), str(result["games"]),
             f"{result['seed']}, games {start}–{stop - 1}", rates, scores, speed]  # fmt: skip
    return "| " + " | ".join(cells) + " |"


if __name__ == "__main__":
    print("| game | players | games | measured on (seed, games) | win rate (95% interval) "
          "| mean score | s/move: mean / slowest |")  # fmt: skip
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name in sys.argv[1:]:
        print(row(Path(name)))
