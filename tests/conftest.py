import os

import pytest

import ludoteca

from .services import postgres_missing, redis_missing

#: What is missing of the servers the suite tests against, found as it starts.
_MISSING: list[str] = []


def pytest_sessionstart(session: pytest.Session) -> None:
    """Say at once, in one line each, which server the tests need is missing here: their
    tests are skipped on a machine without it, and under CI the run fails right away."""
    if session.config.option.collectonly:
        return
    _MISSING[:] = [why for why in (postgres_missing(), redis_missing()) if why is not None]
    if _MISSING and os.environ.get("CI"):
        pytest.exit("; ".join(_MISSING) + " (CI needs both: see .ci/run)", returncode=3)


def pytest_report_header(config: pytest.Config) -> list[str]:
    if not _MISSING:
        return ["services: PostgreSQL and Redis answer"]
    return [f"services: {why}: its tests are SKIPPED" for why in _MISSING]


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    # Said again at the end, where a reader of the run looks, beside the skips.
    for why in _MISSING:
        terminalreporter.write_line(f"services: {why}: its tests were skipped", yellow=True)


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
