#!/usr/bin/env python3
"""How a room's bots decide when they think in the room's bot processes.

Plays games of an arena series (its seating, its seed's chance) the way the room plays a
table: each decision of a bot that thinks goes to a bot process
(``server.table.thinking.think``, under the room's deadline), one table at a time, with
``--processes`` bot processes as on a machine of that many cores and one more; each game
is a table of its own. Prints, per level, its decisions, how many took the whole
deadline or more (the way to the process and back included), and the mean and slowest
seconds. Only one decision is under way at a time, so the processes do not share the
cores: what differs between two ways of handing the decisions out is what each process
remembers. Run a checkout of the room by ``PYTHONPATH`` to compare it with another (the
room handed each decision to any free process until 2026-11-30, and keeps a table in its
own since).

    scripts/room_bot_processes.py --game krone --bots mcts,greedy --games 0:10 --processes 4
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import json
import pickle
import random
import sys
import time

import ludoteca
from ludoteca.bots import patience
from ludoteca.engine import CHANCE
from ludoteca.server.table import thinking
from ludoteca.tools.arena import seating

#: Whether the room run keeps a table's bots in one process (since 2026-11-30).
BY_TABLE = "table" in inspect.signature(thinking.think).parameters


async def play(names: list[str], players: int, seed: int, games: range, game_id: str) -> dict:
    """Every decision of ``games`` through the room's bot processes: seconds by level."""
    seconds: dict[str, list[float]] = {name: [] for name in names}
    game = ludoteca.game(game_id)
    for number in games:
        seats = seating(names, players, number)
        rng = random.Random(f"{seed}/{number}")  # the arena's chance for this game
        match = game.new_match(players)
        while not match.is_over:
            actor = match.to_move
            if actor is CHANCE:
                match.play_chance(rng)
                continue
            if actor is None:
                break
            name = seats[actor]
            started = time.perf_counter()
            if name in thinking.QUICK_LEVELS:  # as the room: in its own loop
                move = thinking.choose(name, match)
            elif BY_TABLE:
                move = await thinking.think(name, match, number)
            else:
                move = await thinking.think(name, match)
            seconds[name].append(time.perf_counter() - started)
            match.play(move)
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="krone")
    parser.add_argument("--bots", default="mcts,greedy")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--games", default="0:10", help="A:B, games A up to B of the series")
    parser.add_argument("--processes", type=int, default=4, help="the room's bot processes")
    args = parser.parse_args(argv)
    names = args.bots.split(",")
    first, _, last = args.games.partition(":")
    thinking.PROCESSES = args.processes
    warm = ludoteca.game(args.game).new_match(args.players)
    rng = random.Random(0)
    while warm.to_move is CHANCE:
        warm.play_chance(rng)
    position = pickle.dumps(("simple", args.game, args.players, {}, warm.state))
    try:
        # Every process started (spawned, the game imported) before any decision is
        # timed: as many decisions at once as there are processes, one a table.
        pools = [
            thinking._processes(f"warm {table}") if BY_TABLE else thinking._processes()
            for table in range(args.processes)
        ]
        for done in [pool.submit(thinking.decide, position) for pool in pools]:
            done.result()
        seconds = asyncio.run(
            play(names, args.players, args.seed, range(int(first), int(last)), args.game)
        )
    finally:
        thinking.stop()
    limit = patience.THINKING_SECONDS
    report = {
        "game": args.game, "players": args.players, "seed": args.seed, "games": args.games,
        "processes": args.processes, "think": limit,
        "bots": {
            name: {
                "decisions": len(spent),
                "at_deadline": sum(s >= limit for s in spent),
                "mean": round(sum(spent) / max(len(spent), 1), 6),
                "slowest": round(max(spent, default=0.0), 6),
            }
            for name, spent in seconds.items()
        },
    }  # fmt: skip
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
