"""What the room sends, written as JSON: the same text however the work is shared."""

import json
import random

import ludoteca
from ludoteca.engine import CHANCE
from ludoteca.server import protocol as p


def test_seats_sharing_a_position_get_it_written_once_and_read_the_same_update():
    match = ludoteca.game("kingdomino").new_match(2)
    while match.to_move is CHANCE:  # the kings and the first line are drawn
        match.play_chance(random.Random(1))
    views = match.views([None, 0, 1])
    assert views[0]["position"] is views[1]["position"]  # an open game: one position
    plain = {seat: json.loads(json.dumps(view)) for seat, view in views.items()}
    written: dict[int, object] = {}
    for view in views.values():
        p.position_written_once(view, written)
    assert len(written) == 1
    assert views[0]["position"] is views[1]["position"] is views[None]["position"]
    for seat, view in views.items():
        sent = p.encode(p.MatchUpdate(table=1, v=3, view=view))
        assert json.loads(sent)["view"] == plain[seat]
