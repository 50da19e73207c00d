#!/usr/bin/env python3
"""docs/bots.md's tables of strength, from arena results (`ludoteca arena --json`): one
Markdown row per result file, every figure as the arena printed it.

    .venv/bin/python scripts/bots_table.py docs/measured/bots/seed-2026/*.json
    .venv/bin/python scripts/bots_table.py --ladders

``--ladders`` prints, game by game, the ladder itself and the rows each game's ladder in
src/ludoteca/bots/ladders.json was fitted from — the bots as the room runs them — with
the seeds they were tuned on, and where one line-up has several rows (Krone's search
against ``greedy`` on five seeds) their pool. ``tests/bots/test_bots_doc.py`` holds
docs/bots.md's "Where the bots stand" to this output.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import ludoteca
from ludoteca.tools.arena import wilson

ROOT = Path(__file__).resolve().parents[1]
LADDERS = ROOT / "src" / "ludoteca" / "bots" / "ladders.json"
LEVELS = ROOT / "src" / "ludoteca" / "bots" / "levels.json"
#: Where each game's bots were tuned: never the seeds their figures come from.
TUNED = {
    "krone": "25, 31, 99, the race's series `solo`",
    "keltis": "1",
    "kingdomino": "1",
    "cronberg": "1",
}
HEADER = (
    "| players | bots | measured on (seed, games) | tuned on (seeds) | win rate (95% interval) "
    "| mean score | s/move: mean / slowest |\n"
    "| --- | --- | --- | --- | --- | --- | --- |"
)


def _rates(bots: list[dict[str, Any]]) -> str:
    return ", ".join(
        f"`{bot['name']}` **{100 * bot['win_rate']:.1f}%** "
        f"({100 * bot['ci95'][0]:.1f}–{100 * bot['ci95'][1]:.1f}%)"
        for bot in bots
    )


def _each(bots: list[dict[str, Any]], figure: str) -> str:
    return ", ".join(f"`{bot['name']}` {figure.format(**bot)}" for bot in bots)


def _figures(result: dict[str, Any]) -> tuple[str, str, str, str]:
    """A result's games measured, win rates, mean scores and seconds a move, as cells."""
    start, stop = result["seeds"]
    measured = result.get("measured") or f"{result['seed']}, games {start}–{stop - 1}"
    bots = result["bots"]
    scores = "—" if bots[0]["mean_score"] is None else _each(bots, "{mean_score}")
    speed = _each(bots, "{seconds_per_move:.4f} / {slowest_move:.2f}")
    return measured, _rates(bots), scores, speed


def row(path: Path) -> str:
    """The old table's row (docs/bots-measured.md): game, players, games, seed, rates."""
    result = json.loads(path.read_text(encoding="utf-8"))
    measured, rates, scores, speed = _figures(result)
    cells = [result["game"], str(result["players"]), str(result["games"]), measured,
             rates, scores, speed]  # fmt: skip
    return "| " + " | ".join(cells) + " |"


def tuned(result: dict[str, Any]) -> str:
    """The seeds the row's bots were tuned on: ``simple`` and ``random`` never were."""
    if {bot["name"] for bot in result["bots"]} <= {"simple", "random"}:
        return "none (fixed policies)"
    return TUNED[result["game"]]


def today_row(result: dict[str, Any]) -> str:
    measured, rates, scores, speed = _figures(result)
    timed = f", {result['think']} s a decision" if result.get("think") else ", counted"
    bots = ", ".join(f"`{bot['name']}`" for bot in result["bots"]) + timed
    cells = [str(result["players"]), bots, measured, tuned(result), rates, scores, speed]
    return "| " + " | ".join(cells) + " |"


def pooled(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Several results of one line-up on other seeds, as one: wins and games added, the
    seconds a move weighed by moves, the slowest of all."""
    first = results[0]
    bots = []
    for i, bot in enumerate(first["bots"]):
        each = [result["bots"][i] for result in results]
        wins = sum(b["wins"] for b in each)
        games = sum(b["games"] for b in each)
        moves = sum(b["moves"] for b in each)
        bots.append({
            "name": bot["name"],
            "wins": wins,
            "games": games,
            "win_rate": wins / games,
            "ci95": wilson(wins, games),
            "mean_score": _mean_score(each),
            "seconds_per_move": sum(b["seconds_per_move"] * b["moves"] for b in each) / moves,
            "slowest_move": max(b["slowest_move"] for b in each),
            "moves": moves,
        })  # fmt: skip
    games = sum(result["games"] for result in results)
    measured = f"**the {len(results)} above pooled**, {games:,} games"
    return {**first, "bots": bots, "games": games, "measured": measured}


def ladder_table(game: str) -> str:
    """The game's ladder as docs/bots.md shows it: each level by its strength in the room
    (levels.json, weakest first), strongest first."""
    entry = _ladder(game)
    order = json.loads(LEVELS.read_text(encoding="utf-8"))[game]["order"]
    names = dict(zip(order, ("easy", "medium", "hard", "strongest"), strict=True))
    lines = [
        "| level | strength | rating | 95% interval | games |",
        "| --- | --- | --- | --- | --- |",
    ]
    for level in entry["ratings"]:
        low, high = level["ci95"]
        interval = "fixed" if level["name"] in entry["anchor"] else f"{low}–{high}"
        cells = [f"`{level['name']}`", names[level["name"]], str(level["rating"]), interval,
                 str(level["games"])]  # fmt: skip
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _mean_score(each: list[dict[str, Any]]) -> float | None:
    if any(b.get("mean_score") is None for b in each):
        return None
    return round(sum(b["mean_score"] * b["games"] for b in each) / sum(b["games"] for b in each), 2)


def _ladder(game: str) -> dict[str, Any]:
    entry: dict[str, Any] = json.loads(LADDERS.read_text(encoding="utf-8"))[game]
    return entry


def ladder_files(game: str) -> list[Path]:
    command = _ladder(game)["command"]
    return [ROOT / word for word in command.split() if word.endswith(".json")]


def today(game: str) -> str:
    results = [json.loads(path.read_text(encoding="utf-8")) for path in ladder_files(game)]
    lines = [HEADER]
    by_lineup: dict[tuple[int, tuple[str, ...]], list[dict[str, Any]]] = {}
    for result in results:
        key = (result["players"], tuple(bot["name"] for bot in result["bots"]))
        by_lineup.setdefault(key, []).append(result)
    for group in by_lineup.values():
        for result in group:
            lines.append(today_row(result))
        if len(group) > 1:
            lines.append(today_row(pooled(group)))
    return "\n".join(lines)


if __name__ == "__main__":
    if sys.argv[1:] == ["--ladders"]:
        for game in ludoteca.game_ids():
            print(f"{game}:\n\n{today(game)}\n\n{ladder_table(game)}\n")
    else:
        print("| game | players | games | measured on (seed, games) | win rate (95% interval) "
              "| mean score | s/move: mean / slowest |")  # fmt: skip
        print("| --- | --- | --- | --- | --- | --- | --- |")
        for name in sys.argv[1:]:
            print(row(Path(name)))
