"""The krone board's logic tests (tests/web/krone.test.mjs), run with node."""

from .node_runner import run_node_tests


def test_krone_board_logic_in_node():
    run_node_tests("krone.test.mjs")
