"""The position as JSON: round trips, the hand-written example of the docs, and refusals."""

import json
import pickle
import random
import re
from pathlib import Path

import pytest

from ludoteca.engine import CHANCE, PositionError

from .helpers import GAME, step
from .test_results import SHARED

DOCS = Path(__file__).parents[3] / "docs" / "games" / "kingdomino.md"


def load(position, players=2, options=None):
    return GAME.load({"game": "kingdomino", "players": players, "options": options or {},
                      "position": position})  # fmt: skip


def refused(position, says, players=2, options=None):
    with pytest.raises(PositionError, match=re.escape(says)):
        load(position, players, options)


def bare(*kingdoms):
    return {"players": [{"kingdom": list(k)} for k in kingdoms]}


def slots(*pairs):
    return [{"domino": d, "king": k} for d, k in pairs]


def test_the_example_of_the_rules_page_loads_as_described():
    text = DOCS.read_text()
    example = text.split("## Position format")[1].split("```json")[1].split("```")[0]
    match = load(json.loads(example))
    assert match.to_move == 1
    assert match.state.phase == "place"
    assert match.state.line[0].domino == 22
    assert match.position() == {**json.loads(example), "game": 1, "earlier_games": [],
                                "claiming": None}  # fmt: skip


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),
        (3, {"harmony": True}),
        (4, {"middle_kingdom": True}),
        (2, {"mighty_duel": True, "dynasty": True}),
    ],
)
def test_every_position_of_a_game_reloads_identical(players, options):
    rng = random.Random(players)
    match = GAME.new_match(players, options)
    step = 0
    while not match.is_over:
        if step % 5 == 0:
            position = json.loads(json.dumps(match.position()))
            again = load(position, players, options)
            assert again.position() == position
            assert again.to_move == match.to_move
            assert again.legal_moves() == match.legal_moves()
            if match.to_move is CHANCE:
                assert again.chance_outcomes() == match.chance_outcomes()
        if match.to_move is CHANCE:
            match.play_chance(rng)
        else:
            match.play(rng.choice(match.legal_moves()))
        step += 1
    assert load(match.position(), players, options).result() == match.result()


def test_the_opening_is_the_empty_position():
    assert load(bare([], [])).position() == GAME.new_match(2).position()
    assert load(bare([], [])).to_move is CHANCE


# -- kingdoms ------------------------------------------------------------------------


def test_overlapping_squares_are_refused():
    refused(bare(["place 1 d5 c5", "place 13 c5 c4"], []),
            "position.players[0].kingdom[1] (place 13 c5 c4) cannot be played: c5 is "
            "already taken")  # fmt: skip


def test_a_kingdom_over_the_limit_is_refused():
    refused(bare(["place 1 d5 c5", "place 2 b5 a5", "place 48 f5 g5"], []),
            "kingdom[2] (place 48 f5 g5) cannot be played: the kingdom would be 6 squares "
            "wide")  # fmt: skip
    duel = ["place 1 f7 e7", "place 2 d7 c7", "place 13 b7 a7", "place 48 h7 i7"]
    refused(bare(duel, []), "kingdom[3] (place 48 h7 i7) cannot be played: the kingdom would "
            "be 8 squares wide", options={"mighty_duel": True})  # fmt: skip


def test_a_square_off_the_frame_is_refused():
    refused(bare(["place 1 j5 i5"], []), "j5 is off the board")
    # The 7×7 frame reaches m13, the 5×5 one only i9.
    refused(bare(["place 1 h9 h10"], []), "h10 is off the board")


def test_a_domino_touching_nothing_of_its_own_is_refused():
    refused(bare(["place 1 d5 c5", "place 13 b3 b4"], []),
            "kingdom[1] (place 13 b3 b4) cannot be played: neither half touches")  # fmt: skip


