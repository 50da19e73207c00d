"""Views: nothing is hidden in this game, so every seat and spectator sees it all."""

import random

from ludoteca.games.krone import GAME
from ludoteca.simulate import play_out, simulate

from .util import dice_phase


def test_every_seat_sees_the_whole_position_and_log():
    match = play_out(GAME.new_match(3), random.Random(4))
    views = [match.view(seat) for seat in (None, 0, 1, 2)]
    for view in views:
        assert view["position"] == views[0]["position"]
        assert [e["move"] for e in view["log"]] == [str(e.move) for e in match.log]
    assert views[0]["result"]["ranking"] == [list(p) for p in match.result().ranking]


def test_the_view_tells_what_the_table_shows():
    m = dice_phase(cards={0: ["farmer"], 1: ["general", "charlatan"]}, aside=[5, 5, 5, 1])
    view = m.view(1)["position"]
    assert [p["turn_dice"] for p in view["players"]] == [4, 6, 3]
    assert view["turn"]["seat"] == 0
    assert set(view["turn"]["can_take"]) == {"jester", "maid", "craftsman", "guard"}
    assert m.view(1)["legal_moves"] == []  # not seat 1's turn
    assert "buy guard" in m.view(0)["legal_moves"]


def test_the_simple_policy_finishes_every_game():
    for players in (2, 3, 4, 5):
        summary = simulate(GAME, players, games=25, seed=players)
        assert sum(summary.wins) == 25  # Krone ranks without shared first places
        assert 3 <= summary.mean_rounds < 30
