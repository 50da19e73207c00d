"""How a table's bots decide: the quick levels in the event loop, the others (greedy,
mcts) in processes of their own.

A bot's decision is pure Python and can take a second (Um Krone und Kragen's odds, a
search). In a thread of the room's process it held the interpreter's lock against the
event loop: four tables of mcts bots playing on raised the room's median move latency from
1 ms to 143 ms and cut the moves it accepted by a fifth (docs/server.md). In other
processes they run beside the room, and what they remember (Krone's odds tables, up to
gigabytes) stays out of the room's memory.

The position goes over as a pickle made at once, in the event loop, so the live match may
move on while the bot thinks; the answer comes back as the move's notation and is played
like any other seat's move, checked by the room.

A table's bots always think in the same process. What a bot remembers between decisions
(Krone's odds: each decision of a turn starts from the positions the one before worked
out) is then there at its next decision, as in the arena, whose figures the room's
levels claim. Handed to whichever process was free, a table's decisions on a machine
of many cores each started from another decision's memory (a pool takes tasks one after
another in turn), and each process could come to hold the odds of every table.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import pickle
import random
import secrets
import threading
import time
from collections import Counter, OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial

import ludoteca
from ludoteca.bots import BOTS, Bot, bot, patience, strategies
from ludoteca.bots.heap import dedicate, settle
from ludoteca.engine import Match, Move

#: The level ``/bot`` seats when none is named, and the one that takes over a seat whose
#: player resigned.
DEFAULT_LEVEL = "simple"
#: Levels quick enough to decide inside the event loop; the others think in a bot process.
QUICK_LEVELS = frozenset({"random", "simple"})

#: Processes in which bots think: every core but the one the room's event loop uses.
PROCESSES = max(1, (os.cpu_count() or 2) - 1)
#: How much lower than the room's a bot process's priority is (``nice``).
BOT_NICENESS = 10
#: How often a bot process looks whether the room is still there.
PARENT_CHECK_SECONDS = 1.0
#: The share of the machine's memory the bot processes may fill, together, with what bots
#: remember between decisions (Krone's odds), each process an equal part: on its own a
#: process may keep about 0.9 GB of odds, so fifteen of them, a 16-core machine's, would
#: want some 14 GB.
BOT_MEMORY_SHARE = 0.5

#: How many tables the room remembers the process of (the latest to have a bot think): a
#: table forgotten gets a process anew, and a bot of it starts from nothing remembered.
TABLES_REMEMBERED = 10_000

#: The bot processes, each a pool of its own, so that a table's decisions go to one.
_pools: list[ProcessPoolExecutor] = []
#: Decisions under way (or waiting) in each process.
_busy: Counter[ProcessPoolExecutor] = Counter()
#: Each table's process (an index of ``_pools``), the table that last had a bot think last.
_homes: OrderedDict[int | str, int] = OrderedDict()
_tables_seen = 0


def bot_levels() -> list[str]:
    return sorted(BOTS)


def choose(level: str, match: Match, rng: random.Random | None = None) -> Move:
    """The bot's move for the seat to move; its randomness comes from the operating
    system unless a test gives a seeded ``rng``."""
    player: Bot = bot(level)
    return player.choose(match, rng or random.Random(secrets.randbits(64)))


def _processes(table: int | str = "") -> ProcessPoolExecutor:
    """The bot process of ``table``: the same one while the room runs. The tables take
    the processes in turn, so that as many tables as processes each have one of their
    own. A process starts when a bot first thinks in it and stops when the room closes."""
    global _tables_seen
    if not _pools:
        _pools.extend(_process() for _ in range(PROCESSES))
    home = _homes.pop(table, None)
    if home is None:
        home = _tables_seen % len(_pools)
        _tables_seen += 1
    _homes[table] = home
    while len(_homes) > TABLES_REMEMBERED:
        _homes.popitem(last=False)
    return _pools[home]


def _free(table: int | str) -> ProcessPoolExecutor:
    """The process a decision of ``table`` goes to: its own, unless that one is deciding
    for another table while another process has nothing to do. So a person waits behind
    another table's decision only when every process is busy; a decision sent elsewhere
    starts without what the table's bots remembered."""
    home = _processes(table)
    if _busy[home]:
        idle = next((pool for pool in _pools if not _busy[pool]), None)
        if idle is not None:
            return idle
    return home


def _renew(broken: ProcessPoolExecutor) -> ProcessPoolExecutor:
    """A new bot process in place of one that died (killed, out of memory)."""
    broken.shutdown(wait=False, cancel_futures=True)
    renewed = _process()
    _pools[_pools.index(broken)] = renewed
    _busy[renewed] += _busy.pop(broken, 0)
    return renewed


def _process() -> ProcessPoolExecutor:
    """A bot process, spawned, not forked: the room's process has threads (the
    database's) that a fork would copy mid-step."""
    context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(
        max_workers=1,
        mp_context=context,
        initializer=_yield_to_the_room,
        initargs=(_memory_of_each(),),
    )


def _memory_of_each() -> int | None:
    """Bytes each bot process may fill with what its bots remember: its part of
    ``BOT_MEMORY_SHARE`` of the machine's memory (None where the system does not say)."""
    try:
        machine = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, OSError, ValueError):
        return None
    return int(machine * BOT_MEMORY_SHARE / PROCESSES)


def _yield_to_the_room(memory: int | None) -> None:
    """In a bot process, first: a lower priority, so that where a bot and the room share a
    core, people's moves go first and the bot thinks in the time left; its part of the
    machine's memory (``memory`` bytes, for what its bots remember); and a watch on the
    room, so that a bot process never outlives it (a room killed, or stopped in a way
    that skips the pool's own clean-up, would leave it behind, holding its memory)."""
    with contextlib.suppress(OSError):
        os.nice(BOT_NICENESS)
    if memory is not None:
        strategies.remember_within(memory)
    dedicate()
    room = os.getppid()

    def watch() -> None:
        while os.getppid() == room:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="watch the room", daemon=True).start()


def stop(wait: bool = True) -> None:
    """Stop the bot processes (the room is closing: waiting for a decision under way, at
    most a second or so, lets them release what they share); a later bot starts them
    again."""
    global _tables_seen
    for pool in _pools:
        pool.shutdown(wait=wait, cancel_futures=True)
    _pools.clear()
    _busy.clear()
    _homes.clear()
    _tables_seen = 0


async def think(level: str, match: Match, table: int | str = "") -> Move:
    """The move of a bot of ``level`` for the seat to move in ``match``, decided in
    ``table``'s bot process. A bot process that died (killed, out of memory) is replaced
    once."""
    position = pickle.dumps(
        (level, match.game.id, match.players, dict(match.options), match.state),
        protocol=pickle.HIGHEST_PROTOCOL,
    )
    loop = asyncio.get_running_loop()
    pool = _free(table)
    _busy[pool] += 1
    try:
        try:
            text = await loop.run_in_executor(pool, decide, position)
        except BrokenProcessPool:
            pool = _renew(pool)
            text = await loop.run_in_executor(pool, decide, position)
    finally:
        _busy[pool] -= 1
        if _busy[pool] <= 0:  # and after ``stop``, which forgot it
            del _busy[pool]
    return match.parse(text)


def decide(position: bytes) -> str:
    """In a bot process: the bot's move for the pickled position, as its notation."""
    level, game_id, players, options, state = pickle.loads(position)
    match = Match(ludoteca.game(game_id), players, options, state)
    move = str(patience.decide(partial(choose, level), match, random.Random(secrets.randbits(64))))
    settle()
    return move
