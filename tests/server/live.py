"""A real ``ludoteca serve`` on a loopback port, and a plain WebSocket player for it."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    def __init__(
        self,
        db_url: str,
        port: int | None = None,
        bot_delay: float = 0,
        rate: float = 40,
        entries_per_minute: int = 20,
        options: Sequence[str] = (),
    ) -> None:
        self.db_url = db_url
        #: Whether the port was chosen here (then chosen again if another took it).
        self.chosen = port is None
        self.port = port or free_port()
        self.bot_delay = bot_delay
        self.rate = rate
        self.entries_per_minute = entries_per_minute
        #: More options of ``ludoteca serve``.
        self.options = list(options)
        self.process: subprocess.Popen[bytes] | None = None
        #: What the server wrote to stderr, once it has stopped.
        self.log = ""

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self) -> Server:
        return self.launch().ready()

    def launch(self) -> Server:
        """Start the process without waiting for it (several start at once)."""
        command = [sys.executable, "-m", "ludoteca", "serve", "--port", str(self.port)]
        command += ["--db", self.db_url, "--bot-delay", str(self.bot_delay)]
        command += ["--rate", str(self.rate), "--entries-per-minute", str(self.entries_per_minute)]
        command += self.options
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
        self.process = subprocess.Popen(
            command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        return self

    def ready(self) -> Server:
        """Wait until the launched server answers: this one, by its process id, not
        another on the same port. Two tests' ``free_port`` can be handed one port: the
        second server then fails to bind it, and meanwhile the first answered in its
        place, so that a test played in another test's room until that one stopped (a
        browser test's page, once in CI, met a refused connection halfway). A port
        chosen here is chosen anew then."""
        assert self.process is not None
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                error = self.process.stderr.read().decode()  # type: ignore[union-attr]
                if self.chosen and "address already in use" in error.lower():
                    self.port = free_port()
                    self.launch()
                    continue
                raise RuntimeError(error)
            with contextlib.suppress(httpx.HTTPError, ValueError):
                answer = httpx.get(self.http + "/api/status", timeout=1)
                if answer.status_code == 200 and self._ours(answer.json().get("process", "")):
                    return self
            time.sleep(0.1)
        raise RuntimeError("the server did not start in 30 s")

    def _ours(self, process_id: str) -> bool:
        """Whether the room process ``process_id`` (host:pid:letters) is this server's
        own process or, with ``--workers``, one of its children."""
        assert self.process is not None
        pid = int(process_id.split(":")[1])
        if pid == self.process.pid:
            return True
        with contextlib.suppress(OSError), open(f"/proc/{pid}/stat") as stat:
            # The parent's pid is the field after the state, past the command's ")".
            return int(stat.read().rsplit(")", 1)[1].split()[1]) == self.process.pid
        return False

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush; what is not on disk is gone."""
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)
            self._keep_log()

    def pause(self) -> None:
        """SIGSTOP: the process stands still (a long GC pause, a partition) until resumed."""
        if self.process is not None:
            self.process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGCONT)

    def status(self) -> dict[str, Any]:
        return dict(httpx.get(self.http + "/api/status", timeout=5).json())

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
            self._keep_log()

    def _keep_log(self) -> None:
        if self.process is not None and self.process.stderr is not None:
            self.log += self.process.stderr.read().decode(errors="replace")
        self.process = None


@contextlib.contextmanager
def running(db_url: str, **settings: Any) -> Iterator[Server]:
    server = Server(db_url, **settings).start()
    try:
        yield server
    finally:
        server.stop()


class Player:
    """One person over a real socket."""

    def __init__(self, server: Server, name: str, cookie: str | None = None) -> None:
        self.server = server
        self.name = name
        if cookie is None:
            response = httpx.post(server.http + "/api/guest", json={"name": name})
            response.raise_for_status()
            cookie = response.cookies["ludoteca_session"]
        self.cookie = cookie
        self._connection = connect(
            server.ws, additional_headers={"Cookie": f"ludoteca_session={cookie}"}
        )
        self.socket: ClientConnection = self._connection.__enter__()
        self.received: list[dict[str, Any]] = []

    def send(self, **message: Any) -> None:
        self.socket.send(json.dumps(message))

    def next(self, timeout: float = 20) -> dict[str, Any]:
        message = json.loads(self.socket.recv(timeout))
        self.received.append(message)
        return message

    def expect(self, kind: str, where: Any = None) -> dict[str, Any]:
        while True:
            message = self.next()
            if message["t"] == kind and (where is None or where(message)):
                return message

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._connection.__exit__(None, None, None)
