"""Elo ratings of bots from two-player arena games: ``ludoteca ladder``.

A rating says how strong a level is against the others in a number a player knows from
the leaderboard: by Elo's curve, a bot rated ``d`` points above another takes
``1 / (1 + 10^(-d/400))`` of their games. The ratings are the Bradley–Terry fit of every
game between two of the bots, by maximum likelihood (each game counts once, whatever the
order the games came in: unlike the room's running Elo, a ladder has no history). A
shared first place counts half a win to each, as the arena counts it.

Two adjustments, both said where the ratings are shown:

* **A prior of one drawn game** between each two bots that met. Without it a bot that
  won every game against another (``greedy`` against ``random``) would be rated
  infinitely above it; with it, a clean sweep of 600 games puts them about 1,250 points
  apart, and the ratings of bots that win and lose move by a point or two.
* **An anchor.** Only differences are measured, so one bot's rating is fixed
  (``greedy`` at 1500, the rating a person starts a game at, by default) and the others
  are read from it. The bots never played people: a bot's rating says how it stands
  against the other levels, not against a person rated the same.

The 95% interval of each rating is a parametric bootstrap over games: each pairing's
games are played again in imagination, as many as were played, each won with the chance
the ladder fitted for that pairing; the ladder is fitted again, and the 2.5th and 97.5th
percentiles of each bot's rating over the redraws are its interval (seeded, so the same
games give the same intervals). Drawing the games seen again instead would give a clean
sweep an interval of one point: every redraw of 600 wins is 600 wins. A shared first
place is redrawn as a win or a loss (it is rare: the mean is kept, the spread a little
over-stated). The anchor's interval is its own point: the others' carry the uncertainty
of the difference.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

#: Elo's scale: 400 points are a factor of ten in the odds of winning.
SCALE = 400.0 / math.log(10.0)
#: Drawn games imagined between each two bots that met (see the module's notes).
PRIOR_DRAWS = 1.0
#: How many times the games are drawn again for the intervals.
RESAMPLES = 1000


@dataclass(frozen=True)
class Pairing:
    """The games between two bots: the first's share of each (1 a win, ½ a shared
    first place, 0 a loss)."""

    first: str
    second: str
    scores: tuple[float, ...]

    @property
    def won(self) -> float:
        return sum(self.scores)


@dataclass(frozen=True)
class Rating:
    name: str
    rating: float
    low: float
    high: float
    games: int

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "rating": round(self.rating),
            "ci95": [round(self.low), round(self.high)],
            "games": self.games,
        }


def pairing_from_arena(document: Mapping[str, object]) -> Pairing:
    """The games of a two-player, two-bot ``ludoteca arena --json`` document; a
    ``ValueError`` saying what is wrong for any other."""
    bots = document.get("bots")
    winners = document.get("winners")
    if document.get("players") != 2 or not isinstance(bots, list) or len(bots) != 2:
        raise ValueError("a ladder reads arena results of two bots at a two-player table")
    if not isinstance(winners, list) or len(winners) != document.get("games"):
        raise ValueError("the arena result has no winners game by game (arena --json names them)")
    first, second = (str(bot["name"]) for bot in bots)
    if first == second:
        raise ValueError(f"both seats are {first!r}: a ladder needs two bots")
    scores = []
    for won in winners:
        if not isinstance(won, list) or not won or not set(won) <= {first, second}:
            raise ValueError(f"a game's winners {won!r} are not among {first} and {second}")
        scores.append(1.0 if set(won) == {first} else 0.0 if set(won) == {second} else 0.5)
    return Pairing(first, second, tuple(scores))


def from_arena(
    game_id: str,
    documents: Sequence[tuple[str, Mapping[str, Any]]],
    anchor: str,
    at: float,
    seed: int,
    resamples: int = RESAMPLES,
) -> dict[str, Any]:
    """The ladder of ``game_id`` from arena results (each with where it came from, for
    errors), JSON-ready: the ratings strongest first, the anchor, and the games fitted
    (``sources``); a ``ValueError`` naming the result that cannot be fitted."""
    pairings, sources = [], []
    for source, document in documents:
        if document.get("game") != game_id:
            raise ValueError(f"{source} holds games of {document.get('game')!r}, not {game_id}")
        try:
            pairing = pairing_from_arena(document)
        except ValueError as error:
            raise ValueError(f"{source}: {error}") from None
        pairings.append(pairing)
        sources.append({"bots": [pairing.first, pairing.second], "seed": document.get("seed"),
                        "seeds": document.get("seeds"), "games": len(pairing.scores)})  # fmt: skip
    rated = ladder(pairings, anchor, at, seed, resamples)
    return {
        "game": game_id,
        "anchor": {anchor: at},
        "prior_draws": PRIOR_DRAWS,
        "resamples": resamples,
        "sources": sources,
        "ratings": [rating.to_json() for rating in rated],
    }


def fit(pairings: Sequence[Pairing], anchor: str, at: float) -> dict[str, float]:
    """Every bot's Bradley–Terry rating on Elo's scale, ``anchor`` at ``at``."""
    names = sorted({name for p in pairings for name in (p.first, p.second)})
    if anchor not in names:
        raise ValueError(f"the anchor {anchor!r} played none of these games: {', '.join(names)}")
    games: dict[tuple[str, str], float] = {}
    wins = dict.fromkeys(names, 0.0)
    for p in pairings:
        key = (min(p.first, p.second), max(p.first, p.second))
        if key not in games:
            games[key] = PRIOR_DRAWS
            wins[p.first] += PRIOR_DRAWS / 2
            wins[p.second] += PRIOR_DRAWS / 2
        games[key] += len(p.scores)
        wins[p.first] += p.won
        wins[p.second] += len(p.scores) - p.won
    # Hunter's minorisation–maximisation (2004): each strength is its wins over the games
    # it played, each weighed by the two strengths; it climbs the likelihood every step.
    strength = dict.fromkeys(names, 1.0)
    for _ in range(10_000):
        moved = 0.0
        for name in names:
            weight = sum(
                count / (strength[a] + strength[b])
                for (a, b), count in games.items()
                if name in (a, b)
            )
            new = wins[name] / weight if weight else strength[name]
            moved = max(moved, abs(math.log(new / strength[name])))
            strength[name] = new
        if moved < 1e-10:
            break
    base = math.log(strength[anchor])
    return {name: at + SCALE * (math.log(strength[name]) - base) for name in names}


def ladder(
    pairings: Sequence[Pairing],
    anchor: str = "greedy",
    at: float = 1500.0,
    seed: int = 0,
    resamples: int = RESAMPLES,
) -> list[Rating]:
    """The ratings with their 95% bootstrap intervals, strongest first."""
    if not pairings:
        raise ValueError("a ladder needs games: no pairings given")
    ratings = fit(pairings, anchor, at)
    chances = [1 / (1 + 10 ** ((ratings[p.second] - ratings[p.first]) / 400)) for p in pairings]
    rng = random.Random(f"ladder/{seed}")
    drawn: dict[str, list[float]] = {name: [] for name in ratings}
    for _ in range(resamples):
        again = [
            Pairing(p.first, p.second, tuple(float(rng.random() < chance) for _ in p.scores))
            for p, chance in zip(pairings, chances, strict=True)
        ]
        for name, value in fit(again, anchor, at).items():
            drawn[name].append(value)
    played = {name: sum(len(p.scores) for p in pairings if name in (p.first, p.second))
              for name in ratings}  # fmt: skip
    out = []
    for name, value in ratings.items():
        values = sorted(drawn[name])
        low, high = (_percentile(values, q) for q in (0.025, 0.975)) if values else (value, value)
        out.append(Rating(name, value, low, high, played[name]))
    return sorted(out, key=lambda rating: -rating.rating)


def _percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of sorted ``values``, between neighbours linearly."""
    position = q * (len(values) - 1)
    below = math.floor(position)
    above = min(below + 1, len(values) - 1)
    return values[below] + (values[above] - values[below]) * (position - below)


def pairs(names: Iterable[str]) -> list[tuple[str, str]]:
    """Every two of the bots, once, in the order named."""
    return list(combinations(list(dict.fromkeys(names)), 2))
