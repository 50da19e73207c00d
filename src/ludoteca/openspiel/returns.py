"""How a ranking becomes OpenSpiel returns: each seat gets one point for every seat placed
below it and loses one for every seat placed above it, divided by the other seats. Seats
that share a place neither gain nor lose against each other. Returns lie in [-1, 1] and sum
to zero: +1 alone in first place, -1 alone in last, 0 for everyone in a draw."""

from __future__ import annotations

from ludoteca.engine import Result


def returns(result: Result, players: int) -> list[float]:
    place = {seat: n for n, seats in enumerate(result.ranking) for seat in seats}
    return [
        sum((place[seat] < place[other]) - (place[seat] > place[other]) for other in place)
        / (players - 1)
        for seat in range(players)
    ]
