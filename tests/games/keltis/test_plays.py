"""The four kinds of play: discard, wish, colour rows (with direction and end cards) and
point cards."""

import random

import pytest

from ludoteca.engine import IllegalMove

from .helpers import build, hand, legal, row


def next_turn(match):
    """Seat 0 draws from the deck, seat 1 discards b10 and draws: seat 0 is to play again."""
    match.play("draw deck")
    match.play_chance(random.Random(0))
    match.play("discard b10")
    match.play("draw deck")
    match.play_chance(random.Random(0))
    assert match.to_move == 0


def refused(match, move, message):
    before = match.to_json()
    with pytest.raises(IllegalMove, match=message):
        match.play(move)
    assert match.to_json() == before


# -- discarding ----------------------------------------------------------------------------


def test_a_discard_goes_face_up_onto_the_pile_of_its_colour():
    match = build(hands={0: ["r7", "g-end", "p4"]})
    match.play("discard r7")
    piles = match.position()["piles"]
    assert piles["r"][-1] == "r7"
    assert "r7" not in hand(match, 0)
    assert match.state.phase == "draw"


def test_end_cards_go_to_their_colour_pile_and_point_cards_to_the_point_pile():
    match = build(hands={0: ["g-end", "p4"], 1: ["b10"]})
    match.play("discard g-end")
    assert match.position()["piles"]["g"][-1] == "g-end"
    next_turn(match)
    match.play("discard p4")
    assert match.position()["piles"]["p"][-1] == "p4"


def test_only_a_card_in_hand_can_be_discarded():
    match = build(hands={0: ["r7"], 1: ["y3"]})
    refused(match, "discard y3", "y3 is not in your hand")


# -- wishes --------------------------------------------------------------------------------


def test_a_pair_of_number_cards_takes_the_wish_stone_and_draws_two():
    match = build(hands={0: ["r5", "b5"]})
    match.play("wish r5 b5")
    position = match.position()
    assert position["players"][0]["stones"] == [5]
    assert position["piles"]["r"][-1] == "r5"
    assert position["piles"]["b"][-1] == "b5"
    assert 5 not in match.view(1)["position"]["stones"]
    assert match.state.draws_left == 2
    assert len(hand(match, 0)) == 6


def test_a_point_card_pairs_with_a_number_card_of_any_colour():
    match = build(hands={0: ["p3", "v3"]})
    assert "wish v3 p3" in legal(match)
    match.play("wish p3 v3")  # either order reads the same
    assert match.position()["players"][0]["stones"] == [3]
    assert match.position()["piles"]["p"][-1] == "p3"


def test_two_copies_of_one_card_make_a_pair():
    match = build(hands={0: ["g6", "g6"]})
    assert "wish g6 g6" in legal(match)
    match.play("wish g6 g6")
    assert match.position()["piles"]["g"][-2:] == ["g6", "g6"]


def test_a_wish_needs_two_cards_of_the_same_number():
    match = build(hands={0: ["r5", "b6", "g4"]})
    refused(match, "wish r5 b6", "same number")
    refused(match, "wish r5 r5", "2 r5 cards")
    refused(match, "wish r5 y5", "y5 is not in your hand")


def test_end_cards_make_no_wish():
    match = build(hands={0: ["r-end", "r-end"]})
    refused(match, "wish r-end r-end", "end cards carry no number")


def test_there_are_no_wish_stones_0_and_10():
    match = build(hands={0: ["r0", "p0", "g10", "p10"]})
    refused(match, "wish r0 p0", "no wish stone 0")
    refused(match, "wish g10 p10", "no wish stone 10")
    assert not any(move.startswith("wish") for move in legal(match))


def test_a_wish_stone_taken_is_gone_for_everybody():
    match = build(hands={0: ["r4", "p4"]}, stones={1: [4]})
    refused(match, "wish r4 p4", "wish stone 4 is gone: seat 1 took it")
    assert "wish r4 p4" not in legal(match)


# -- colour rows ---------------------------------------------------------------------------


def test_any_number_card_starts_a_row_of_its_colour():
    match = build(hands={0: ["y6"]})
    match.play("play y6")
    assert row(match, 0, "y") == ["y6"]
    assert match.state.phase == "draw"


def test_the_first_card_that_differs_fixes_the_direction():
    match = build(hands={0: ["r6", "r2", "r4"], 1: ["b10"]}, rows={0: {"r": ["r3"]}})
    assert {"play r6", "play r2", "play r4"} <= legal(match)
    match.play("play r6")
    assert match.view(0)["position"]["players"][0]["rows"]["r"]["direction"] == "ascending"
    next_turn(match)
    assert "play r4" not in legal(match)
    assert "play r2" not in legal(match)


def test_an_ascending_row_takes_equal_or_higher_cards_only():
    match = build(hands={0: ["b5", "b4", "b7"]}, rows={0: {"b": ["b3", "b5"]}})
    assert {"play b5", "play b7"} <= legal(match)
    assert "play b4" not in legal(match)
    refused(match, "play b4", "ascends and ends at 5: play 5 or higher")
    match.play("play b5")
    assert row(match, 0, "b") == ["b3", "b5", "b5"]


def test_a_descending_row_takes_equal_or_lower_cards_only():
    match = build(hands={0: ["g7", "g9", "g0"]}, rows={0: {"g": ["g10", "g8"]}})
    assert {"play g7", "play g0"} <= legal(match)
    refused(match, "play g9", "descends and ends at 8: play 8 or lower")


