"""No connection ever receives what its seat may not know.

Two people and a spectator play whole games of Keltis and Kingdomino; every message sent
to each connection is recorded. Each view in them must be exactly the engine's view for
that connection's seat at that point (the engine's own tests show those views hide what
they must), no other message may carry match data, and in Keltis no deal to another
seat may show its card.
"""

import json
import random

import pytest

import ludoteca
from ludoteca.engine import CHANCE

from .client import Seat

MATCH_KEYS = {"position", "log", "legal_moves"}


def _play_recorded(enter, game_id, seed):
    anna, bruno, viewer = enter("Anna"), enter("Bruno"), enter("Viewer")
    table = anna.create(game_id)
    bruno.send(t="join", table=table)
    bruno.expect("sync")
    viewer.send(t="watch", table=table)
    viewer.expect("sync")
    anna.say("/start", table)
    seats = [Seat(anna, table), Seat(bruno, table), Seat(viewer, table)]
    for seat in seats:
        seat.take(seat.person.expect("sync", where=lambda m: m["match"] is not None))
    rng = random.Random(seed)
    while seats[0].view["result"] is None:
        mover = next(s for s in seats if s.my_turn)
        mover.play(mover.choose(rng))
        for seat in seats:
            seat.take(seat.person.expect("match"))
    return table, seats


def _views_in(message):
    if message["t"] == "sync" and message["match"] is not None:
        yield message["match"]
    elif message["t"] == "match":
        yield message["view"]


@pytest.mark.parametrize(("hidden_game", "seed"), [("keltis", 1), ("keltis", 2), ("kingdomino", 3)])
def test_every_message_holds_only_what_its_seat_may_know(enter, hidden_game, seed):
    game_id = hidden_game
    table, seats = _play_recorded(enter, game_id, seed)
    stored = seats[0].person.client.app.state.room.tables[table].live
    game = ludoteca.game(game_id)

    wanted = {}  # log length -> [(audience, since, view received)]
    for seat, audience in zip(seats, (0, 1, None), strict=True):
        for message in seat.person.received:
            views = list(_views_in(message))
            if not views:
                text = json.dumps(message)
                assert not any(f'"{key}"' in text for key in MATCH_KEYS), message
                continue
            for view in views:
                length = view["log_from"] + len(view["log"])
                wanted.setdefault(length, []).append((audience, view["log_from"], view))
    checked = 0
    replay = game.new_match(2, stored.options)
    for length in range(len(stored.log) + 1):
        for audience, since, received in wanted.get(length, []):
            expected = replay.view(audience, since)
            if received["result"] is not None:
                expected["result"] = received["result"]  # the table adds the standing
            assert received == expected
            checked += 1
        if length < len(stored.log):
            replay.play(stored.log[length].move)
    assert checked >= len([m for s in seats for m in s.person.received if list(_views_in(m))])

    if game_id == "keltis":
        for seat, audience in zip(seats, (0, 1, None), strict=True):
            for index, (entry, shown) in enumerate(zip(stored.log, seat.view["log"], strict=True)):
                if entry.actor is CHANCE and not entry.visible_to(audience):
                    assert shown["move"] != entry.text, (audience, index)
