"""Hand-written positions: what loads, and impossible ones refused with a clear error."""

import json

import pytest

from ludoteca.engine import PositionError
from ludoteca.games.krone import GAME


def load(position, players=3):
    return GAME.load({"game": "krone", "players": players, "position": position})


def test_a_short_hand_written_position_fills_in_the_display():
    m = load({"players": [{"cards": ["guard"]}, {"jesters": 1}, {}]})
    display = m.position()["display"]
    assert display["guard"] == 1  # 2 copies with 3 players, one held
    assert display["jester"] == 2
    assert m.to_move == 0


def test_the_position_document_round_trips():
    m = load(
        {
            "players": [{"cards": ["guard"]}, {}, {}],
            "turn": {"phase": "dice", "active": [6, 2], "aside": [3], "kept_since_roll": True},
        }
    )
    again = GAME.load(json.loads(json.dumps(m.to_json())))
    assert again.position() == m.position()
    assert again.legal_moves() == m.legal_moves()


@pytest.mark.parametrize(
    ("position", "fragment"),
    [
        ({"players": [{}, {}]}, "lists 2 players"),
        ({"players": [{"cards": ["dragon"]}, {}, {}]}, "unknown card"),
        ({"players": [{"cards": ["guard", "guard"]}, {}, {}]}, "twice"),
        ({"players": [{"jesters": 2}, {}, {}]}, "must be 0 to 1"),
        (
            {"players": [{"cards": ["hunter"]}, {"cards": ["hunter"]}, {"cards": ["hunter"]}]},
            "the game has 2",
        ),
        ({"players": [{}, {}, {}], "display": {"guard": 2}}, "display.jester is missing"),
        ({"players": [{"cards": ["queen"]}, {}, {}]}, "King's buyer"),
        ({"players": [{}, {}, {}], "turn": {"phase": "dice", "active": [7]}}, "1 to 6"),
        (
            {"players": [{}, {}, {}], "turn": {"phase": "dice", "active": [1] * 13}},
            "13 dice in play",
        ),
        ({"players": [{}, {}, {}], "turn": {"phase": "start", "active": [3]}}, "no dice"),
        ({"players": [{}, {}, {}], "turn": {"phase": "dice", "used": ["guard"]}}, "cannot use"),
        # Impossible numbers of dice: none at all, more than the seat's cards roll or fewer.
        ({"players": [{}, {}, {}], "turn": {"phase": "dice"}}, "has 0 dice active and set"),
        (
            {"players": [{}, {}, {}], "turn": {"phase": "dice", "active": [6] * 4}},
            r"seat 0 rolls 3 dice at the start of a turn: 3 in all",
        ),
        (
            {"players": [{"cards": ["farmer"]}, {}, {}], "turn": {"phase": "dice", "active": [6]}},
            r"has 1 die active and set aside, but seat 0 rolls 4 dice",
        ),
        (
            {
                "players": [{"cards": ["farmer", "guard"]}, {}, {}],
                "turn": {"phase": "dice", "active": [6] * 4, "used": ["guard"]},
            },
            "rolls 4 dice at the start of a turn and brought in 1 with guard: 5 in all",
        ),
        (
            {"players": [{}, {}, {}], "turn": {"phase": "rolling", "rolling": 3, "aside": [4]}},
            "has 4 dice active, set aside and being rolled",
        ),
        (
            {
                "players": [{}, {}, {}],
                "turn": {"phase": "dice", "active": [6, 6, 6], "kept_since_roll": True},
            },
            "kept_since_roll cannot be true with no die set aside",
        ),
        ({"players": [{}, {}, {}], "turn": {"phase": "rolling", "active": [3, 3, 3]}}, "rolling"),
        ({"players": [{}, {}, {}], "turn": {"seat": 2}}, "must be 0"),
        ({"players": [{}, {}, {}], "colour": "red"}, "not part of this position"),
        ({"players": [{}, {}, {}], "over": True}, "before the final round"),
    ],
)
def test_impossible_positions_are_refused(position, fragment):
    with pytest.raises(PositionError, match=fragment):
        load(position)


def test_a_final_round_position():
    m = load(
        {
            "players": [{"cards": ["king", "queen"]}, {}, {}],
            "king": {"buyer": 0, "bid": [7, 5]},
            "start_player": 1,
            "final_round": {"order": [1, 2, 0], "index": 1, "best": [7, 5],
                            "results": [None, "pass", None]},
        }
    )  # fmt: skip
    assert m.to_move == 2
    assert [str(x) for x in m.legal_moves()] == ["roll", "pass"]


def test_a_final_round_must_end_with_the_queen():
    with pytest.raises(PositionError, match="Queen holder last"):
        load(
            {
                "players": [{"cards": ["king", "queen"]}, {}, {}],
                "king": {"buyer": 0, "bid": [7, 5]},
                "final_round": {"order": [0, 1, 2], "index": 0, "best": [7, 5]},
            }
        )


def test_a_log_that_does_not_replay_is_refused_with_its_entry():
    doc = {"game": "krone", "players": 2, "log": ["roll", "dice 6 5 2", "roll"]}
    with pytest.raises(PositionError, match="log entry 3"):
        GAME.load(doc)


def test_a_log_entry_by_the_wrong_seat_is_refused():
    doc = {"game": "krone", "players": 2, "log": [{"by": 1, "move": "roll"}]}
    with pytest.raises(PositionError, match="by seat 1, but seat 0 moves"):
        GAME.load(doc)


def test_a_position_that_contradicts_its_log_is_refused():
    m = GAME.new_match(2)
    m.play("roll")
    doc = m.to_json()
    doc["position"]["round"] = 5
    with pytest.raises(PositionError, match=r"position\.round is 1 after the log, 5 given"):
        GAME.load(doc)
