"""docs/bots.md's "Where the bots stand" and "The ladders" are the room's ladders and the
arena's results they were fitted from, as scripts/bots_table.py prints them: a ladder
refitted, or fitted from other files, fails here until the page says so."""

import importlib.util
from pathlib import Path

import pytest

from ludoteca.tools.arena import wilson

ROOT = Path(__file__).parents[2]
SCRIPT = ROOT / "scripts" / "bots_table.py"
spec = importlib.util.spec_from_file_location("bots_table", SCRIPT)
script = importlib.util.module_from_spec(spec)
spec.loader.exec_module(script)


def test_the_page_shows_each_games_ladder_and_every_row_it_was_fitted_from(game_id):
    page = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    table = script.today(game_id)
    assert table in page, (
        f"docs/bots.md lacks {game_id}'s table; print it with {SCRIPT.name} --ladders"
    )
    assert script.ladder_table(game_id) in page, f"docs/bots.md lacks {game_id}'s ladder"
    # Every file the ladder reads is a row: none dropped by the grouping.
    assert table.count("\n| ") - 1 >= len(script.ladder_files(game_id))


def test_a_pool_adds_wins_and_games_and_weighs_seconds_by_moves():
    def result(seed, wins, games, seconds, moves, slowest):
        bots = [
            {"name": "mcts", "wins": wins, "games": games, "seconds_per_move": seconds,
             "moves": moves, "slowest_move": slowest},
            {"name": "greedy", "wins": games - wins, "games": games, "seconds_per_move": 0.0,
             "moves": moves, "slowest_move": 0.0},
        ]  # fmt: skip
        return {"game": "krone", "players": 2, "seed": seed, "seeds": [0, games], "games": games,
                "bots": bots}  # fmt: skip

    pool = script.pooled([result(1, 330, 600, 0.1, 100, 0.5), result(2, 360, 600, 0.4, 300, 0.9)])
    mcts = pool["bots"][0]
    assert (mcts["wins"], mcts["games"], pool["games"]) == (690, 1200, 1200)
    assert mcts["win_rate"] == 690 / 1200
    assert mcts["ci95"] == wilson(690, 1200)
    assert mcts["seconds_per_move"] == pytest.approx((0.1 * 100 + 0.4 * 300) / 400)
    assert mcts["slowest_move"] == 0.9
    assert mcts["mean_score"] is None  # Krone ranks without points
    scored = [result(1, 330, 600, 0.1, 100, 0.5), result(2, 160, 200, 0.4, 300, 0.9)]
    for each, score in zip(scored, (20.0, 24.0), strict=True):
        each["bots"][0]["mean_score"] = score
        each["bots"][1]["mean_score"] = 0.0
    assert script.pooled(scored)["bots"][0]["mean_score"] == 21.0  # weighed by games


def test_fixed_policies_are_never_said_to_be_tuned():
    row = {"game": "krone", "bots": [{"name": "simple"}, {"name": "random"}]}
    assert script.tuned(row) == "none (fixed policies)"
    row["bots"][0]["name"] = "greedy"
    assert script.tuned(row) == script.TUNED["krone"]
