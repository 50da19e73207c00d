"""The match document: versioned, loadable from hand-written text, strict about errors."""

import json

import pytest

import ludoteca
from ludoteca.engine import PositionError

KRONE = ludoteca.game("krone")


def test_document_names_format_version_game_and_log():
    m = KRONE.new_match(2)
    m.play("roll")
    m.play("dice 6 5 2")
    doc = json.loads(m.to_json())
    assert doc["format"] == "ludoteca-match"
    assert doc["version"] == 1
    assert doc["game"] == "krone"
    assert doc["log"] == [{"by": 0, "move": "roll"}, {"by": "chance", "move": "dice 6 5 2"}]


def test_a_log_of_plain_move_texts_loads():
    m = KRONE.load({"game": "krone", "players": 2, "log": ["roll", "dice 6 5 2", "keep 6"]})
    assert m.position()["turn"]["aside"] == [6]


@pytest.mark.parametrize(
    ("doc", "fragment"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
        ({"game": "keltis", "players": 2}, "'game' must be 'krone'"),
        ({"game": "krone", "players": 2, "version": 9}, "'version' must be 1"),
        ({"game": "krone", "players": 2, "format": "pgn"}, "'format' must be"),
        ({"game": "krone", "players": 9}, "2 to 5 players"),
        ({"game": "krone", "players": 2, "options": {"x": 1}}, "unknown option 'x'"),
        ({"game": "krone", "players": 2, "log": "roll"}, "must be a list"),
        ({"game": "krone", "players": 2, "log": [3]}, "log entry 1"),
        ({"game": "krone", "players": 2, "position": [1]}, "must be objects"),
    ],
)
def test_bad_documents_are_refused_clearly(doc, fragment):
    with pytest.raises(PositionError, match=fragment):
        KRONE.load(doc)


def test_a_loaded_start_position_is_kept_in_the_document():
    start = {"players": [{"cards": ["guard"]}, {}]}
    m = KRONE.load({"game": "krone", "players": 2, "position": start})
    m.play("roll")
    doc = m.to_dict()
    assert doc["start"] == start
    again = KRONE.load(doc)
    assert again.position() == m.position()
    assert again.log[0].move == m.log[0].move
