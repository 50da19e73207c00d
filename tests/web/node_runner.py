"""Run one node test file of the boards from pytest (skipped when node is not installed)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest  # noqa: F401

from tests.conftest import missing

HERE = Path(__file__).resolve().parent


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
