"""The kingdomino board's logic tests (tests/web/kingdomino.test.mjs), run with node."""

from .node_runner import run_node_tests


def test_kingdomino_board_logic_in_node():
    run_node_tests("kingdomino.test.mjs")
