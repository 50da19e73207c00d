"""The client's node tests, one pytest test per file (tests/web/*.test.mjs)."""

import pytest

from .node_runner import NODE_TESTS, run_node_tests


def test_every_node_test_file_is_found() -> None:
    boards = {"cronberg", "keltis", "kingdomino", "krone"}
    expected = {"boards", "catalogs", "history", "room"} | boards
    assert {name.removesuffix(".test.mjs") for name in NODE_TESTS} >= expected


@pytest.mark.parametrize("name", NODE_TESTS)
def test_in_node(name: str) -> None:
    run_node_tests(name)
