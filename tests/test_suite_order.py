"""The order tests run in (tests/conftest.py): those with a real server or Chromium
first, so that under xdist (scripts/test) the long ones do not start last."""

from types import SimpleNamespace
from typing import Any

from tests.conftest import pytest_collection_modifyitems


def test_tests_with_a_server_or_chromium_come_first_and_keep_their_order():
    def item(name: str, *fixtures: str) -> Any:
        return SimpleNamespace(name=name, fixturenames=["tmp_path", *fixtures])

    items = [
        item("engine"),
        item("board", "browser", "base_url"),
        item("lobby"),
        item("room", "browser", "server"),
        item("live", "start_room"),
        item("docs"),
    ]
    pytest_collection_modifyitems(items)
    assert [i.name for i in items] == ["board", "room", "live", "engine", "lobby", "docs"]
