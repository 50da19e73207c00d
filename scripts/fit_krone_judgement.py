#!/usr/bin/env python3
"""Fit Um Krone und Kragen's learnt judgement (``games/krone/judgement.py``) on self-play.

For each number of players, ``--games`` games are played by ``--policy``: ``simple``
(collect one face), or ``greedy`` (greedy's exact odds, one seat in two playing its dice
for the search's ``RACE_VALUES`` and the others for greedy's ``CARD_VALUES``: games as
the room's bots play them, seconds a game where the simple policy takes milliseconds).
On ``--explore`` of its turns a seat takes a card at random among those the dice pay
for, or none (``greedy`` never declines the King so), so that the positions hold every
kind of card in many company, and seats with fewer cards than turns (without them, a
card would be judged only against the others: one seldom taken could not be told from
no card). Every turn's start before the King is taken is a position; its label is the
seat that won the game. The weights of a conditional logit (each seat's chance
``exp(w · x_seat) / Σ exp(w · x_other)``) are fitted by Newton's method with a small
ridge. Every game comes from ``--seed`` and its number (greedy's odds are forgotten
before each), so the same arguments write the same file whatever ``--jobs``. The table
sizes fitted replace theirs in ``--out`` and keep the others, each size with the command
that remakes it. Needs numpy (the ``test`` extra).

    nice -n 10 .venv/bin/python scripts/fit_krone_judgement.py --seed 25
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from ludoteca.engine import CHANCE, Move
from ludoteca.games.krone import strategy
from ludoteca.games.krone.judgement import FEATURES, WEIGHTS_FILE, features
from ludoteca.games.krone.moves import Buy
from ludoteca.games.krone.state import END, START, KroneState, opening

#: The ridge on the weights: keeps the fit finite where a feature never varies.
RIDGE = 1.0
NEWTON_STEPS = 25
POLICIES = ("simple", "greedy")
KING = Buy("king")


def explored(
    state: KroneState, move: Move, rng: random.Random, explore: float, policy: str
) -> Move:
    """The policy's ``move``, or on ``explore`` of the turns where it takes a card, a card
    at random among those the dice pay for, or none. ``greedy`` also explores where it
    would end a turn without a card, but never in the final round or instead of the King:
    a race whose King is declined at random is a game no bot plays."""
    if policy == "simple":
        chosen = isinstance(move, Buy)
    else:
        chosen = (isinstance(move, Buy) or move == END) and move != KING and state.final is None
    if chosen and rng.random() < explore:
        return rng.choice([*(Buy(card) for card in sorted(state.buyable())), END])
    return move


def game(
    players: int, seed: int, number: int, explore: float, policy: str
) -> tuple[list[list[list[float]]], int]:
    """One self-play game: the features of its positions and the winning seat."""
    rng = random.Random(f"krone judgement/{seed}/{players}/{number}")
    strategy.forget()
    state = opening(players)
    seen: list[list[list[float]]] = []
    while (actor := state.to_move()) is not None:
        if actor is CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        if state.phase is START and state.king_buyer is None:
            seen.append(features(state))
        if policy == "simple":
            move = strategy.simple_move(state, rng)
        else:
            race = (actor + number) % 2 == 0
            values = strategy.RACE_VALUES if race else strategy.CARD_VALUES
            move = strategy.greedy_move(state, rng, values)
        move = explored(state, move, rng, explore, policy)
        state.apply(move)
    return seen, state.result().winners[0]


def positions(
    players: int, games: int, seed: int, explore: float, policy: str = "simple", jobs: int = 1
) -> tuple[np.ndarray, np.ndarray]:
    """Features (position, seat, feature) and the winning seat of each position."""
    xs: list[list[list[float]]] = []
    ys: list[int] = []
    numbers = range(games)
    args = ([players] * games, [seed] * games, numbers, [explore] * games, [policy] * games)
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            played = list(pool.map(game, *args, chunksize=4))
    else:
        played = list(map(game, *args))
    for seen, winner in played:
        xs += seen
        ys += [winner] * len(seen)
    return np.array(xs, dtype=float), np.array(ys, dtype=int)


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """The conditional logit's weights by Newton's method, with ``RIDGE``."""
    count, _seats, width = x.shape
    w = np.zeros(width)
    rows = np.arange(count)
    for _ in range(NEWTON_STEPS):
        scores = x @ w
        scores -= scores.max(axis=1, keepdims=True)
        p = np.exp(scores)
        p /= p.sum(axis=1, keepdims=True)
        mean = np.einsum("ns,nsf->nf", p, x)
        gradient = (x[rows, y] - mean).sum(axis=0) - RIDGE * w
        hessian = np.einsum("ns,nsf,nsg->fg", p, x, x) - mean.T @ mean + RIDGE * np.eye(width)
        step = np.linalg.solve(hessian, gradient)
        w += step
        if np.abs(step).max() < 1e-9:
            break
    return w


def _rows(table: dict[str, list[float]] | dict[str, str]) -> str:
    lines = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in table.items())
    return f"{{\n{lines}\n }}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument("--games", type=int, default=10_000, help="games per table size")
    parser.add_argument("--explore", type=float, default=0.3)
    parser.add_argument("--players", default="2,3,4,5", help="table sizes, e.g. 2,4")
    parser.add_argument("--policy", choices=POLICIES, default="simple")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing the games")
    parser.add_argument("--out", type=Path, default=WEIGHTS_FILE)
    args = parser.parse_args(argv)
    tables = [int(p) for p in args.players.split(",")]
    command = (
        f"scripts/fit_krone_judgement.py --seed {args.seed} --games {args.games} "
        f"--explore {args.explore} --players {{players}}"
    )
    if args.policy != "simple":
        command += f" --policy {args.policy}"
    weights: dict[str, list[float]] = {}
    commands: dict[str, str] = {}
    if args.out.exists():
        kept = json.loads(args.out.read_text(encoding="utf-8"))
        if kept.get("features") == list(FEATURES):
            weights, commands = kept["weights"], kept["commands"]
    for players in tables:
        x, y = positions(players, args.games, args.seed, args.explore, args.policy, args.jobs)
        weights[str(players)] = [round(float(v), 4) for v in fit(x, y)]
        commands[str(players)] = command.format(players=players)
        print(f"{players} players: {len(y)} positions of {args.games} games", file=sys.stderr)
    weights = dict(sorted(weights.items()))
    commands = dict(sorted(commands.items()))
    data = {"commands": commands, "features": list(FEATURES), "weights": weights}

    # One line a table size: the file reads as a table, and a remake diffs by row.
    text = (
        f'{{\n "commands": {_rows(commands)},\n'
        f' "features": {json.dumps(list(FEATURES))},\n'
        f' "weights": {_rows(weights)}\n}}\n'
    )
    if json.loads(text) != data:
        raise RuntimeError("the weights file would not read back as written")
    args.out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
