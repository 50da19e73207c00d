"""scripts/pair_arena.py: two versions of a bot on the same arena games."""

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).parents[2] / "scripts" / "pair_arena.py"
spec = importlib.util.spec_from_file_location("pair_arena", SCRIPT)
script = importlib.util.module_from_spec(spec)
spec.loader.exec_module(script)


def result(first: int, winners: list[list[str]], players: int = 5) -> dict:
    seeds = [first, first + len(winners)]
    return {"game": "krone", "players": players, "seed": 2026, "seeds": seeds, "winners": winners}


def test_the_games_both_played_are_paired_by_their_number():
    before = result(10, [["mcts"], ["simple"], ["mcts"], ["greedy"]])  # games 10-13
    after = result(11, [["mcts"], ["mcts"], ["simple"], ["mcts"]])  # games 11-14
    found = script.pair(before, after, "mcts")
    assert found["games"] == [11, 13]
    assert found["played"] == 3
    # game 11: after only; 12: both; 13: neither
    assert (found["won_before"], found["won_after"], found["both"]) == (1, 2, 1)
    assert (found["only_before"], found["only_after"]) == (0, 1)


def test_the_sign_test_counts_only_the_games_one_version_won():
    assert script.sign_test(0, 5) == pytest.approx(2 / 32)
    assert script.sign_test(3, 3) == 1.0
    assert script.sign_test(0, 0) == 1.0
    assert script.sign_test(9, 1) == script.sign_test(1, 9) == pytest.approx(22 / 1024)


def test_results_of_other_games_are_refused(tmp_path):
    before, after = tmp_path / "before.json", tmp_path / "after.json"
    before.write_text(json.dumps(result(0, [["mcts"]])))
    after.write_text(json.dumps(result(0, [["mcts"]], players=4)))
    done = subprocess.run([sys.executable, str(SCRIPT), str(before), str(after)],
                          capture_output=True, text=True)  # fmt: skip
    assert done.returncode != 0
    assert "not the same games: players 5 against 4" in done.stderr
    with pytest.raises(ValueError, match="no game in common"):
        script.pair(result(0, [["mcts"]]), result(1, [["mcts"]]), "mcts")
