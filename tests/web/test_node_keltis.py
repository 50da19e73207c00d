"""The keltis board's logic tests (tests/web/keltis.test.mjs), run with node."""

from .node_runner import run_node_tests


def test_keltis_board_logic_in_node():
    run_node_tests("keltis.test.mjs")
