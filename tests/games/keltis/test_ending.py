"""Both endings (five rows with end cards; the last deck card drawn) and the ruling on
extra plays afterwards."""

import pytest

from ludoteca.engine import IllegalMove

from .helpers import build, hand, legal, row

# Four rows with end cards, one of them with both: a fifth row ends the game.
FOUR_ENDED = {
    0: {"g": ["g2", "g-end", "g-end"]},
    1: {"r": ["r-end"], "y": ["y3", "y-end"], "b": ["b9", "b-end"]},
}


def test_an_end_card_in_a_fifth_row_ends_the_game_at_once_without_a_draw():
    match = build(hands={0: ["v-end"]}, rows=FOUR_ENDED)
    assert match.view(0)["position"]["end_rows"] == 4
    match.play("play v-end")
    position = match.position()
    assert position["ended_by"] == 0
    assert position["turn"]["phase"] == "extra"
    assert match.to_move == 1  # the player after the one who ended it
    assert len(hand(match, 0)) == 7  # no draw
    assert match.view(1)["position"]["end_rows"] == 5


def test_two_end_cards_in_one_row_count_once():
    rows = {0: {"g": ["g2", "g-end"]}, 1: {"r": ["r-end"], "y": ["y3", "y-end"], "b": ["b-end"]}}
    match = build(hands={0: ["g-end"]}, rows=rows)
    match.play("play g-end")
    assert match.view(0)["position"]["end_rows"] == 4
    assert match.state.phase == "draw"


def test_end_cards_of_any_player_and_colour_count():
    rows = {0: {"r": ["r-end"]}, 1: {"r": ["r-end"]}, 2: {"y": ["y-end"], "g": ["g-end"]}}
    match = build(3, seat=2, hands={2: ["b-end"]}, rows=rows)
    match.play("play b-end")
    assert match.position()["ended_by"] == 2
    assert match.to_move == 0


def test_discarding_an_end_card_ends_nothing():
    match = build(hands={0: ["v-end"]}, rows=FOUR_ENDED)
    match.play("discard v-end")
    assert match.state.phase == "draw"


def test_drawing_the_last_card_of_the_deck_ends_the_game_after_that_turn():
    match = build(hands={0: ["r5"]}, deck=["b4"])
    match.play("play r5")
    match.play("draw deck")
    match.play("deal b4")
    position = match.position()
    assert position["deck"] == []
    assert position["ended_by"] == 0
    assert position["turn"]["phase"] == "extra"
    assert match.to_move == 1
    assert len(hand(match, 0)) == 8


def test_with_two_cards_to_draw_the_turn_is_finished_from_a_pile():
    match = build(hands={0: ["r5", "p5"]}, deck=["b4"], piles={"y": ["y8"]})
    match.play("wish r5 p5")
    match.play("draw deck")
    match.play("deal b4")
    assert match.to_move == 0
    assert "draw deck" not in legal(match)
    with pytest.raises(IllegalMove, match="the deck is empty"):
        match.play("draw deck")
    match.play("draw y")
    assert match.position()["ended_by"] == 0
    assert len(hand(match, 0)) == 8


def test_when_nothing_is_left_to_draw_the_second_draw_is_skipped():
    # Deck empty after the first draw, the other piles empty, red and point just discarded.
    match = build(3, hands={0: ["r5", "p5"]}, deck=["b4"], spare_to_rows=True)
    assert not any(match.position()["piles"].values())
    match.play("wish r5 p5")
    match.play("draw deck")
    match.play("deal b4")
    assert len(hand(match, 0)) == 7
    assert match.position()["ended_by"] == 0
    assert match.to_move == 1


def test_extra_plays_go_round_from_the_player_after_the_one_who_ended_it():
    match = build(
        3,
        seat=1,
        hands={1: ["r5"], 2: ["g3", "g4", "g5"], 0: ["p2", "y7"]},
        deck=["b4"],
        rows={0: {"y": ["y9"]}},
    )
    match.play("play r5")
    match.play("draw deck")
    match.play("deal b4")
    assert match.position()["ended_by"] == 1
    order = []
    while not match.is_over:
        order.append(match.to_move)
        match.play("done")
    assert order == [2, 0, 1]


def test_each_player_may_play_up_to_two_more_cards_into_rows():
    match = build(
        ended_by=1,
        seat=0,
        phase="extra",
        hands={0: ["g3", "g4", "g5", "p9"], 1: ["y1"]},
        deck=[],
    )
    assert {"play g3", "play g4", "play g5", "play p9", "done"} <= legal(match)
    assert not any(m.startswith(("discard", "wish", "draw")) for m in legal(match))
    match.play("play g3")
    assert match.to_move == 0
    match.play("play g4")
    assert match.to_move == 1  # two played: the next player's turn
    assert row(match, 0, "g") == ["g3", "g4"]
    match.play("play y1")
    match.play("done")  # stops early
    assert match.is_over
    assert "g5" in hand(match, 0)


def test_extra_plays_follow_the_row_rules_and_allow_no_discard_wish_or_draw():
    match = build(
        ended_by=1,
        seat=0,
        phase="extra",
        hands={0: ["g3", "g6", "y3", "y3", "p4"]},
        rows={0: {"g": ["g9", "g5"], "r": ["r4"]}},
        deck=[],
    )
    assert {"play g3", "play p4", "play p4 r", "done"} <= legal(match)
    assert "play g6" not in legal(match)
    assert "play p4 g" not in legal(match)
    for move, message in [
        ("discard g3", "no discards"),
        ("wish y3 y3", "no discards, wishes or draws"),
        ("draw deck", "no discards, wishes or draws"),
        ("play g6", "descends and ends at 5"),
    ]:
        before = match.to_json()
        with pytest.raises(IllegalMove, match=message):
            match.play(move)
        assert match.to_json() == before


def test_done_is_only_for_the_extra_plays():
    match = build(hands={0: ["r5"]})
    with pytest.raises(IllegalMove, match="only stops your extra plays"):
        match.play("done")


def test_after_everyone_s_extra_plays_nothing_more_can_be_played():
    match = build(ended_by=0, seat=0, phase="extra", hands={0: ["g3"]}, deck=[])
    match.play("done")
    assert match.is_over
    assert match.legal_moves() == []
    with pytest.raises(IllegalMove, match="game is over"):
        match.play("play g3")
    assert match.result().details["ended_by"] == 0
