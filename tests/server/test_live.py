"""The harness's servers (``live.Server``): each test plays in a room of its own."""

from __future__ import annotations

from .live import Server, running


def test_a_server_handed_a_port_another_holds_starts_on_another_and_answers_as_itself(
    sqlite_url, tmp_path
):
    with running(sqlite_url) as first:
        second = Server(f"sqlite+aiosqlite:///{tmp_path / 'second.db'}")
        second.port = first.port  # as if ``free_port`` had handed both the same port
        try:
            second.start()
            assert second.port != first.port
            assert second.status()["process"] != first.status()["process"]
            assert second.process is not None
            assert second.status()["process"].split(":")[1] == str(second.process.pid)
        finally:
            second.stop()