def test_a_domino_used_twice_is_refused():
    refused(bare(["place 1 d5 c5"], ["place 1 d5 c5"]),
            "position.players[1].kingdom[0] uses domino 1, which is already at "
            "position.players[0].kingdom[0]")  # fmt: skip
    position = {**bare([], []), "next_line": slots((4, None), (4, None))}
    refused(position, "position.next_line[1].domino uses domino 4")
    position = {**bare(["place 1 d5 c5", "place 2 f5 g5"], ["place 3 d5 c5", "place 4 f5 g5"]),
                "line": slots((5, 0), (6, 1), (7, 0), (8, 1)),
                "next_line": slots((9, None), (10, None), (11, None), (1, None))}  # fmt: skip
    refused(position, "position.next_line[3].domino uses domino 1")


def test_a_discard_of_a_domino_that_fit_is_refused():
    refused(bare(["discard 3"], []),
            "kingdom[0] (discard 3) is not allowed: the domino fit ('place 3 d4 e4')")  # fmt: skip


def test_kingdom_entries_must_be_placements_or_discards():
    refused(bare(["pick 3"], []), "must be 'place <domino> <square> <square>' or 'discard")
    refused(bare([3], []), "must be 'place <domino> <square> <square>' or 'discard")
    refused(bare(["place 1 d5"], []), "kingdom[0] is not a placement")


# -- lines and kings -------------------------------------------------------------------


def test_lines_are_listed_lowest_first_and_not_too_long():
    refused({**bare([], []), "next_line": slots((5, None), (3, None))},
            "position.next_line must list its dominoes from the lowest number up")  # fmt: skip
    refused({**bare([], [], []), "next_line": slots(*[(n, None) for n in range(1, 5)])},
            "position.next_line holds 4 dominoes; a line has 3", players=3)  # fmt: skip


def test_a_line_being_drawn_has_no_kings():
    refused({**bare([], []), "next_line": slots((3, 0), (5, None))},
            "position.next_line is still being drawn, so no king stands on it yet")  # fmt: skip


def test_a_seat_has_only_its_kings():
    refused({**bare([], []), "next_line": slots((1, 0), (2, 0), (3, 0), (4, None))},
            "position.next_line has 3 kings of seat 0; each seat has 2")  # fmt: skip
    refused({**bare([], []), "next_line": slots((1, 0), (2, 0), (3, None), (4, None)),
             "claiming": 0}, "has 2 kings of seat 0 and another being placed")  # fmt: skip
    refused({**bare([], []), "line": slots((1, 0), (2, 0), (3, 0), (4, 1)),
             "next_line": slots((5, None), (6, None), (7, None), (8, None))},
            "position.line has 3 kings of seat 0")  # fmt: skip


def test_every_domino_of_the_line_in_play_has_a_king():
    refused({**bare([], []), "line": slots((1, 0), (2, 1), (3, 0), (4, None))},
            "position.line[3].king must name the king standing on it")  # fmt: skip


def test_claiming_only_while_the_first_line_is_chosen():
    refused({**bare([], []), "claiming": 1},
            "position.claiming names a seat only while the first line is being chosen")  # fmt: skip


def test_kingdoms_grow_in_step_with_the_lines():
    # Nothing anywhere but a domino in a kingdom.
    refused(bare(["place 1 d5 c5"], []), "has no line in play and no next line")
    # Line 2 in play and nobody has acted: each seat holds the two dominoes of line 1.
    position = {**bare(["place 1 d5 c5", "place 2 f5 g5", "place 13 d4 d3"], ["place 3 d5 c5"]),
                "line": slots((5, 0), (6, 1), (7, 0), (8, 1)),
                "next_line": slots((9, None), (10, None), (11, None), (12, None))}  # fmt: skip
    refused(position, "position.players[0].kingdom holds 3 dominoes, but after the lines "
                      "played it must hold 2")  # fmt: skip
    # One domino of a line missing from everywhere.
    position = {**bare(["place 1 d5 c5", "place 2 f5 g5"], ["place 3 d5 c5"]),
                "line": slots((5, 0), (6, 1), (7, 0), (8, 1)),
                "next_line": slots((9, None), (10, None), (11, None), (12, None))}  # fmt: skip
    refused(position, "position shows 11 dominoes; those not on the next line must make "
                      "whole lines of 4")  # fmt: skip


