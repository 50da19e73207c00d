"""Whose seat a bot chooses for: every bot asks it first, and a match waiting on chance
(or over) has no seat to choose for."""

from __future__ import annotations

from ludoteca.engine import Match, StateError


def seat_to_move(match: Match) -> int:
    """The seat to move, or ``StateError`` when no seat is (chance, or the match over)."""
    seat = match.to_move
    if not isinstance(seat, int):
        raise StateError(f"a bot chooses for a seat to move, not for {seat!r}")
    return seat
