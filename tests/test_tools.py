"""The tools behind the long commands are plain Python: a script imports and runs them
without typer or rich, which only the command line draws with."""

import json
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"

WITHOUT_TYPER_OR_RICH = """
import json, sys
for name in ("typer", "rich", "click"):
    sys.modules[name] = None  # importing it now raises ImportError
import ludoteca
from ludoteca.terminal import play_in_terminal, replay_in_terminal
from ludoteca.tools import arena, bench, flood, loadtest, simulate
summary = simulate.simulate(ludoteca.game("keltis"), 2, 2, seed=1)
tournament = arena.run(ludoteca.game("keltis"), ["random", "simple"], 2, seed=1)
figure = bench.measure(ludoteca.game("kingdomino"), 2, 0.0)
print(json.dumps({
    "simulated": summary.games,
    "played": tournament.games,
    "benched": figure.games,
    "loaded": sorted(name for name in ("typer", "rich", "click") if sys.modules[name]),
}))
"""


def test_the_tools_and_the_terminal_need_neither_typer_nor_rich():
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT_TYPER_OR_RICH],
        capture_output=True,
        text=True,
        check=False,
        env={"PYTHONPATH": str(SRC)},
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"simulated": 2, "played": 2, "benched": 1, "loaded": []}
