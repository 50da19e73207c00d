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
    doc = json.loads(json.dumps(m.to_json()))
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
        ({"game": "krone", "players": 9}, "Um Krone und Kragen is for 2 to 5 players, not 9"),
        ({"players": 2}, "'game' is missing: a match of Um Krone und Kragen says"),
        ({"game": "krone"}, "'players' is missing: Um Krone und Kragen is for 2 to 5 players"),
        ({"game": "krone", "players": 2, "log": [{"by": None, "move": "roll"}]}, "by nobody"),
        ({"game": "krone", "players": 2, "log": [{"by": "chance", "move": "roll"}]}, "by chance"),
        ({"game": "krone", "players": 2, "options": {"x": 1}}, "unknown option 'x'"),
        ({"game": "krone", "players": 2, "log": "roll"}, "must be a list"),
        ({"game": "krone", "players": 2, "log": [3]}, "log entry 1"),
        ({"game": "krone", "players": 2, "position": [1]}, "must be objects"),
    ],
)
def test_bad_documents_are_refused_clearly(doc, fragment):
    with pytest.raises(PositionError, match=fragment):
        KRONE.load(doc)


def test_a_document_of_no_game_says_so_and_lists_the_games():
    with pytest.raises(PositionError, match=r"names no game \('game' is missing\): one of cronb"):
        ludoteca.load({"players": 2, "log": []})
    with pytest.raises(PositionError, match="'game' must be one of cronberg, .*, not 'chess'"):
        ludoteca.load({"game": "chess", "players": 2})


def test_a_loaded_start_position_is_kept_in_the_document():
    start = {"players": [{"cards": ["guard"]}, {}]}
    m = KRONE.load({"game": "krone", "players": 2, "position": start})
    m.play("roll")
    doc = m.to_json()
    assert doc["start"] == start
    again = KRONE.load(doc)
    assert again.position() == m.position()
    assert again.log[0].move == m.log[0].move


def test_to_json_is_json_ready_data_for_match_and_result_alike():
    m = KRONE.new_match(2)
    m.play("roll")
    doc = m.to_json()
    assert isinstance(doc, dict)
    assert json.loads(json.dumps(doc)) == doc
    assert not hasattr(m, "to_dict")


def test_ludoteca_load_picks_the_game_from_the_document():
    for game_id in ludoteca.game_ids():
        m = ludoteca.game(game_id).new_match(2)
        loaded = ludoteca.load(json.dumps(m.to_json()))
        assert loaded.game.id == game_id
        assert loaded.to_json() == m.to_json()


@pytest.mark.parametrize("key", ["moves", "match", "Log"])
def test_unknown_top_level_keys_are_refused(key):
    # {"moves": [...]} used to load silently as a fresh match.
    with pytest.raises(PositionError, match=f"'{key}' is not part of a match document"):
        KRONE.load({"game": "krone", "players": 2, key: ["roll"]})
    with pytest.raises(PositionError, match="its keys are: format, version, game"):
        ludoteca.load({"game": "krone", "players": 2, key: []})


def test_a_hand_written_position_after_a_log_is_compared_with_defaults_filled_in():
    log = ["roll", "dice 6 5 2", "keep 6"]
    written = {
        "players": [{}, {}],
        "turn": {"phase": "dice", "active": [5, 2], "aside": [6], "kept_since_roll": True},
    }
    m = KRONE.load({"game": "krone", "players": 2, "log": log, "position": written})
    assert m.position()["turn"]["aside"] == [6]
    wrong = {**written, "turn": {**written["turn"], "aside": [5]}}
    expected = r"does not match the log: position.turn.aside\[0\] is 6 after the log, 5 given"
    with pytest.raises(PositionError, match=expected):
        KRONE.load({"game": "krone", "players": 2, "log": log, "position": wrong})


def test_replaying_a_log_stores_the_canonical_notation():
    m = KRONE.load({"game": "krone", "players": 2, "log": ["ROLL", "dice 2,5 6", "Keep 6"]})
    assert [entry.text for entry in m.log] == ["roll", "dice 6 5 2", "keep 6"]
    assert m.to_json()["log"][1] == {"by": "chance", "move": "dice 6 5 2"}


def test_a_log_entry_cannot_be_changed():
    m = KRONE.new_match(2)
    m.play("roll")
    with pytest.raises(AttributeError, match="has no setter"):
        m.log[0].text = "pass"  # type: ignore[misc]


def stored_krone() -> dict:
    """A stored match whose texts the process has read before (the quick way in)."""
    m = KRONE.new_match(2)
    for text in ("roll", "dice 6 5 2", "keep 6", "roll", "dice 4 1"):
        m.play(text)
    doc = json.loads(json.dumps(m.to_json()))
    KRONE.load(doc)
    del doc["position"]
    return doc


def test_a_stored_log_loads_as_played_and_its_errors_name_their_entry():
    doc = stored_krone()
    again = KRONE.load(doc)
    assert [str(e.move) for e in again.log] == [e["move"] for e in doc["log"]]
    wrong_seat = json.loads(json.dumps(doc))
    wrong_seat["log"][2]["by"] = 1
    with pytest.raises(
        PositionError, match=r"log entry 3 \('keep 6'\) is by seat 1, but seat 0 moves"
    ):
        KRONE.load(wrong_seat)
    illegal = json.loads(json.dumps(doc))
    illegal["log"][2]["move"] = "keep 3"  # read before, but no 3 was rolled
    KRONE.new_match(2).parse("keep 3")
    with pytest.raises(PositionError, match=r"log entry 3 \(.keep 3.\)"):
        KRONE.load(illegal)
    assert [str(e.move) for e in KRONE.load(doc).log] == [e["move"] for e in doc["log"]]
