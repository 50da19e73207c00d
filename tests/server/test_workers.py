"""``ludoteca serve --workers N``: N room processes on one port, each its own process id,
sharing PostgreSQL and Redis; refused in one line without them."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import httpx
import pytest

from .conftest import POSTGRES
from .live import free_port

ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}


def serve(*options: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "ludoteca", "serve", *options],
        env=ENV,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def test_two_workers_answer_on_one_port_as_two_processes(postgres_url, redis_url, redis_prefix):
    port = free_port()
    server = serve(
        "--port", str(port), "--db", postgres_url, "--redis", redis_url,
        "--redis-prefix", redis_prefix, "--workers", "2",
    )  # fmt: skip
    try:
        processes: set[str] = set()
        deadline = time.monotonic() + 60
        while len(processes) < 2:
            assert server.poll() is None, server.stderr.read().decode()  # type: ignore[union-attr]
            assert time.monotonic() < deadline, f"only {processes} answered in 60 s"
            try:
                # A new connection each time: the kernel hands each to either process.
                with httpx.Client(timeout=2) as client:
                    status = client.get(f"http://127.0.0.1:{port}/api/status").json()
            except httpx.TransportError:
                time.sleep(0.2)
                continue
            processes.add(status["process"])
            assert status["shared"] == "redis"
        # Each is a whole room: a guest entered at one is known to the other's Redis.
        entered = httpx.post(f"http://127.0.0.1:{port}/api/guest", json={"name": "Wanda"})
        assert entered.status_code == 200
        again = [
            httpx.post(f"http://127.0.0.1:{port}/api/guest", json={"name": "wanda"})
            for _ in range(4)
        ]
        assert {answer.status_code for answer in again} == {409}
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(30)
    assert len(processes) == 2


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--workers", "2"], "--workers 2 needs --redis"),
        (["--workers", "2", "--redis", "redis://127.0.0.1:1/0"], "needs --db postgresql"),
        (["--redis", "redis://127.0.0.1:6379/0"], "--redis joins several processes"),
        (["--db", POSTGRES, "--redis", "redis://127.0.0.1:1/0"],
         "cannot reach Redis at --redis 'redis://127.0.0.1:1/0'"),
        (["--db", POSTGRES, "--redis", "http://127.0.0.1:6379"], "is not a Redis URL"),
    ],
)  # fmt: skip
def test_workers_and_redis_are_refused_in_one_line_without_what_they_need(tmp_path, options, said):
    # A SQLite file unless the case names a database (the machine's, only read).
    db = [] if "--db" in options else ["--db", f"sqlite+aiosqlite:///{tmp_path / 'room.db'}"]
    done = subprocess.run(
        [sys.executable, "-m", "ludoteca", "serve", "--port", str(free_port()), *db, *options],
        env=ENV, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 2
    assert said in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
