"""Options: their declaration, the Mighty Duel's player count, and playouts with each."""

import json
import random

import pytest

from ludoteca.engine import CHANCE, OptionError
from ludoteca.games.kingdomino.moves import Place

from .helpers import GAME


def test_the_four_options_are_booleans_off_by_default():
    declared = {option["name"]: option for option in GAME.describe()["options"]}
    assert set(declared) == {"middle_kingdom", "harmony", "mighty_duel", "dynasty"}
    assert all(o["type"] == "boolean" and o["default"] is False for o in declared.values())
    assert declared["mighty_duel"]["players"] == [2]
    assert declared["mighty_duel"]["title"] == "Mighty Duel"
    assert GAME.new_match(2).options == dict.fromkeys(declared, False)


@pytest.mark.parametrize("players", [3, 4])
def test_the_mighty_duel_is_for_two_players_only(players):
    with pytest.raises(OptionError, match=f"the Mighty Duel .* is for 2 players, not {players}"):
        GAME.new_match(players, {"mighty_duel": True})


def test_option_values_are_checked():
    with pytest.raises(OptionError, match="true or false"):
        GAME.new_match(2, {"harmony": "yes"})
    with pytest.raises(OptionError, match="unknown option"):
        GAME.new_match(2, {"middle_kingdoms": True})


def test_the_mighty_duel_board_has_its_castle_on_g7():
    match = GAME.new_match(2, {"mighty_duel": True})
    for number in (1, 2, 3, 4):
        match.play(f"draw {number}")
    for seat, number in ((0, 1), (1, 2), (0, 3), (1, 4)):
        match.play(f"king {seat}")
        match.play(f"pick {number}")
    for number in (5, 6, 7, 8):
        match.play(f"draw {number}")
    view = match.view(0)["position"]
    assert (view["castle"], view["kingdom_size"]) == ("g7", 7)
    near = {"f7", "h7", "g6", "g8"}
    firsts = [m for m in match.legal_moves() if isinstance(m, Place)]
    assert all({str(m).split()[2], str(m).split()[3]} & near for m in firsts)
    assert "place 1 e7 f7" in [str(m) for m in firsts]  # identical halves: reading order
    assert len(firsts) == 4 * 3  # each square beside g7, with any neighbour but the castle


COMBINATIONS = [
    (2, {"middle_kingdom": True}),
    (2, {"harmony": True}),
    (2, {"mighty_duel": True}),
    (2, {"dynasty": True}),
    (2, {"middle_kingdom": True, "harmony": True, "mighty_duel": True, "dynasty": True}),
    (3, {"middle_kingdom": True, "harmony": True, "dynasty": True}),
    (4, {"middle_kingdom": True, "harmony": True}),
]


@pytest.mark.parametrize(("players", "options"), COMBINATIONS)
def test_random_playouts_with_options_keep_the_contract(players, options):
    rng = random.Random(len(options) * 10 + players)
    match = GAME.new_match(players, options)
    step = 0
    while not match.is_over:
        if match.to_move is CHANCE:
            assert sum(p for _, p in match.chance_outcomes()) == 1
            move = match.state.sample_chance(rng)
        else:
            moves = match.legal_moves()
            assert moves, "a seat to move always has a move"
            assert len(set(moves)) == len(moves)
            move = rng.choice(moves)
            assert GAME.parse_move(str(move)) == move
        if step % 41 == 7:
            twin = match.copy()
            before = match.to_json()
            twin.play(move)
            assert match.to_json() == before
            json.dumps(match.view(0))
        match.play(move)
        step += 1
    result = match.result()
    assert sorted(s for place in result.ranking for s in place) == list(range(players))
    again = GAME.load(match.to_json())
    assert again.to_json() == match.to_json()
    assert again.result() == result
    replayed = GAME.new_match(players, options)
    for entry in match.log:
        replayed.play(str(entry.move))
    assert replayed.position() == match.position()


@pytest.mark.parametrize(("players", "options"), COMBINATIONS)
def test_the_simple_policy_finishes_games_with_options(players, options):
    rng = random.Random(1)
    match = GAME.new_match(players, options)
    while not match.is_over:
        if match.to_move is CHANCE:
            match.play_chance(rng)
        else:
            move = GAME.simple_move(match.state, rng)
            assert move in match.legal_moves()
            match.play(move)
    assert match.result().scores is not None
