"""What the fence adds to a commit: ``Store.commit`` on the local PostgreSQL, without
leases and with them, alternated, three rounds (docs/ownership.md, "What it costs").

A batch is 10 tables x 2 moves and their table rows; 400 commits a round, the leases
renewed every 50 commits as the room's timer would. Prints the median commit and the
process's CPU a commit. Run from the repository: ``.venv/bin/python scripts/fence_cost.py``.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from ludoteca.server.storage import Store
from ludoteca.server.storage.rows import MoveRow, TableRow, Write
from server.conftest import _on_postgres, postgres_database


async def commits(store: Store, first_table: int, count: int = 400) -> tuple[float, float]:
    tables = range(first_table, first_table + 10)
    if store.leases is not None:
        for table in tables:
            store.leases.new(table)
    times = []
    cpu = time.process_time()
    for n in range(0, 2 * count, 2):
        if store.leases is not None and n % 100 == 2:
            await store.leases.renew()
        rows: list[Write] = []
        for t in tables:
            rows += [MoveRow(t, t, n, 0, "m", 0.0, n), MoveRow(t, t, n + 1, 1, "m", 0.0, n + 1)]
            rows.append(TableRow(t, "keltis", {}, [None, None], None, "running", n + 1, t, 0.0))
        start = time.perf_counter()
        await store.commit(rows)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e3, (time.process_time() - cpu) / count * 1e6


async def main(url: str) -> None:
    plain, fenced = Store(url), Store(url, "fence_cost", 10)
    await plain.migrate()
    first = 1
    for round_ in range(1, 4):
        for name, store in (("without", plain), ("with", fenced)):
            ms, cpu_us = await commits(store, first)
            first += 10
            print(f"round {round_}, {name:7} leases: {ms:5.2f} ms a commit, {cpu_us:5.0f} µs CPU")
    await plain.close()
    await fenced.close()


if __name__ == "__main__":
    url = postgres_database()
    if url is None:
        sys.exit("no PostgreSQL at 127.0.0.1:5432")
    try:
        asyncio.run(main(url))
    finally:
        _on_postgres(f'DROP DATABASE IF EXISTS "{url.rsplit("/", 1)[1]}" WITH (FORCE)')
