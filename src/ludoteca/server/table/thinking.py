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
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial

import ludoteca
from ludoteca.bots import BOTS, Bot, bot, patience
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

_pool: ProcessPoolExecutor | None = None


def bot_levels() -> list[str]:
    return sorted(BOTS)


def choose(level: str, match: Match, rng: random.Random | None = None) -> Move:
    """The bot's move for the seat to move; its randomness comes from the operating
    system unless a test gives a seeded ``rng``."""
    player: Bot = bot(level)
    return player.choose(match, rng or random.Random(secrets.randbits(64)))


def _processes() -> ProcessPoolExecutor:
    """The bot processes, started when a bot first thinks and stopped when the room
    closes. Spawned, not forked: the room's process has threads (the database's) that a
    fork would copy mid-step."""
    global _pool
    if _pool is None:
        context = multiprocessing.get_context("spawn")
        _pool = ProcessPoolExecutor(
            max_workers=PROCESSES, mp_context=context, initializer=_yield_to_the_room
        )
    return _pool


def _yield_to_the_room() -> None:
    """In a bot process, first: a lower priority, so that where a bot and the room share a
    core, people's moves go first and the bot thinks in the time left; and a watch on the
    room, so that a bot process never outlives it (a room killed, or stopped in a way
    that skips the pool's own clean-up, would leave it behind, holding its memory)."""
    with contextlib.suppress(OSError):
        os.nice(BOT_NICENESS)
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
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=wait, cancel_futures=True)
    _pool = None


async def think(level: str, match: Match) -> Move:
    """The move of a bot of ``level`` for the seat to move in ``match``, decided in a bot
    process. A bot process that died (killed, out of memory) is replaced once."""
    position = pickle.dumps(
        (level, match.game.id, match.players, dict(match.options), match.state),
        protocol=pickle.HIGHEST_PROTOCOL,
    )
    loop = asyncio.get_running_loop()
    try:
        text = await loop.run_in_executor(_processes(), decide, position)
    except BrokenProcessPool:
        stop(wait=False)
        text = await loop.run_in_executor(_processes(), decide, position)
    return match.parse(text)


def decide(position: bytes) -> str:
    """In a bot process: the bot's move for the pickled position, as its notation."""
    level, game_id, players, options, state = pickle.loads(position)
    match = Match(ludoteca.game(game_id), players, options, state)
    move = str(patience.decide(partial(choose, level), match, random.Random(secrets.randbits(64))))
    settle()
    return move
