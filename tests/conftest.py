import os

import pytest

import ludoteca


def missing(what: str) -> None:
    """Skip a test whose tool is missing here, but fail in CI, where everything is
    installed by the project's own files: a skipped browser test must not pass there."""
    if os.environ.get("CI"):
        pytest.fail(f"{what} (CI installs it: see scripts/test)")
    pytest.skip(what)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    # Any test that asks for ``game_id`` runs once per registered game.
    if "game_id" in metafunc.fixturenames:
        metafunc.parametrize("game_id", ludoteca.game_ids())


#: Fixtures of the slowest tests: a real server or Chromium, seconds to start and often
#: minutes to play through.
_SLOW_FIXTURES = {"browser", "server", "start_room"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # The slowest tests first: under xdist (scripts/test) the long ones then start at
    # once and the many short ones fill the workers' gaps, instead of one long test left
    # running alone at the end. The order is the same on every worker, as xdist requires.
    items.sort(key=lambda item: not _SLOW_FIXTURES & set(getattr(item, "fixturenames", ())))
