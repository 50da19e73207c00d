"""A rolling restart under paced load, measured (docs/deploy.md, "A rolling restart").

Two ``ludoteca serve`` processes share PostgreSQL and Redis (``--redis``: leases on);
``ludoteca loadtest`` plays ``--tables`` two-player Kingdomino tables on them, paced at
``--rate`` moves a second, each table's players one on each process. Once the load has
been measured ``--before`` seconds, each process in turn is stopped with SIGTERM (it
stores what is pending and gives its leases up), waited for, and started again on its
port, ``--between`` seconds apart. The load test's players reconnect to the other
process and resync. Printed, as one JSON object: the load test's lost moves, errors,
reconnects, resyncs and longest unanswered wait, the moves a second before, during
(from the first SIGTERM to ``SETTLE`` seconds after the last process answers again)
and after the restarts, and the machine's load average before and after.

    .venv/bin/python scripts/rolling_restart.py OUTDIR [--tables 200] [--rate 300]

It creates (and drops after) the database ``rr21`` on the local PostgreSQL and uses
Redis keys under a prefix of its own, deleted after; ports 8811 and 8812.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import redis

ROOT = Path(__file__).resolve().parent.parent
LUDOTECA = str(ROOT / ".venv" / "bin" / "ludoteca")
DATABASE = "rr21"
PG = "postgresql+asyncpg://postgres@127.0.0.1/" + DATABASE
REDIS = "redis://127.0.0.1:6379/0"
PORTS = (8811, 8812)
FLAGS = ["--bot-delay", "0", "--sockets-per-address", "5000", "--entries-per-minute", "100000"]
FLAGS += ["--rate", "10000"]
#: Seconds after the last process answers again that still count as "during".
SETTLE = 10.0


def psql(statement: str) -> None:
    command = ["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", "test", "-qc", statement]
    subprocess.run(command, check=True, capture_output=True)


def load_average() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


class Process:
    """One ``ludoteca serve`` of the room, on its port, started again as often as asked."""

    def __init__(self, port: int, prefix: str, out: Path) -> None:
        self.port = port
        self.prefix = prefix
        self.out = out
        self.starts = 0
        self.popen: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.starts += 1
        log = open(self.out / f"serve.{self.port}.{self.starts}.log", "wb")  # noqa: SIM115
        command = [LUDOTECA, "serve", "--port", str(self.port), "--db", PG, "--redis", REDIS]
        command += ["--redis-prefix", self.prefix, *FLAGS]
        self.popen = subprocess.Popen(command, stdout=log, stderr=log)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.status_url, timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"port {self.port} did not answer in 60 s")

    @property
    def status_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/status"

    def status(self) -> dict[str, Any]:
        return dict(httpx.get(self.status_url, timeout=10).json())

    def stop(self) -> None:
        if self.popen is not None:
            self.popen.send_signal(signal.SIGTERM)
            self.popen.wait(60)
            self.popen = None


def per_second(moves: list[int], start: float, end: float) -> float:
    """Moves a second over the whole seconds from ``start`` to ``end`` of the run."""
    window = moves[int(start) : int(end)]
    return round(sum(window) / len(window), 1) if window else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--rate", type=float, default=300)
    parser.add_argument("--before", type=float, default=15)
    parser.add_argument("--between", type=float, default=15)
    parser.add_argument("--after", type=float, default=15)
    parser.add_argument("--warmup", type=float, default=5)
    args = parser.parse_args()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    prefix = f"rr21-{secrets.token_hex(3)}:"
    psql(f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)")
    psql(f"CREATE DATABASE {DATABASE}")
    processes = [Process(port, prefix, out) for port in PORTS]
    # A restart takes a few seconds; the load test runs until well after the last.
    duration = args.before + args.between + args.after + 2 * 20
    load_before = load_average()
    try:
        for process in processes:
            process.start()
        urls = [arg for port in PORTS for arg in ("--url", f"ws://127.0.0.1:{port}")]
        command = [LUDOTECA, "loadtest", *urls, "--game", "kingdomino", "--players", "2"]
        command += ["--tables", str(args.tables), "--duration", str(duration)]
        command += ["--warmup", str(args.warmup), "--rate", str(args.rate), "--json"]
        with open(out / "load.json", "wb") as stdout, open(out / "load.err", "wb") as stderr:
            load = subprocess.Popen(command, stdout=stdout, stderr=stderr)
            deadline = time.monotonic() + 300
            while sum(p.status()["owned"] for p in processes) < args.tables:
                if time.monotonic() > deadline or load.poll() is not None:
                    raise RuntimeError("the load test's tables did not all open")
                time.sleep(0.5)
            time.sleep(args.warmup + args.before)
            events: list[tuple[str, float]] = []
            for process in processes:
                events.append((f"SIGTERM {process.port}", time.time()))
                process.stop()
                events.append((f"stopped {process.port}", time.time()))
                process.start()
                events.append((f"answers {process.port}", time.time()))
                if process is not processes[-1]:
                    time.sleep(args.between)
            load.wait(duration + 300)
        load_after = load_average()
        figures = json.loads((out / "load.json").read_text())
    finally:
        for process in processes:
            process.stop()
        client = redis.Redis.from_url(REDIS)
        keys = list(client.scan_iter(match=prefix + "*"))
        if keys:
            client.delete(*keys)
        psql(f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)")
    began = float(figures["began_at"])
    moves = figures["moves_each_second"]
    first, last = events[0][1] - began, events[-1][1] - began
    report = {
        "tables": args.tables,
        "rate": args.rate,
        "seconds": figures["seconds"],
        "lost_moves": figures["lost_moves"],
        "errors": figures["errors"],
        "error_samples": figures["error_samples"],
        "reconnects": figures["reconnects"],
        "resyncs": figures["resyncs"],
        "longest_unanswered_s": figures["longest_unanswered_s"],
        "p50_ms": figures["p50_ms"],
        "p99_ms": figures["p99_ms"],
        "moves_per_s_before": per_second(moves, 0, first),
        "moves_per_s_during": per_second(moves, first, last + SETTLE),
        "moves_per_s_after": per_second(moves, last + SETTLE, len(moves)),
        "slowest_second_during": min(moves[int(first) : int(last + SETTLE)], default=0),
        "restarts": [(what, round(at - began, 1)) for what, at in events],
        "load_average_before": load_before,
        "load_average_after": load_after,
        "cpus": os.cpu_count(),
    }
    json.dump(report, sys.stdout)
    print()


if __name__ == "__main__":
    main()
