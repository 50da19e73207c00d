"""Every board fixture is remade by its writer: ``fixtures/write_<game>.py --out DIR`` writes
files equal to the committed ``fixtures/<game>/``, so the views the node tests and the
preview page read are what the engine shows today, and a writer cannot drift again."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"
ROOT = FIXTURES.parents[2]
GAMES = sorted(path.stem.removeprefix("write_") for path in FIXTURES.glob("write_*.py"))


def test_every_game_has_a_writer() -> None:
    committed = sorted(
        path.name for path in FIXTURES.iterdir() if path.is_dir() and path.name[0] not in "._"
    )
    assert committed == GAMES
    assert set(GAMES) >= {"cronberg", "keltis", "kingdomino", "krone"}


@pytest.mark.parametrize("game", GAMES)
def test_writer_remakes_the_committed_fixtures(game: str, tmp_path: Path) -> None:
    # A subprocess, as the writers are run by hand: each puts src/ on its own path.
    done = subprocess.run(
        [sys.executable, str(FIXTURES / f"write_{game}.py"), "--out", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    written = {path.name: path.read_text(encoding="utf-8") for path in tmp_path.glob("*.json")}
    committed = {
        path.name: path.read_text(encoding="utf-8") for path in (FIXTURES / game).glob("*.json")
    }
    assert sorted(written) == sorted(committed)
    differ = sorted(name for name in committed if written[name] != committed[name])
    assert not differ, (
        f"write_{game}.py no longer writes {', '.join(differ)}: if the engine's views changed "
        f"on purpose, run `python3 tests/web/fixtures/write_{game}.py` and commit the result"
    )
