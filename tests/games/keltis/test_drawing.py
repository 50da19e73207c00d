"""Drawing back to 8: from the deck or the top of any discard pile, never a card discarded
in the same turn; with two cards to draw, the second is chosen after the first."""

import pytest

from ludoteca.engine import CHANCE, IllegalMove

from .helpers import build, hand, legal

PILES = {"r": ["r2"], "y": ["y9"], "g": ["g4"], "b": ["b1"], "v": ["v6"], "p": ["p1"]}


def test_after_playing_a_card_the_player_draws_one():
    match = build(hands={0: ["r5"]}, piles=PILES)
    match.play("play r5")
    assert match.to_move == 0
    assert legal(match) == {"draw deck", "draw r", "draw y", "draw g", "draw b", "draw v", "draw p"}
    with pytest.raises(IllegalMove, match="now draw a card"):
        match.play("discard y9")


def test_drawing_from_the_deck_is_a_chance_event_seen_only_by_the_drawer():
    match = build(hands={0: ["r5"]}, piles=PILES, deck=["g7", "g7", "b3"])
    match.play("play r5")
    match.play("draw deck")
    assert match.to_move is CHANCE
    chances = {str(move): p for move, p in match.chance_outcomes()}
    assert chances == {"deal g7": pytest.approx(2 / 3), "deal b3": pytest.approx(1 / 3)}
    match.play("deal b3")
    assert "b3" in hand(match, 0)
    assert len(hand(match, 0)) == 8
    assert match.view(0)["log"][-1]["move"] == "deal b3"
    assert match.view(1)["log"][-1]["move"] == "seat 0 draws a card from the deck"
    assert match.view(None)["log"][-1]["move"] == "seat 0 draws a card from the deck"
    assert match.to_move == 1
    assert match.view(1)["position"]["deck_size"] == 2


def test_drawing_from_a_pile_takes_its_top_card_in_view_of_everybody():
    match = build(hands={0: ["r5"]}, piles={"y": ["y3", "y9"]})
    match.play("play r5")
    match.play("draw y")
    assert "y9" in hand(match, 0)
    assert match.position()["piles"]["y"][-1] == "y3"
    assert match.view(1)["log"][-1]["move"] == "draw y"
    assert match.view(1)["position"]["players"][0]["taken"] == ["y9"]
    assert match.to_move == 1


def test_the_point_pile_is_a_discard_pile_too():
    match = build(hands={0: ["r5"]}, piles={"p": ["p9"]})
    match.play("play r5")
    match.play("draw p")
    assert "p9" in hand(match, 0)


def test_the_card_just_discarded_cannot_be_taken_back():
    match = build(hands={0: ["g8"]}, piles=PILES)
    match.play("discard g8")
    assert "draw g" not in legal(match)
    before = match.to_json()
    with pytest.raises(IllegalMove, match="discarded onto the green pile this turn"):
        match.play("draw g")
    assert match.to_json() == before
    match.play("draw r")
    assert "r2" in hand(match, 0)


def test_an_empty_pile_gives_nothing():
    match = build(hands={0: ["r5"]}, piles={"r": ["r2"]})
    match.play("play r5")
    assert "draw y" not in legal(match)
    with pytest.raises(IllegalMove, match="yellow pile is empty"):
        match.play("draw y")


def test_a_wish_draws_two_never_from_the_piles_just_discarded_onto():
    match = build(hands={0: ["r4", "p4"], 1: ["b7"]}, piles=PILES, deck=["v0", "v1", "v2"])
    match.play("wish r4 p4")
    assert legal(match) == {"draw deck", "draw y", "draw g", "draw b", "draw v"}
    match.play("draw deck")
    match.play("deal v1")
    # The first card is seen before the second source is chosen: still seat 0, same limits.
    assert match.to_move == 0
    assert match.state.draws_left == 1
    assert legal(match) == {"draw deck", "draw y", "draw g", "draw b", "draw v"}
    with pytest.raises(IllegalMove, match="discarded onto the point pile"):
        match.play("draw p")
    match.play("draw b")
    assert {"v1", "b1"} <= set(hand(match, 0))
    assert len(hand(match, 0)) == 8
    assert match.to_move == 1
    # Next turn, the piles are open again.
    match.play("discard b7")
    assert {"draw r", "draw p"} <= legal(match)


def test_a_pair_of_one_colour_blocks_that_pile_once():
    match = build(hands={0: ["v5", "v5"]}, piles=PILES)
    match.play("wish v5 v5")
    assert "draw v" not in legal(match)
    match.play("draw r")
    assert "draw v" not in legal(match)


def test_the_second_draw_may_come_from_a_pile_the_first_one_uncovered():
    match = build(hands={0: ["g5", "b5"]}, piles={"y": ["y2", "y9"]})
    match.play("wish g5 b5")
    match.play("draw y")
    assert "draw y" in legal(match)
    match.play("draw y")
    assert {"y9", "y2"} <= set(hand(match, 0))


def test_drawing_comes_after_playing_not_before():
    match = build(hands={0: ["r5"]}, piles=PILES)
    with pytest.raises(IllegalMove, match="you draw after that"):
        match.play("draw deck")


def test_a_round_ends_when_every_player_has_had_a_turn():
    match = build(hands={0: ["r5"], 1: ["g5"]}, deck=["b1", "b2", "b3"], round=3)
    match.play("play r5")
    match.play("draw deck")
    match.play("deal b1")
    assert match.position()["round"] == 3
    match.play("play g5")
    match.play("draw deck")
    match.play("deal b2")
    assert match.position()["round"] == 4
    assert match.to_move == 0
