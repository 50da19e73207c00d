"""scripts/room_bot_processes.py: the room's bot processes, measured as the room uses them."""

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).parents[2] / "scripts" / "room_bot_processes.py"


def test_a_game_through_the_bot_processes_counts_every_decision_of_each_level():
    args = ["--bots", "greedy,simple", "--games", "0:2", "--processes", "2", "--seed", "25"]
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert (report["processes"], report["games"], report["think"]) == (2, "0:2", 0.7)
    for level in ("greedy", "simple"):
        bot = report["bots"][level]
        assert bot["decisions"] > 20  # two whole games of Krone
        assert 0 <= bot["at_deadline"] <= bot["decisions"]
        assert 0 < bot["mean"] <= bot["slowest"]
    # The simple level decides in the room's own loop, never waiting for a process.
    assert report["bots"]["simple"]["slowest"] < report["bots"]["greedy"]["slowest"]
