"""Run the client's node tests (``tests/web/*.test.mjs``) from pytest, one test each:
the board contract, each board's logic, the table fold, the catalogs, the replay.
Skipped when node is not installed."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tests.conftest import missing

HERE = Path(__file__).resolve().parent
#: Every node test file beside this one; a new one is run without a line added here.
NODE_TESTS = sorted(path.name for path in HERE.glob("*.test.mjs"))


def run_node_tests(name: str) -> None:
    node = shutil.which("node")
    if node is None:
        missing("node is not installed")
    done = subprocess.run(
        [node, "--test", str(HERE / name)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, f"node --test {name} failed:\n{done.stdout}\n{done.stderr}"
