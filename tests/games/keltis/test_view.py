"""The view's public summaries and the terminal rendering."""

import random

from ludoteca.engine import CHANCE

from .helpers import GAME, build


def test_the_view_summarises_each_row():
    match = build(rows={1: {"b": ["b2", "b5", "p5"], "v": ["v4", "v-end", "v-end"]}})
    rows = match.view(0)["position"]["players"][1]["rows"]
    assert rows["b"] == {"cards": ["b2", "b5", "p5"], "direction": "ascending", "points": -2}
    assert rows["v"]["direction"] == "closed"
    assert rows["r"] == {"cards": [], "direction": "open", "points": 0}


def test_the_view_shows_pile_contents_stones_and_counts():
    match = build(piles={"g": ["g1", "g9"]}, stones={0: [3]}, deck=["r1", "r2"])
    position = match.view(None)["position"]
    assert position["piles"]["g"][-2:] == ["g1", "g9"]
    assert position["stones"] == [1, 2, 4, 5, 6, 7, 8, 9]
    assert position["deck_size"] == 2
    assert position["box_size"] == 30
    assert "hand" not in position["players"][0]
    assert position["players"][0]["hand_size"] == 8


def test_render_shows_the_own_hand_only():
    match = build(hands={0: ["r5", "y6"], 1: ["g7"]}, rows={1: {"b": ["b3"]}})
    text = GAME.render(match.view(0))
    assert "hand: " in text
    assert "r5" in text
    assert "g7" not in text
    assert "b3 (open, -4)" in text
    assert "seat 0 plays, discards or makes a wish" in text


def test_render_works_in_every_phase():
    rng = random.Random(3)
    match = GAME.new_match(2)
    phases = set()
    while not match.is_over:
        phases.add(match.state.phase)
        for seat in (None, 0, 1):
            assert GAME.render(match.view(seat))
        if match.to_move is CHANCE:
            match.play_chance(rng)
        else:
            match.play(rng.choice(match.legal_moves()))
    assert "the game is over" in GAME.render(match.view(0))
    assert phases == {"remove", "deal", "play", "draw", "deck", "extra"}


def test_every_seat_shows_its_score_so_far_and_the_end_its_breakdown():
    rng = random.Random(5)
    match = GAME.new_match(3)
    while not match.is_over:
        if match.to_move is CHANCE:
            match.play_chance(rng)
        else:
            match.play(rng.choice(match.legal_moves()))
    view = match.view(0)
    assert [p["score"] for p in view["position"]["players"]] == list(match.result().scores)
    text = GAME.render(view)
    assert "so far" in text
    assert "Final scores (the game ended:" in text
    flat = " ".join(text.split())
    for seat, sheet in enumerate(match.result().details["players"]):
        who = "you" if seat == 0 else f"seat {seat}"
        assert f"{who}: {sheet['total']} point" in flat
        assert f"point row {sheet['point_row']['points']:+d}" in flat
