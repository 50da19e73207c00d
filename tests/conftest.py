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
