"""docs/deploy.md says the commands to run: each option it gives ``ludoteca serve`` and
``ludoteca loadtest`` is one the command has, and each `/api/status` field it tells an
operator to watch is one a process reports."""

import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from ludoteca.cli import app
from ludoteca.server.app import create_app
from ludoteca.server.room import Settings

DEPLOY = (Path(__file__).parents[2] / "docs" / "deploy.md").read_text(encoding="utf-8")


def commands(name: str) -> list[str]:
    """Each ``ludoteca NAME …`` command in the page, its continued lines joined."""
    joined = DEPLOY.replace("\\\n", " ")
    return re.findall(rf"ludoteca {name}\b[^\n`]*", joined)


@pytest.mark.parametrize("name", ["serve", "loadtest"])
def test_every_option_the_page_gives_a_command_is_one_it_has(name):
    found = commands(name)
    assert found, f"no 'ludoteca {name}' in docs/deploy.md"
    shown = CliRunner().invoke(app, [name, "--help"], env={"COLUMNS": "200"}).output
    for command in found:
        for option in re.findall(r"--[a-z][a-z-]*", command):
            known = re.search(rf"{option}(?![a-z-])", shown)
            assert known, f"{option} (in {command!r}) is not an option of {name}"


def test_every_status_field_the_page_says_to_watch_is_reported(sqlite_url, redis_url, redis_prefix):
    settings = Settings(db_url=sqlite_url, redis_url=redis_url, redis_prefix=redis_prefix)
    with TestClient(create_app(settings)) as room:
        status = room.get("/api/status").json()
    table = DEPLOY.split("## What to watch", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    fields = [f for row in rows for f in re.findall(r"`([a-z_]+)`", row.split("|")[1])]
    assert len(fields) >= 10
    for field in fields:
        assert field in status, f"docs/deploy.md says to watch {field}, not in /api/status"
