#!/usr/bin/env python3
"""Where the room's Krone search plays the race's dice otherwise than the counted one.

Plays the arena's two-player games of a seed's series with the room's deadline
(``--think``) and, at each of the search's dice decisions in the race (dice still to
play, no King pushed for), also asks the counted search's move (``search_move`` with no
deadline, in a memory of its own, so the game's play is the room's alone). Where the two
differ, both moves are valued by the counted plan — the goal it chose and the larger
budget — as that goal's expected worth (``RACE_VALUES``' points; a single card's goal
times the card's value): the room's loss by the counted search's own measure. Prints one
JSON line a decision where the moves differ, then one of totals: decisions, those that
differ, those the deadline stopped, and the worth lost, split by whether the deadline
stopped the room's decision. A tuning tool: run it on a tuning seed (31), never on the
seeds strength is reported on.

    scripts/krone_race_diff.py --bots mcts,greedy --seed 31 --games 350:360 --think 0.7
"""

from __future__ import annotations

import argparse
import contextvars
import json
import random
import sys
import time

from ludoteca.bots import resolve
from ludoteca.engine import Match, Move
from ludoteca.games.krone import odds
from ludoteca.games.krone.state import DICE, KroneState
from ludoteca.games.krone.strategy import (
    RACE_VALUES,
    SEARCH_BUDGET,
    SEARCH_WORK,
    UNPLANNED,
    push_bid,
    race_goal,
    search_move,
)
from ludoteca.tools import arena
from ludoteca.tools.arena import Setup, play_game, seating


def worths(state: KroneState, moves: list[Move]) -> list[float] | None:
    """Each move's expected worth by the counted plan (None: too large for its budget)."""
    goal, scale = race_goal(state, RACE_VALUES, SEARCH_BUDGET, odds.Work(SEARCH_WORK))
    try:
        found, _ = odds.move_values(
            state, goal, moves, SEARCH_BUDGET, False, UNPLANNED, odds.Work(2 * SEARCH_WORK)
        )
    except odds.TooLarge:
        return None
    return [scale * value for value in found]


class Watched:
    """The room's search, its race decisions compared with the counted search's."""

    def __init__(self, name: str, game: int, out: list[dict[str, object]]) -> None:
        self.bot = resolve(name)
        self.name = self.bot.name
        self.game = game
        self.out = out

    def choose(self, match: Match, rng: random.Random) -> Move:
        started = time.perf_counter()
        move = self.bot.choose(match, rng)
        spent = time.perf_counter() - started
        state = match.state
        if not isinstance(state, KroneState):
            raise TypeError("a Krone match holds a KroneState")
        if (
            state.phase is DICE
            and state.final is None
            and any(state.active)
            and len(match.legal_moves()) > 1
            and push_bid(state) is None
        ):
            # Outside the room's deadline and memory: a context of its own.
            self.out.append(contextvars.Context().run(self.compare, state, move, spent))
        return move

    def compare(self, state: KroneState, move: Move, spent: float) -> dict[str, object]:
        started = time.perf_counter()
        with odds.memory("counted"):
            other = search_move(state, random.Random(0))
            took = time.perf_counter() - started
            valued = worths(state, [move, other]) if other != move else None
        return {
            "game": self.game, "round": state.round, "room": str(move), "counted": str(other),
            "room_s": round(spent, 3), "counted_s": round(took, 3),
            "worth": None if valued is None else [round(v, 3) for v in valued],
            "dice": sum(state.active) + sum(state.aside),
            "cards": sorted(odds.turn_cards(state)),
        }  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", default="mcts,greedy")
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--games", default="350:360", help="A:B, games A up to B of the series")
    parser.add_argument("--think", type=float, default=0.7)
    args = parser.parse_args(argv)
    names = args.bots.split(",")
    first, _, last = args.games.partition(":")
    totals = {"decisions": 0, "differ": 0, "stopped": 0, "differ_stopped": 0,
              "lost": 0.0, "lost_stopped": 0.0, "unvalued": 0}  # fmt: skip
    for number in range(int(first), int(last)):
        found: list[dict[str, object]] = []
        arena._BOTS[names[0]] = Watched(names[0], number, found)  # type: ignore[assignment]
        seats = seating(names, 2, number)
        play_game(Setup("krone", 2, {}, seats, args.seed, number, args.think))
        for entry in found:
            stopped = float(entry["room_s"]) >= args.think  # type: ignore[arg-type]
            totals["decisions"] += 1
            totals["stopped"] += stopped
            if entry["room"] == entry["counted"]:
                continue
            totals["differ"] += 1
            totals["differ_stopped"] += stopped
            worth = entry["worth"]
            if worth is None:
                totals["unvalued"] += 1
            else:
                lost = worth[1] - worth[0]  # type: ignore[index]
                totals["lost"] += lost
                if stopped:
                    totals["lost_stopped"] += lost
            print(json.dumps(entry), flush=True)
    print(json.dumps({"totals": totals}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
