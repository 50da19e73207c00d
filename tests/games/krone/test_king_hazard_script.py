"""scripts/krone_king_hazard.py: each turn before the King, whose it was and what it held."""

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).parents[3] / "scripts" / "krone_king_hazard.py"
spec = importlib.util.spec_from_file_location("krone_king_hazard", SCRIPT)
script = importlib.util.module_from_spec(spec)
spec.loader.exec_module(script)


def game(cards: list[list], king: str = "a") -> dict:
    return {"game": 0, "king": king, "bid": [7, 1], "winners": [king], "cards": cards, "final": {}}


def test_the_start_passes_to_the_right_so_the_last_of_a_round_plays_twice():
    assert script.order(2, 0, 6) == [0, 1, 1, 0, 0, 1]
    assert script.order(3, 0, 7) == [0, 1, 2, 2, 0, 1, 1]


def test_each_turn_to_the_king_says_the_seat_its_dice_and_its_turning_cards():
    cards = [
        ["b", 0, "farmer"],
        ["a", 1, "astronomer"],
        ["a", 2, "guard"],
        ["b", 3, "general"],
        ["a", 5, "king"],
        ["a", 5, "queen"],
        ["b", 6, "king"],  # the final round: the result changes hands, not a turn's card
    ]
    rows = script.turns_before_the_king(game(cards))
    assert rows == [
        ("b", 3, 0, False),
        ("a", 3, 0, False),
        ("a", 3, 1, False),  # the Astronomer held, the Guard not yet
        ("b", 4, 0, False),
        ("b", 6, 0, False),  # the General: two dice more
        ("a", 4, 1, True),  # the Guard brings a die in
    ]


def test_a_game_no_order_of_turns_explains_is_left_out(tmp_path):
    # b takes two cards in turns 0 and 1: at two players the seats alternate then.
    odd = game([["b", 0, "farmer"], ["b", 1, "guard"], ["a", 2, "king"]])
    assert script.turns_before_the_king(odd) is None
    fine = game([["b", 0, "farmer"], ["a", 1, "guard"], ["a", 2, "king"]])
    path = tmp_path / "kings.jsonl"
    path.write_text("\n".join(json.dumps(g) for g in (odd, fine, {"seed": 31})) + "\n")
    out = subprocess.run(
        [sys.executable, str(SCRIPT), str(path), "--from-dice", "3"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert out.splitlines()[0] == "2 games, 1 whose order of turns the cards do not explain"
    assert "a          3              0      1      0  0.00" in out
    assert "a          4              0      1      1  1.00" in out


def test_a_king_is_taken_on_the_rounds_last_turn_or_an_earlier_one():
    # Two players from b: b, a | a, b | b, a ... (a round's last seat starts the next).
    last = game([["b", 0, "farmer"], ["a", 1, "king"]])
    earlier = game([["b", 0, "farmer"], ["a", 1, "guard"], ["a", 2, "king"]])
    assert script.king_taken(last) == ("a", True)
    assert script.king_taken(earlier) == ("a", False)
    assert script.king_taken({**last, "king": None}) is None


def test_the_kings_held_are_counted_by_when_they_were_taken(tmp_path):
    held = game([["b", 0, "farmer"], ["a", 1, "king"]])
    lost = {**held, "game": 1, "winners": ["b"]}
    earlier = game([["b", 0, "farmer"], ["a", 1, "guard"], ["a", 2, "king"]])
    path = tmp_path / "kings.jsonl"
    path.write_text("\n".join(json.dumps(g) for g in (held, lost, earlier)) + "\n")
    out = subprocess.run(
        [sys.executable, str(SCRIPT), str(path)], capture_output=True, text=True, check=True
    ).stdout
    assert "a       an earlier turn            1     1  1.00" in out
    assert "a       the round's last turn      2     1  0.50" in out
