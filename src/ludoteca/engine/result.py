"""The outcome of a finished match."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Result:
    #: Places from first to last; each place lists the seats that share it.
    ranking: tuple[tuple[int, ...], ...]
    #: Points per seat, or None for a game that ranks without points (Um Krone und Kragen).
    scores: tuple[int, ...] | None
    #: Completed rounds of play, as the game counts them.
    rounds: int
    #: Game-specific, JSON-ready figures behind the ranking (score sheets, final rolls, ...).
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def winners(self) -> tuple[int, ...]:
        return self.ranking[0]

    def place_of(self, seat: int) -> int:
        """1 for the winners, 2 for the next place, and so on."""
        for place, seats in enumerate(self.ranking, start=1):
            if seat in seats:
                return place
        raise ValueError(f"seat {seat} is not in this result")

    def to_json(self) -> dict[str, Any]:
        return {
            "ranking": [list(place) for place in self.ranking],
            "scores": None if self.scores is None else list(self.scores),
            "rounds": self.rounds,
            "details": dict(self.details),
        }


def rank_by(seats: Sequence[int], key: Callable[[int], Any]) -> tuple[tuple[int, ...], ...]:
    """Places by descending ``key``; seats with equal keys share a place."""
    ordered = sorted(seats, key=key, reverse=True)
    places: list[list[int]] = []
    for seat in ordered:
        if places and key(places[-1][0]) == key(seat):
            places[-1].append(seat)
        else:
            places.append([seat])
    return tuple(tuple(sorted(place)) for place in places)
