"""How a match ends: by its rules, by resignation, or called off. Each way gives one
result (the ``result`` of views and of the stored match), the rows that store the end,
and, at a rated table of people, the rating changes (docs/ratings.md).

Pure: the table passes in what it knows, and applies what comes back.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, MutableMapping
from typing import Any

from ..ratings import START, changes
from ..storage.rows import MatchEnded, PlayerEnded, RatingChange, Write
from .chairs import Seats

Ratings = MutableMapping[tuple[int, str], tuple[float, int]]


def by_rules(
    result: dict[str, Any], resigned: Collection[int], was_replaced: Mapping[int, str]
) -> dict[str, Any]:
    """The engine's result (``Result.to_json``), with the standing: the ranking, then
    the resigned players, last."""
    standing = [[seat for seat in place if seat not in resigned] for place in result["ranking"]]
    standing = [place for place in standing if place]
    standing += [[seat] for seat in sorted(resigned)]
    result["standing"] = standing
    return _with_seats(result, resigned, was_replaced)


def by_resignation(
    ranking: list[list[int]], resigned: Collection[int], was_replaced: Mapping[int, str]
) -> dict[str, Any]:
    """Every player but one resigned: the one left wins."""
    result: dict[str, Any] = {"ranking": ranking, "scores": None, "rounds": 0, "details": {}}
    result["standing"] = ranking
    result["ended_by"] = "resignation"
    return _with_seats(result, resigned, was_replaced)


def called_off() -> dict[str, Any]:
    """Every player agreed to call the match off: nobody ranks, nothing is scored."""
    return {
        "ranking": [],
        "scores": None,
        "rounds": 0,
        "details": {},
        "standing": [],
        "resigned": [],
        "replaced": [],
        "aborted": True,
    }


def _with_seats(
    result: dict[str, Any], resigned: Collection[int], was_replaced: Mapping[int, str]
) -> dict[str, Any]:
    result["resigned"] = sorted(resigned)
    result["replaced"] = [[seat, why] for seat, why in sorted(was_replaced.items())]
    return result


def rates(rated: bool, seats: Seats) -> bool:
    """Whether a match counts for the ratings: at a rated table, people only."""
    return rated and all(c is not None and c.user_id is not None for c in seats)


def ended(
    table_id: int,
    match_id: int,
    result: dict[str, Any],
    resigned: Collection[int],
    at: float,
    abandoned: Mapping[int, bool],
    rated: tuple[Ratings, str, Seats] | None = None,
) -> list[Write]:
    """The rows that store the end: the match's, and how it ended for each person in it
    (``abandoned``: user id -> whether a bot played their seat at the end; a match
    called off counts for nobody); ``rated`` (the ratings, the game, the seats) when the
    match counts for the ratings, which move here, as the rows store them."""
    rows: list[Write] = [MatchEnded(table_id, match_id, at, result, sorted(resigned))]
    if result.get("aborted", False):
        return rows
    rows.extend(
        PlayerEnded(table_id, match_id, user_id, gone, at) for user_id, gone in abandoned.items()
    )
    if rated is not None:
        ratings, game, seats = rated
        rows.extend(_rate(ratings, match_id, game, seats, result["standing"], at))
    return rows


def _rate(
    ratings: Ratings, match_id: int, game: str, seats: Seats, standing: list[list[int]], at: float
) -> list[Write]:
    """Move each player's rating by the standing; the rows store what moved."""
    users = [chair.user_id for chair in seats if chair is not None and chair.user_id]
    before = [ratings.get((user, game), (START, 0)) for user in users]
    moved = changes([rating for rating, _ in before], standing)
    rows: list[Write] = []
    for seat, user in enumerate(users):
        rating, games = before[seat]
        ratings[(user, game)] = (rating + moved[seat], games + 1)
        rows.append(RatingChange(match_id, user, game, rating, rating + moved[seat], at))
    return rows
