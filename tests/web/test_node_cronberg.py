"""The cronberg board's logic tests (tests/web/cronberg.test.mjs), run with node."""

from .node_runner import run_node_tests


def test_cronberg_board_logic_in_node():
    run_node_tests("cronberg.test.mjs")