def test_equal_cards_keep_the_direction_open():
    match = build(hands={0: ["v4", "v3"]}, rows={0: {"v": ["v5", "v5"]}})
    view_row = match.view(0)["position"]["players"][0]["rows"]["v"]
    assert view_row["direction"] == "open"
    assert {"play v4", "play v3"} <= legal(match)
    match.play("play v4")
    assert match.view(0)["position"]["players"][0]["rows"]["v"]["direction"] == "descending"
    higher = build(hands={0: ["v6"]}, rows={0: {"v": ["v5", "v5"]}})
    higher.play("play v6")
    assert higher.view(0)["position"]["players"][0]["rows"]["v"]["direction"] == "ascending"


def test_a_row_starting_at_0_can_only_ascend_and_at_10_only_descend():
    match = build(hands={0: ["r1", "r2", "y9"]}, rows={0: {"r": ["r0"], "y": ["y10"]}})
    assert {"play r1", "play r2", "play y9"} <= legal(match)
    match.play("play r2")
    assert match.view(0)["position"]["players"][0]["rows"]["r"]["direction"] == "ascending"
    with_ten = build(hands={0: ["y8"]}, rows={0: {"y": ["y10", "y9"]}})
    assert "play y8" in legal(with_ten)
    assert with_ten.view(0)["position"]["players"][0]["rows"]["y"]["direction"] == "descending"


def test_a_card_goes_only_into_the_row_of_its_colour():
    match = build(hands={0: ["r7"]})
    refused(match, "play r7 g", "own colour|its own colour")


def test_only_own_cards_can_be_played():
    match = build(hands={0: ["r7"], 1: ["g2"]})
    refused(match, "play g2", "g2 is not in your hand")


# -- end cards -----------------------------------------------------------------------------


def test_an_end_card_may_start_a_row():
    match = build(hands={0: ["r-end"]})
    match.play("play r-end")
    assert row(match, 0, "r") == ["r-end"]


def test_after_an_end_card_no_number_card_may_follow():
    match = build(hands={0: ["r-end", "r9", "p7"], 1: ["b10"]}, rows={0: {"r": ["r3", "r7"]}})
    assert "play r9" in legal(match)
    match.play("play r-end")
    next_turn(match)
    assert "play r9" not in legal(match)
    refused(match, "play r9", "has an end card: only the second red end card")
    refused(match, "play p7 r", "has an end card")


def test_the_second_end_card_closes_the_row_for_good():
    match = build(hands={0: ["y-end", "p5"]}, rows={0: {"y": ["y5", "y-end"]}})
    assert "play y-end" in legal(match)
    assert "play p5 y" not in legal(match)
    match.play("play y-end")
    assert row(match, 0, "y") == ["y5", "y-end", "y-end"]
    assert match.view(0)["position"]["players"][0]["rows"]["y"]["direction"] == "closed"


def test_a_closed_row_refuses_everything():
    from ludoteca.games.keltis.components import BY_NAME
    from ludoteca.games.keltis.rows import row_of

    closed = row_of([BY_NAME[c] for c in ("b2", "b-end", "b-end")])
    assert not closed.takes(BY_NAME["b2"])
    assert not closed.takes(BY_NAME["b-end"])
    assert "closed by both end cards" in closed.refusal(BY_NAME["b2"], 3)


# -- point cards ---------------------------------------------------------------------------


def test_a_point_card_goes_into_the_point_row_whatever_its_number():
    match = build(hands={0: ["p8", "p2"]}, point_rows={0: ["p3", "p5"]})
    assert {"play p8", "play p2"} <= legal(match)
    match.play("play p8")
    assert match.position()["players"][0]["point_row"] == ["p3", "p5", "p8"]


def test_a_point_card_goes_onto_a_row_whose_last_number_card_is_equal():
    match = build(hands={0: ["p6"]}, rows={0: {"g": ["g3", "g6"], "r": ["r7"]}})
    assert "play p6 g" in legal(match)
    assert "play p6 r" not in legal(match)
    refused(match, "play p6 r", "ends at 7: a point card there must show 7")
    match.play("play p6 g")
    assert row(match, 0, "g") == ["g3", "g6", "p6"]


def test_a_point_card_does_not_change_the_rows_direction():
    match = build(hands={0: ["p5"]}, rows={0: {"v": ["v5"]}})
    match.play("play p5 v")
    shown = match.view(0)["position"]["players"][0]["rows"]["v"]
    assert shown["direction"] == "open"
    assert shown["cards"] == ["v5", "p5"]
    ascending = build(hands={0: ["p6", "b6", "b5"], 1: ["b10"]}, rows={0: {"b": ["b2", "b6"]}})
    ascending.play("play p6 b")
    next_turn(ascending)
    assert "play b6" in legal(ascending)
    assert "play b5" not in legal(ascending)


def test_point_cards_may_follow_point_cards_of_the_same_number_only():
    match = build(hands={0: ["p4"]}, rows={0: {"r": ["r4"]}})
    match.play("play p4 r")
    # The row's last number card is still r4: p4 is the only point card showing 4.
    assert row(match, 0, "r") == ["r4", "p4"]


def test_a_point_card_needs_a_number_card_under_it():
    match = build(hands={0: ["p0"]}, rows={0: {"y": ["y-end"]}})
    refused(match, "play p0 y", "has an end card")
    match = build(hands={0: ["p0"]})
    refused(match, "play p0 g", "has no number card")