def test_the_next_line_is_drawn_before_anyone_acts():
    position = {**bare(["place 1 d5 c5", "place 2 f5 g5", "place 5 d4 e4"],
                       ["place 3 d5 c5", "place 4 f5 g5"]),
                "line": slots((5, 0), (6, 1), (7, 0), (8, 1)),
                "next_line": slots((9, None), (10, None))}  # fmt: skip
    refused(position, "position.next_line is drawn as soon as the line before has all its kings")


def test_a_king_that_placed_on_the_last_line_is_gone():
    # Play a game into its last line until a king has placed, then put that king back.
    rng = random.Random(8)
    match = GAME.new_match(3)
    while match.to_move is CHANCE or not (match.state.last_line and len(match.state.line) < 3):
        step(match, rng)
    position = match.position()
    gone = next(seat for seat in range(3) if seat not in {s["king"] for s in position["line"]})
    domino = GAME.parse_move(position["players"][gone]["kingdom"][-1]).domino
    position["line"].insert(0, {"domino": domino, "king": gone})
    refused(position, "position.line has a king whose domino is placed on the last line",
            players=3)  # fmt: skip


def test_more_dominoes_than_the_game_uses_are_refused():
    # Two finished kingdoms hold all 24 dominoes of a two-player game: no 25th may show.
    position = {**bare(*SHARED), "next_line": slots((47, None))}
    refused(position, "position shows 25 dominoes, but a game of 2 uses 24")


# -- the rest of the document ---------------------------------------------------------


def test_unknown_fields_are_refused():
    refused({**bare([], []), "bogus": 1}, "position.bogus is not part of this position")
    refused({"players": [{"kingdom": [], "x": 1}, {"kingdom": []}]},
            "position.players[0].x is not part of this position")  # fmt: skip


def test_the_player_count_must_match():
    refused({"players": [{"kingdom": []}]}, "position.players lists 1 players")
    refused({}, "position.players is missing")


def test_dynasty_games_and_their_figures():
    refused({**bare([], []), "game": 2}, "position.game must be 1 to 1")
    dynasty = {"dynasty": True}
    refused({**bare([], []), "game": 2}, "must hold the 1 finished games", options=dynasty)
    refused({**bare([], []), "game": 2, "earlier_games": [
        {"scores": [1], "largest_property": [1, 1], "crowns": [1, 1]}]},
        "position.earlier_games[0].scores must have one number per seat (2)",
        options=dynasty)  # fmt: skip
    match = load(
        {
            **bare([], []),
            "game": 3,
            "earlier_games": [
                {"scores": [10, 12], "largest_property": [4, 5], "crowns": [3, 4]},
                {"scores": [7, 2], "largest_property": [3, 2], "crowns": [2, 1]},
            ],
        },
        options=dynasty,
    )
    assert match.view(None)["position"]["dynasty_totals"] == [17, 14]


def test_a_pickled_kingdom_shares_its_frame_instead_of_copying_it():
    # A bot thinks in another process on a pickled state: the frame's tables (a hundred
    # kilobytes and more) stay behind, named by size.
    match = GAME.new_match(4)
    rng = random.Random(2)
    for _ in range(60):
        if match.to_move is CHANCE:
            match.play_chance(rng)
        else:
            match.play(rng.choice(match.legal_moves()))
    data = pickle.dumps(match.state, protocol=pickle.HIGHEST_PROTOCOL)
    back = pickle.loads(data)
    assert back.frame is match.state.frame
    assert len(data) < 10_000
    assert back.legal_moves() == match.legal_moves()
