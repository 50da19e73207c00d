"""The replay page's logic tests (tests/web/history.test.mjs), run with node."""

from .node_runner import run_node_tests


def test_history_replay_logic_in_node():
    run_node_tests("history.test.mjs")
