"""Hidden information: the face-down tiles have no order, so nothing about it can leak."""

import json
import random

from ludoteca import CHANCE
from ludoteca.engine.chance import draw_probabilities
from ludoteca.games.cronberg.components import TILES

from .helpers import GAME, lay


def same_tiles_drawn_in_two_orders():
    first, second = GAME.new_match(2), GAME.new_match(2)
    lay(first, "gallows", "D22", "U32")
    lay(first, "houses", "D44", "U54")
    lay(second, "houses", "D22", "U32")
    lay(second, "gallows", "D44", "U54")
    return first, second


def test_the_tiles_left_are_counts_in_a_fixed_order_whatever_the_draws():
    first, second = same_tiles_drawn_in_two_orders()
    for seat in (None, 0, 1):
        one, two = first.view(seat)["position"], second.view(seat)["position"]
        assert json.dumps(one["face_down"]) == json.dumps(two["face_down"])
        assert list(one["face_down"]) == [tile.id for tile in TILES]
    # The stored position knows no more: only the tiles laid, in the order they were.
    assert set(first.position()) == {"players", "tiles", "seat", "step", "drawn", "round"}


def test_the_next_tile_is_not_decided_before_it_is_drawn():
    m = GAME.new_match(3)
    rng = random.Random(2)
    for _ in range(12):
        m.play("draw")
        pool = m.view(None)["position"]["face_down"]
        expected = [(f"tile {tile}", p) for tile, p in draw_probabilities(pool)]
        assert [(str(move), p) for move, p in m.chance_outcomes()] == expected
        twin = m.copy()
        assert {str(twin.state.sample_chance(random.Random(k))) for k in range(200)} == {
            text for text, _ in expected
        }  # any tile left can still come up
        m.play_chance(rng)
        m.play(rng.choice(m.legal_moves()))


def test_nobody_sees_less_than_the_whole_position():
    rng = random.Random(4)
    m = GAME.new_match(4)
    while not m.is_over:
        if m.to_move is CHANCE:
            m.play_chance(rng)
        else:
            m.play(rng.choice(m.legal_moves()))
        if len(m.log) % 9 == 0:
            views = [m.view(seat) for seat in (None, 0, 1, 2, 3)]
            assert all(view["position"] == views[0]["position"] for view in views)
            assert all(view["log"] == views[0]["log"] for view in views)
            assert [entry["move"] for entry in views[0]["log"]] == [str(e.move) for e in m.log]
            assert GAME.dump_position(m.state.determinize(0, rng)) == m.position()
