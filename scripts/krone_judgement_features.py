#!/usr/bin/env python3
"""Would Krone's learnt judgement predict better if it read more than the cards held?

Fits the judgement of ``fit_krone_judgement.py`` (cards held and place in the coming
turns) with and without candidate features — a holding's strength in the race (its
chance of seven of a kind or more in one turn by ``power.groups``, as a chance, a log
and for the seat to play next; of six, eight and nine; its dice a turn), and what the
seat to play next may take from the display (at two players a card of rows II to IV
taken is one the other seat never gets) — on the self-play positions of ``--seed``,
and reports each fit's mean log-likelihood of the winner on the positions of
``--held-out``, a seed the fit never saw, and how often its favourite won there
(docs/krone-search.md, "Krone's search tuned on seed 25"). Needs numpy.

    nice -n 10 .venv/bin/python scripts/krone_judgement_features.py --players 2 --games 3000

``--from-games FILE...`` screens the same candidates on games the bots played, as
``scripts/krone_kings.py`` records them: fitted on those of even number, judged on the
odd ones (docs/krone-search.md, "The judgement refitted on the search's own games").
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import sys
from pathlib import Path

from ludoteca.games.krone import judgement
from ludoteca.games.krone.components import CARDS
from ludoteca.games.krone.power import groups, holding_key
from ludoteca.games.krone.state import Holding, KroneState

_FIT = Path(__file__).with_name("fit_krone_judgement.py")
_spec = importlib.util.spec_from_file_location("fit_krone_judgement", _FIT)
if _spec is None or _spec.loader is None:
    raise ImportError(f"cannot load {_FIT}")
fitter = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fitter)

#: Cards of rows II to IV, one copy each at two players: one taken is denied the other seat.
DENIABLE = tuple(c.id for c in CARDS if c.row in (2, 3, 4))
CANDIDATES = (
    "p7", "p7 first", "log p7", "p6", "p8", "p9", "dice",
    *(f"may take {card}" for card in DENIABLE),
)  # fmt: skip
VARIANTS: dict[str, tuple[str, ...]] = {
    "cards and place (shipped)": (),
    "+ p7": ("p7",),
    "+ log p7": ("log p7",),
    "+ p7, p7 first": ("p7", "p7 first"),
    "+ p7, p8": ("p7", "p8"),
    "+ p6 to p9": ("p6", "p7", "p8", "p9"),
    "+ dice a turn": ("dice",),
    "+ all": CANDIDATES,
    "+ what the seat to play may take": tuple(f"may take {card}" for card in DENIABLE),
}


def candidates(state: KroneState, seat: int, place: int) -> list[float]:
    """The candidate features of one seat, in the order of ``CANDIDATES``."""
    return candidates_of(state.holdings[seat], place, state.display)


def candidates_of(holding: Holding, place: int, display: dict[str, int]) -> list[float]:
    """``candidates`` of a seat holding ``holding`` at ``place``, ``display`` left."""
    at_least = groups(*holding_key(holding))
    p7 = at_least[7]
    return [
        p7, p7 * (place == 0), math.log(max(p7, 1e-3)), at_least[6], at_least[8],
        at_least[9], float(holding.turn_dice()),
        *(float(place == 0 and display.get(card, 0) > 0) for card in DENIABLE),
    ]  # fmt: skip


def features(state: KroneState) -> list[list[float]]:
    order = judgement.places(state)
    return [
        judgement.seat_features(state, seat, order[seat]) + candidates(state, seat, order[seat])
        for seat in range(state.players)
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=25, help="the positions fitted on")
    parser.add_argument("--held-out", type=int, default=99, help="the positions judged on")
    parser.add_argument("--games", type=int, default=3000, help="games of each seed")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--explore", type=float, default=0.3)
    parser.add_argument(
        "--from-games",
        type=Path,
        nargs="+",
        metavar="FILE",
        help="instead of self-play: games recorded by scripts/krone_kings.py, fitted on "
        "those of even number and judged on the odd ones",
    )
    args = parser.parse_args(argv)
    if args.from_games:
        players, xs, ys, numbers = fitter.recorded(args.from_games, candidates_of)
        even = numbers % 2 == 0
        x, y, xh, yh = xs[even], ys[even], xs[~even], ys[~even]
    else:
        if args.seed == args.held_out:
            parser.error("--held-out must be another seed than --seed: that is the point of it")
        fitter.features = features  # the positions hold the candidates beside the shipped ones
        players = args.players
        x, y = fitter.positions(players, args.games, args.seed, args.explore)
        xh, yh = fitter.positions(players, args.games, args.held_out, args.explore)
    shipped = len(judgement.FEATURES)
    for name, extra in VARIANTS.items():
        columns = [*range(shipped), *(shipped + CANDIDATES.index(c) for c in extra)]
        w = fitter.fit(x[:, :, columns], y)
        fitted, _ = fitter.judged(w, x[:, :, columns], y)
        held_out, favourite = fitter.judged(w, xh[:, :, columns], yh)
        row = {
            "variant": name,
            "players": players,
            "positions": [len(y), len(yh)],
            "fitted_log_likelihood": round(fitted, 5),
            "held_out_log_likelihood": round(held_out, 5),
            "held_out_favourite_won": round(favourite, 4),
            "weights_of_candidates": {
                feature: round(float(v), 3) for feature, v in zip(extra, w[shipped:], strict=True)
            },
        }
        print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
