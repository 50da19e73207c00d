"""Run the Cronberg board's node tests (tests/web/cronberg.test.mjs) in the suite."""

import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).parent


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_cronberg_board_logic_in_node():
    done = subprocess.run(
        ["node", "--test", str(HERE / "cronberg.test.mjs")],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
