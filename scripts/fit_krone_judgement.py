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

``--from-games FILE...`` fits one table size on games the bots played instead, as
``scripts/krone_kings.py`` records them (each holding rebuilt from the cards taken, each
place from the order of turns that explains them); with ``--held-out`` it writes nothing
and prints how the shipped weights and a refit judge games they were not fitted on:
whether the judgement the search plays with still tells the winners of its own games
(docs/krone-search.md, "The judgement refitted on the search's own games").

    .venv/bin/python scripts/fit_krone_judgement.py --held-out \
      --from-games docs/measured/bots/tuning-seed-31/krone-kings-2p-*.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from ludoteca.engine import CHANCE, Move
from ludoteca.games.krone import strategy
from ludoteca.games.krone.game import Krone
from ludoteca.games.krone.judgement import FEATURES, WEIGHTS_FILE, features, holding_features
from ludoteca.games.krone.judgement import weights as judgement_weights
from ludoteca.games.krone.moves import Buy
from ludoteca.games.krone.state import END, START, Holding, KroneState, opening

sys.path.insert(0, str(Path(__file__).parent))  # the script beside this one reads the records
from krone_king_hazard import holding, turns

#: Features of a seat beside the judgement's: of its holding, its place, the display left.
Extra = Callable[[Holding, int, dict[str, int]], list[float]]
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


def recorded(
    paths: list[Path], extra: Extra | None = None
) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
    """The table size, features, winning seat and game number of the positions of games as
    ``scripts/krone_kings.py`` records them: every turn's start up to the King's, each
    seat's holding rebuilt from the cards taken before it and its place from the order of
    turns that explains them (``krone_king_hazard.turns``). Games without the King, with
    more than one winner or whose cards no order of turns explains are left out.
    ``extra``: features read beside the judgement's, of a seat's holding, its place and
    the display left (``scripts/krone_judgement_features.py``)."""
    xs: list[list[list[float]]] = []
    ys: list[int] = []
    numbers: list[int] = []
    sizes: set[int] = set()
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            game = json.loads(line)
            if "cards" not in game or game["king"] is None or len(game["winners"]) != 1:
                continue  # a range's totals, or a game no position of which has a label
            # Every seat plays within a round and a turn: the places of the King's turn.
            found = turns(game, beyond=2 * Krone.max_players)
            if found is None:
                continue
            taken, bot_of_turn = found
            bots = sorted(set(bot_of_turn))
            king = next(turn for bot, turn, card in taken if card == "king")
            sizes.add(len(bots))
            full = opening(len(bots)).display
            for turn in range(king + 1):
                ahead = bot_of_turn[turn:]
                gone = Counter(card for _bot, when, card in taken if when < turn)
                display = {card: left - gone[card] for card, left in full.items()}
                seats = []
                for bot in bots:
                    held, place = holding(taken, bot, turn), ahead.index(bot)
                    more = extra(held, place, display) if extra is not None else []
                    seats.append(holding_features(held, place) + more)
                xs.append(seats)
                ys.append(bots.index(game["winners"][0]))
                numbers.append(game["game"])
    if len(sizes) != 1:
        raise ValueError(f"the games are of {sorted(sizes) or 'no'} table sizes: give one")
    return sizes.pop(), np.array(xs, dtype=float), np.array(ys, dtype=int), np.array(numbers)


def judged(w: np.ndarray, x: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """The mean log-likelihood of the winners under weights ``w``, and how often the
    seat judged likeliest won."""
    scores = x @ w
    scores -= scores.max(axis=1, keepdims=True)
    p = np.exp(scores)
    p /= p.sum(axis=1, keepdims=True)
    rows = np.arange(len(y))
    return float(np.log(p[rows, y]).mean()), float((p.argmax(axis=1) == y).mean())


def held_out(players: int, x: np.ndarray, y: np.ndarray, numbers: np.ndarray) -> list[dict]:
    """The shipped weights and weights fitted on the games of even number judged on the
    odd ones, and the other way round: whether a refit would judge these games better
    (the same game number played by several searches stays on one side)."""
    shipped = np.array(judgement_weights(players))
    rows = []
    for fitted_on, judged_on in (("even", "odd"), ("odd", "even")):
        train = numbers % 2 == (0 if fitted_on == "even" else 1)
        test = ~train
        for name, w in (
            ("shipped", shipped),
            (f"fitted on the {fitted_on}", fit(x[train], y[train])),
        ):
            likelihood, favourite = judged(w, x[test], y[test])
            rows.append({
                "weights": name, "judged on": f"the {judged_on} games",
                "positions": int(test.sum()), "log_likelihood": round(likelihood, 4),
                "favourite_won": round(favourite, 4),
            })  # fmt: skip
    return rows


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
    parser.add_argument(
        "--from-games",
        type=Path,
        nargs="+",
        metavar="FILE",
        help="fit on the positions of games recorded by scripts/krone_kings.py (one table "
        "size) instead of self-play",
    )
    parser.add_argument(
        "--held-out",
        action="store_true",
        help="with --from-games: write nothing, print how the shipped weights and a refit "
        "judge games they were not fitted on (even and odd game numbers)",
    )
    args = parser.parse_args(argv)
    if args.held_out:
        if not args.from_games:
            parser.error("--held-out judges recorded games: give them with --from-games")
        for row in held_out(*recorded(args.from_games)):
            print(json.dumps(row))
        return 0
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
    if args.from_games:
        players, x, y, _numbers = recorded(args.from_games)
        tables = []
        weights[str(players)] = [round(float(v), 4) for v in fit(x, y)]
        files = " ".join(str(path) for path in args.from_games)
        commands[str(players)] = f"scripts/fit_krone_judgement.py --from-games {files}"
        print(f"{players} players: {len(y)} positions of recorded games", file=sys.stderr)
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
