"""Positions: hand-written ones load, impossible ones are refused with the place named."""

import json
import re
from pathlib import Path

import pytest

from ludoteca.engine import PositionError

from .helpers import GAME, build

DOC = Path(__file__).parents[3] / "docs" / "games" / "keltis.md"


def doc_example() -> dict:
    text = DOC.read_text(encoding="utf-8")
    return json.loads(re.search(r"```json\n(.*?)```", text, re.S).group(1))


def load(position, players=3):
    return GAME.load({"game": "keltis", "players": players, "position": position})


def test_the_documented_example_loads():
    match = load(doc_example())
    assert match.to_move == 1
    view = match.view(1)["position"]
    assert view["deck_size"] == 101 - 24 - 9 - 4
    assert view["players"][2]["taken"] == ["r6"]
    assert view["stones"] == [1, 2, 3, 4, 5, 7, 8, 9]
    assert "wish v5 v5" in {str(m) for m in match.legal_moves()}


def test_a_position_reloads_equal():
    match = load(doc_example())
    again = load(match.position())
    assert again.position() == match.position()
    assert json.loads(json.dumps(match.position())) == match.position()


def refuse(position, message, players=3):
    with pytest.raises(PositionError, match=message):
        load(position, players)


def changed(**players_changes):
    position = doc_example()
    for key, value in players_changes.items():
        seat, field = key.split("_", 1)
        position["players"][int(seat[1:])][field] = value
    return position


@pytest.mark.parametrize(
    ("position", "message"),
    [
        (changed(p0_hand=["r3", "r8", "y5", "g-end", "b4", "b4", "v9", "x2"]),
         r"players\[0\]\.hand\[7\] must be a card"),
        (changed(p1_rows={"g": ["g4", "r4"]}), r"rows\.g\[1\] is r4: a green row"),
        (changed(p1_rows={"g": ["g4", "g5", "g3"]}), r"rows\.g\[2\] \(g3\) cannot follow"),
        (changed(p1_rows={"g": ["g-end", "g4"]}), r"rows\.g\[1\] \(g4\) cannot follow"),
        (changed(p1_rows={"g": ["g4", "p5"]}), r"rows\.g\[1\] \(p5\) cannot follow"),
        (changed(p1_rows={"g": ["p4"]}), r"rows\.g\[0\] \(p4\) cannot follow"),
        (changed(p1_point_row=["p8", "g5"]), r"point_row\[1\] is g5"),
        (changed(p1_stones=[6]), r"players\[1\]\.stones has the wish stone 6 a second time"),
        (changed(p1_stones=[10]), r"stones\[0\] must be 1 to 9"),
        (changed(p2_taken=["r6", "r6"]), "lists r6 2 times"),
        (changed(p1_colour="red"), "is not part of this position"),
        (changed(p0_hand=["r3", "r8", "y5", "g-end", "b4", "b4", "v9"]),
         r"players\[0\] holds 7 cards; in phase play it holds 8"),
        (changed(p0_hand=["r3", "r8", "y5", "g-end", "b4", "b4", "v9", "r1"]),
         "has 2 r1 .* the game has 1"),
    ],
)  # fmt: skip
def test_impossible_players_are_refused(position, message):
    refuse(position, message)


def test_piles_take_their_own_cards_only():
    position = doc_example()
    position["piles"]["p"] = ["g8"]
    refuse(position, r"piles\.p\[0\] is g8: this pile takes point cards")


def test_every_card_must_be_somewhere_once():
    position = doc_example()
    position["deck"] = ["r0"]
    refuse(position, "has 1 r3 in hands, rows, piles, deck and box together; the game has 2")


def test_two_players_need_the_box():
    position = doc_example()
    position["players"] = position["players"][:2]
    refuse(position, "box must list the 30 cards", players=2)
    position["box"] = ["r0"] * 1
    refuse(position, "box must hold 30 cards", players=2)


def test_three_players_have_nothing_in_the_box():
    position = doc_example()
    position["box"] = ["r0"]
    refuse(position, "box must hold 0 cards")


def test_the_turn_must_fit_the_phase():
    position = doc_example()
    position["turn"] = {"seat": 1, "phase": "draw"}
    refuse(position, "draws_left is 1 or 2 while cards are to be drawn")
    position["turn"] = {"seat": 1, "phase": "play", "blocked": ["r"]}
    refuse(position, "blocked lists piles only while the player draws")
    position["turn"] = {"seat": 1, "phase": "draw", "draws_left": 1, "blocked": ["y"]}
    refuse(position, "only non-empty piles")
    position["turn"] = {"seat": 1, "phase": "fly"}
    refuse(position, "phase must be one of")
    position["turn"] = {"seat": 3, "phase": "play"}
    refuse(position, "seat must be 0 to 2")


def test_the_end_must_fit_the_phase():
    position = doc_example()
    position["ended_by"] = 0
    refuse(position, "ended_by names the player who ended the game")
    position["turn"] = {"seat": 1, "phase": "extra"}
    refuse(position, "ends when the deck is empty or five rows hold end cards")
    position["ended_by"] = None
    refuse(position, "ended_by names the player")


def test_five_rows_with_end_cards_mean_the_game_has_ended():
    with pytest.raises(PositionError, match="end cards in five rows"):
        build(rows={0: {c: [f"{c}-end"] for c in "rygbv"}})


def test_an_empty_deck_during_play_means_the_game_has_ended():
    with pytest.raises(PositionError, match="deck is empty, so the game has ended"):
        build(deck=[])


def test_the_deal_hands_out_cards_one_at_a_time():
    position = {
        "turn": {"phase": "deal"},
        "players": [{"hand": ["r1", "r2"]}, {"hand": ["r3"]}, {"hand": []}],
    }
    refuse(position, r"players\[0\] holds 2 cards; with 3 dealt one at a time from seat 0 it")
    position["players"][2]["hand"] = ["r4"]
    match = load(position)
    match.play("deal v7")
    assert match.position()["players"][1]["hand"] == ["r3", "v7"]


def test_removal_is_for_two_players_before_the_deal():
    refuse({"turn": {"phase": "remove"}, "players": [{}, {}, {}]}, "remove only while fewer than 0")
    two = {"turn": {"phase": "remove"}, "players": [{}, {}], "box": ["r1"]}
    match = load(two, players=2)
    assert match.view(None)["position"]["box_size"] == 1
    assert match.state.phase == "remove"
