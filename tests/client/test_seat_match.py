"""The client's match kept from view to view is the match ``Match.from_view`` would give
the seat: the same view, in games that hide nothing and in games that hide hands."""

import json
import random

import pytest

import ludoteca
from ludoteca.client import SeatMatch
from ludoteca.engine import Match


def _views(game_id: str, seed: int, most: int = 150) -> list[dict]:
    """Seat 0's views at its first ``most`` turns of a random match (Krone's run long)."""
    rng = random.Random(seed)
    match = ludoteca.game(game_id).new_match(2, {})
    seen: list[dict] = []
    while match.to_move is not None and len(seen) < most:
        if match.to_move == 0:
            seen.append(json.loads(json.dumps(match.view(0))))
        if isinstance(match.to_move, int):
            match.play(rng.choice(match.legal_moves()))
        else:
            match.play_chance(rng)
    return seen


@pytest.mark.parametrize("game", ludoteca.game_ids())
def test_a_kept_match_shows_the_seat_its_view_at_every_turn(game):
    seat = SeatMatch(random.Random(1))
    before: dict | None = None
    for view in _views(game, 5):
        if before is None:
            assert seat.update(view)
        else:
            since = len(before["log"])
            assert seat.update({**view, "log_from": since, "log": view["log"][since:]})
        assert seat.match().view(0) == view
        before = view
    # Rebuilt only when an entry was hidden from the seat (or at the start).
    assert seat.played_on > 0


def test_a_view_that_skips_entries_asks_for_a_resync():
    views = _views("kingdomino", 2)
    seat = SeatMatch(random.Random(1))
    seat.update(views[0])
    later = views[3]
    assert not seat.update({**later, "log_from": len(views[2]["log"]), "log": []})
    assert seat.view == views[0]


def test_from_view_and_the_kept_match_agree_in_keltis():
    view = _views("keltis", 3)[10]
    seat = SeatMatch(random.Random(4))
    seat.update(view)
    assert seat.match().view(0) == Match.from_view(view, random.Random(4)).view(0)
