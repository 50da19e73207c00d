"""Hidden information: the box. No view or log names a domino that nobody has seen."""

import json
import random
from fractions import Fraction

import pytest

from ludoteca.engine import CHANCE, Match
from ludoteca.games.kingdomino.moves import Draw

from .helpers import GAME, play_random, step

TABLE = {"game", "earlier_games", "players", "line", "next_line", "claiming", "phase",
         "kingdom_size", "castle", "dominoes_left"}  # fmt: skip


def dominoes_named(view):
    """Every domino number a view mentions: in lines, kingdoms, the log, legal moves."""
    found = set()
    position = view["position"]
    for key in ("line", "next_line"):
        found |= {slot["domino"] for slot in position[key]}
    texts = [t for p in position["players"] for t in p["kingdom"]]
    texts += [entry["move"] for entry in view["log"]] + view["legal_moves"]
    for text in texts:
        move = GAME.parse_move(text)
        found.add(move.domino if hasattr(move, "domino") else None)
    found.discard(None)
    return found


@pytest.mark.parametrize("players", [2, 3])
def test_each_draw_is_equally_likely_to_be_any_unseen_domino(players):
    # With two or three players some dominoes stay in the box for good; which ones is not
    # decided in advance, so every unseen domino is as likely as any other to come next.
    rng = random.Random(players)
    match = GAME.new_match(players)
    drawn = set()
    while not match.is_over:
        if match.to_move is CHANCE and match.state.phase == "draw":
            outcomes = match.chance_outcomes()
            assert {move.domino for move, _ in outcomes} == set(range(1, 49)) - drawn
            assert {p for _, p in outcomes} == {Fraction(1, 48 - len(drawn))}
            drawn.add(match.play_chance(rng).domino)
        elif match.to_move is CHANCE:
            match.play_chance(rng)
        else:
            match.play(rng.choice(match.legal_moves()))
    assert len(drawn) == 12 * players


def test_no_view_names_a_domino_nobody_has_seen():
    rng = random.Random(13)
    for players in (2, 3):
        match = GAME.new_match(players)
        while not match.is_over:
            seen = {e.move.domino for e in match.log if isinstance(e.move, Draw)}
            for seat in (None, *range(players)):
                view = match.view(seat)
                assert set(view["position"]) == TABLE
                assert dominoes_named(view) <= seen
                text = json.dumps(view)
                assert "box" not in text
                assert "removed" not in text
            step(match, rng)


def test_every_seat_sees_the_same_table_and_the_whole_log():
    rng = random.Random(3)
    match = play_random(GAME.new_match(4), rng, steps=60)
    views = [match.view(seat) for seat in (None, 0, 1, 2, 3)]
    assert all(v["position"] == views[0]["position"] for v in views)
    assert all(v["log"] == views[0]["log"] for v in views)
    assert all(entry.secret is None for entry in match.log)
    assert [e["move"] for e in views[0]["log"]] == [str(e.move) for e in match.log]


def test_determinize_leaves_the_position_as_it_is():
    rng = random.Random(6)
    match = play_random(GAME.new_match(2), rng, steps=30)
    for seat in (None, 0, 1):
        other = Match(GAME, 2, match.options, match.state.determinize(seat, rng))
        assert other.position() == match.position()


@pytest.mark.parametrize(
    ("players", "options", "left"),
    [(2, {}, 20), (3, {}, 33), (4, {}, 44), (2, {"mighty_duel": True}, 44)],
)
def test_the_view_counts_the_dominoes_still_to_come(players, options, left):
    match = GAME.new_match(players, options)
    assert match.view(0)["position"]["dominoes_left"] == left + match.state.line_size
    for number in range(1, match.state.line_size + 1):
        match.play(f"draw {number}")
    assert match.view(0)["position"]["dominoes_left"] == left
