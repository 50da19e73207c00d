#!/usr/bin/env python3
"""Krone's race alone: how many turns a dice policy takes to the King with no one in its way.

At two players whoever takes the King wins nearly every game (21 of 21 between `mcts` and
`greedy`, seed 25, games 300–320), so a Krone game is a race to seven of a kind, and a
policy's turns to the King, alone, say much of its strength for less play than wins do
(docs/krone-search.md, "Krone's race alone"). Seat 0 plays the policy; seat 1 keeps its dice and
never takes a card, so every card stays in the display. A game stops when seat 0 takes
the King (or after 60 turns).

    scripts/krone_race.py race --seed solo --games 0:100
    scripts/krone_race.py race --values king=100,general=30 --games 0:100
    scripts/krone_race.py race --budget 3000 --work 100000   # with greedy's budget
    scripts/krone_race.py race --think 0.7   # each decision within 0.7 s, as in the room

Policies: ``race`` (the search's dice, ``strategy.search_move``: greedy's exact odds for
``RACE_VALUES``, rolling on for the bid, with the search's budget), ``greedy``
(``CARD_VALUES``), ``simple``, and ``mcts`` (or ``mcts:N``): the search itself, whose dice
are ``race``'s and whose cards are chosen by its tree, so that the two compare its choice
of cards with ``RACE_VALUES``'s. A policy draws from a generator of its own, so the dice of
a numbered game are the same for every policy until their choices part. ``--values``
changes some of ``race``'s card values, ``--budget`` and ``--work`` its budget; ``--think``
gives each of seat 0's decisions a deadline, as the room does (then a numbered game no
longer repeats: what is worked out depends on the machine's speed). Prints one
JSON object: the mean turns with a 95% interval (normal, by the games' spread) and each
game's turns.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from collections.abc import Callable

import ludoteca
from ludoteca.bots import bot, patience
from ludoteca.engine import CHANCE, Match, Move
from ludoteca.games.krone import strategy
from ludoteca.games.krone.dice import FACES
from ludoteca.games.krone.moves import Keep
from ludoteca.games.krone.state import END, ROLL, START, KroneState

Policy = Callable[[Match, random.Random], Move]
MOST_TURNS = 60


def policy(
    name: str,
    values: dict[str, float],
    budget: int = strategy.SEARCH_BUDGET,
    work: int = strategy.SEARCH_WORK,
) -> Policy:
    if name == "race":
        chosen = {**strategy.RACE_VALUES, **values}
        return lambda match, rng: strategy.search_move(krone(match), rng, chosen, budget, work)
    if values or (budget, work) != (strategy.SEARCH_BUDGET, strategy.SEARCH_WORK):
        raise ValueError(
            "--values, --budget and --work change the race policy: use them with 'race'"
        )
    if name == "greedy":
        return lambda match, rng: strategy.greedy_move(krone(match), rng)
    if name == "simple":
        return lambda match, rng: strategy.simple_move(krone(match), rng)
    if name.partition(":")[0] == "mcts":
        return bot(name).choose
    raise ValueError(f"no policy {name!r}: race, greedy, simple or mcts[:N]")


def krone(match: Match) -> KroneState:
    state = match.state
    if not isinstance(state, KroneState):
        raise TypeError(f"a race is a game of Krone, not of {match.game.id}")
    return state


def parse_values(text: str) -> dict[str, float]:
    found: dict[str, float] = {}
    for part in filter(None, text.split(",")):
        card, _, value = part.partition("=")
        if card not in strategy.RACE_VALUES:
            raise ValueError(f"no card {card!r}: {', '.join(sorted(strategy.RACE_VALUES))}")
        try:
            found[card] = float(value)
        except ValueError:
            raise ValueError(f"{part!r}: write a card's value as CARD=NUMBER") from None
    return found


def turns_to_king(play: Policy, seed: str, number: int, think: float | None = None) -> int:
    """Seat 0's turns until it takes the King, in game ``number`` of ``seed``."""
    rng = random.Random(f"{seed}/{number}")
    own = random.Random(f"{seed}/{number}/policy")
    strategy.forget()  # as the arena does: the game follows from its number alone
    match = ludoteca.game("krone").new_match(2)
    turns = 0
    while krone(match).king_buyer is None and turns < MOST_TURNS:
        state = krone(match)
        if match.to_move is CHANCE:
            match.play_chance(rng)
        elif match.to_move == 1:  # in no one's way: keeps whatever it rolls, takes nothing
            if state.phase is START:
                match.play(ROLL)
            elif any(state.active):
                match.play(Keep(tuple(f for f in FACES for _ in range(state.active[f]))))
            else:
                match.play(END)
        else:
            if state.phase is START:
                turns += 1
            match.play(patience.decide(play, match, own, think))
    return turns


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("policy", help="race, greedy, simple or mcts[:N]")
    parser.add_argument("--values", default="", help="CARD=VALUE,… for race")
    parser.add_argument(
        "--budget",
        type=int,
        default=strategy.SEARCH_BUDGET,
        help=f"race: positions a goal may work out (greedy's: {strategy.GREEDY_BUDGET})",
    )
    parser.add_argument(
        "--work",
        type=int,
        default=strategy.SEARCH_WORK,
        help=f"race: work of a decision (greedy's: {strategy.GREEDY_WORK})",
    )
    parser.add_argument(
        "--think", type=float, default=None, help="seconds a decision, as in the room"
    )
    parser.add_argument("--seed", default="solo", help="the series of games (a word)")
    parser.add_argument("--games", default="0:100", metavar="A:B", help="games A to B-1")
    args = parser.parse_args(argv)
    try:
        first, _, last = args.games.partition(":")
        games = range(int(first), int(last))
        if args.budget < 1 or args.work < 1:
            raise ValueError("--budget and --work are counts of 1 or more")
        if args.think is not None and not args.think > 0:
            raise ValueError(f"--think {args.think}: a decision needs some time, above 0")
        play = policy(args.policy, parse_values(args.values), args.budget, args.work)
    except ValueError as error:
        parser.error(str(error))
    if not games:
        parser.error(f"--games {args.games}: no game to play")
    turns = [turns_to_king(play, args.seed, number, args.think) for number in games]
    mean = statistics.fmean(turns)
    spread = statistics.stdev(turns) if len(turns) > 1 else 0.0
    half = 1.959964 * spread / math.sqrt(len(turns))
    out = {
        "policy": args.policy,
        "values": parse_values(args.values),
        "budget": [args.budget, args.work] if args.policy == "race" else None,
        "think": args.think,
        "seed": args.seed,
        "games": [games.start, games.stop],
        "mean_turns": round(mean, 3),
        "ci95": [round(mean - half, 3), round(mean + half, 3)],
        "turns": turns,
    }
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
