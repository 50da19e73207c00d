#!/usr/bin/env python3
"""Fit Um Krone und Kragen's learnt judgement (``games/krone/judgement.py``) on self-play.

For each number of players, ``--games`` games are played by the simple policy (collect
one face), which on ``--explore`` of its turns takes a card at random among those the dice
pay for, or none, so that the positions hold every kind of card in many company, and
seats with fewer cards than turns (without them, a card would be judged only against the
others: one seldom taken could not be told from no card). Every
turn's start before the King is taken is a position; its label is the seat that won the
game. The weights of a conditional logit (each seat's chance
``exp(w · x_seat) / Σ exp(w · x_other)``) are fitted by Newton's method with a small ridge.
Every game comes from ``--seed`` and its number, so the same arguments write the same file.
Needs numpy (the ``test`` extra).

    nice -n 10 .venv/bin/python scripts/fit_krone_judgement.py --seed 25
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

import numpy as np

from ludoteca.engine import CHANCE
from ludoteca.games.krone.judgement import FEATURES, WEIGHTS_FILE, features
from ludoteca.games.krone.moves import Buy
from ludoteca.games.krone.state import END, START, opening
from ludoteca.games.krone.strategy import simple_move

#: The ridge on the weights: keeps the fit finite where a feature never varies.
RIDGE = 1.0
NEWTON_STEPS = 25


def positions(players: int, games: int, seed: int, explore: float) -> tuple[np.ndarray, np.ndarray]:
    """Features (position, seat, feature) and the winning seat of each position."""
    xs: list[list[list[float]]] = []
    ys: list[int] = []
    for number in range(games):
        rng = random.Random(f"krone judgement/{seed}/{players}/{number}")
        state = opening(players)
        seen: list[list[list[float]]] = []
        while (actor := state.to_move()) is not None:
            if actor is CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            if state.phase is START and state.king_buyer is None:
                seen.append(features(state))
            move = simple_move(state, rng)
            if isinstance(move, Buy) and rng.random() < explore:
                move = rng.choice([*(Buy(card) for card in sorted(state.buyable())), END])
            state.apply(move)
        winner = state.result().winners[0]
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument("--games", type=int, default=10_000, help="games per table size")
    parser.add_argument("--explore", type=float, default=0.3)
    parser.add_argument("--players", default="2,3,4,5", help="table sizes, e.g. 2,4")
    parser.add_argument("--out", type=Path, default=WEIGHTS_FILE)
    args = parser.parse_args(argv)
    tables = [int(p) for p in args.players.split(",")]
    fitted: dict[str, list[float]] = {}
    for players in tables:
        x, y = positions(players, args.games, args.seed, args.explore)
        fitted[str(players)] = [round(float(v), 4) for v in fit(x, y)]
        print(f"{players} players: {len(y)} positions of {args.games} games", file=sys.stderr)
    command = (
        f"scripts/fit_krone_judgement.py --seed {args.seed} --games {args.games} "
        f"--explore {args.explore} --players {args.players}"
    )
    data = {"command": command, "features": list(FEATURES), "weights": fitted}
    # One line a table size: the file reads as a table, and a remake diffs by row.
    rows = ",\n".join(f'  "{k}": {json.dumps(v)}' for k, v in fitted.items())
    text = (
        f'{{\n "command": {json.dumps(command)},\n "features": {json.dumps(list(FEATURES))},\n'
        f' "weights": {{\n{rows}\n }}\n}}\n'
    )
    if json.loads(text) != data:
        raise RuntimeError("the weights file would not read back as written")
    args.out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
