"""The position as JSON: round trips, the format written by hand, and impossible positions."""

import json

import pytest

from ludoteca import PositionError

from .helpers import GAME, closing, lay, load, position, stuck

# The example of docs/games/cronberg.md.
BY_HAND = {
    "players": [
        {"score": 12, "pawns": ["33", "45"]},
        {"score": -3, "pawns": ["24"]},
    ],
    "tiles": [
        {"tile": "church", "on": ["D22", "U32"]},
        {"tile": "gallows", "on": ["D32", "U33"]},
    ],
    "seat": 1,
    "step": "move",
    "drawn": None,
    "round": 3,
}


def test_a_position_written_by_hand_loads_and_dumps_back():
    m = GAME.load({"game": "cronberg", "players": 2, "position": BY_HAND})
    assert m.position() == BY_HAND
    view = m.view(0)["position"]
    assert view["supply"] == [2, 3]
    assert view["values"]["33"] == 6 - 8
    assert view["face_down"]["church"] == 1
    assert view["face_down"]["gallows"] == 0


def test_everything_but_the_players_may_be_left_out():
    m = GAME.load({"game": "cronberg", "players": 2, "position": {"players": [{}, {}]}})
    assert m.position() == GAME.new_match(2).position()


def test_positions_survive_json_and_reload_equal():
    for m in (closing(), stuck()):
        text = json.dumps(m.position())
        assert load(json.loads(text)).position() == m.position()
    m = closing()
    lay(m, "townhall", "U16", "D16")
    assert load(m.position()).position() == m.position()


def edited(**changes):
    data = json.loads(json.dumps(BY_HAND))
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (edited(colour="red"), r"position\.colour is not part of this position"),
        (edited(players=[{}]), r"position\.players lists 1 players, but the match has 2"),
        (
            edited(
                tiles=[
                    {"tile": "church", "on": ["D22", "U32"]},
                    {"tile": "inn", "on": ["U32", "D32"]},
                ]
            ),
            r"position\.tiles\[1\]\.on covers U32, which tiles\[0\] covers too",
        ),
        (
            edited(tiles=[{"tile": "church", "on": ["D22", "U44"]}]),
            r"position\.tiles\[0\]\.on covers D22 and U44, which do not share an edge",
        ),
        (
            edited(tiles=[{"tile": "church", "on": ["D22", "U99"]}]),
            r"position\.tiles\[0\]\.on names 'U99', which is not a triangle",
        ),
        (
            edited(tiles=[{"tile": "church", "on": ["D22"]}]),
            r"position\.tiles\[0\]\.on must name the two triangles",
        ),
        (
            edited(tiles=[{"tile": "castle", "on": ["D22", "U32"]}]),
            r"position\.tiles\[0\]\.tile must be one of townhall, .*, not 'castle'",
        ),
        (
            edited(
                tiles=[
                    {"tile": "dungeon", "on": ["D22", "U32"]},
                    {"tile": "dungeon", "on": ["D32", "U33"]},
                ]
            ),
            r"position\.tiles hold 2 dungeon tiles, but the game has 1",
        ),
        (
            edited(
                tiles=[{"tile": "gallows", "on": ["D22", "U32"]}], drawn="gallows", step="laying"
            ),
            r"hold 2 gallows tiles \(with the one drawn\), but the game has 1",
        ),
        (
            edited(players=[{"pawns": ["12", "13", "14", "15", "16"]}, {}]),
            r"position\.players\[0\]\.pawns has 5 pawns on the board; each player has 4",
        ),
        (
            edited(players=[{"pawns": ["33"]}, {"pawns": ["33"]}]),
            r"position\.players\[1\]\.pawns puts a pawn on 33, where seat 0 has one",
        ),
        (
            edited(players=[{"pawns": ["88"]}, {}]),
            r"position\.players\[0\]\.pawns names '88', which is not an intersection",
        ),
        (
            edited(players=[{"score": 1.5}, {}]),
            r"position\.players\[0\]\.score must be a whole number",
        ),
        (edited(seat=2), r"position\.seat must be 0 to 1, not 2"),
        (edited(step="dancing"), r"position\.step must be one of move, drawing, laying"),
        (edited(drawn="church"), r"position\.drawn names the tile being laid exactly when"),
        (edited(step="laying"), r"position\.drawn names the tile being laid exactly when"),
        (edited(seat=None), r"position\.seat is null \(the game is over\), but seat 0 can"),
        (edited(round=0), r"position\.round must be .*not 0"),
    ],
)
def test_impossible_positions_are_refused_naming_the_place(data, message):
    with pytest.raises(PositionError, match=message):
        GAME.load({"game": "cronberg", "players": 2, "position": data})


def test_a_pawn_cannot_stand_where_it_would_have_scored_or_been_expelled():
    surrounded = position(["tannery U26 D26", "houses U16 D16"], (["27"], []))
    with pytest.raises(PositionError, match=r"pawn on 27, whose triangles are all covered"):
        load(surrounded)
    guarded = position(["houses D11 U21", "houses U30 D30"], ([], ["31"]))
    with pytest.raises(PositionError, match=r"pawn on 31, which touches an active guard"):
        load(guarded)


def test_the_seat_to_move_must_be_able_to_move():
    data = closing().position()
    data["seat"] = 2  # red: no pawn in supply, but tiles can be drawn
    assert load(data).to_move == 2
    m = closing()
    lay(m, "townhall", "U16", "D16")
    data = m.position()
    data["seat"] = 2  # now red can neither place a pawn nor draw
    with pytest.raises(PositionError, match=r"position\.seat is 2, who can neither place"):
        load(data)


def test_a_drawing_step_needs_a_tile_that_fits():
    m = stuck()
    m.play("lay U51 D51")
    data = m.position()
    data["step"] = "drawing"
    with pytest.raises(PositionError, match=r"position\.step is 'drawing', but no tile"):
        load(data)
