"""Elo ratings per game, for registered players at rated tables (docs/ratings.md).

A match of n players counts as every pair of them playing one game: the better placed
wins it, a shared place is a draw. Each pair moves the two ratings by K/(n-1) times the
difference between what happened and what the ratings expected, so a match moves a
rating by at most K whatever the number of players. Pure arithmetic: the same results in
the same order always give the same ratings (recompute()).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

#: The rating every player starts a game at.
START = 1500.0
#: The most one match can move a rating.
K = 32.0
#: Rated matches before a rating is no longer provisional (shown with "?"): about the
#: matches in which K = 32 halves the gap between the start and a player's level
#: (docs/ratings.md, "Provisional").
SETTLED = 15


def provisional(games: int) -> bool:
    """Whether a rating made by ``games`` rated matches is still provisional."""
    return games < SETTLED


@dataclass(frozen=True, slots=True)
class Rated:
    """One finished rated match: the game, who played (user ids, by seat) and the
    standing (places, each a list of seats; a shared place lists several)."""

    game: str
    players: Sequence[int]
    standing: Sequence[Sequence[int]]


def expected(rating: float, other: float) -> float:
    """The share of a game ``rating`` is expected to take from ``other``."""
    return 1.0 / (1.0 + math.pow(10.0, (other - rating) / 400.0))


def changes(ratings: Sequence[float], standing: Sequence[Sequence[int]]) -> list[float]:
    """How much each seat's rating moves for this standing (seats index ``ratings``)."""
    place = {seat: index for index, group in enumerate(standing) for seat in group}
    seats = sorted(place)
    if len(seats) < 2:
        return [0.0] * len(ratings)
    share = K / (len(seats) - 1)
    moved = [0.0] * len(ratings)
    for a in seats:
        for b in seats:
            if a == b:
                continue
            score = 1.0 if place[a] < place[b] else 0.5 if place[a] == place[b] else 0.0
            moved[a] += share * (score - expected(ratings[a], ratings[b]))
    return moved


def recompute(matches: Iterable[Rated]) -> dict[tuple[int, str], tuple[float, int]]:
    """Every player's rating and number of rated games per game, from the results alone."""
    table: dict[tuple[int, str], tuple[float, int]] = {}
    for match in matches:
        before = [table.get((user, match.game), (START, 0)) for user in match.players]
        moved = changes([rating for rating, _ in before], match.standing)
        for seat, user in enumerate(match.players):
            rating, games = before[seat]
            table[(user, match.game)] = (rating + moved[seat], games + 1)
    return table
