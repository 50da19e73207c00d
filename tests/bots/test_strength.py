"""The levels by strength: every game orders all four, and a person may name either.
(``game_id`` is every game: tests/conftest.py.)"""

import re

import pytest

from ludoteca.bots import BOTS, strength


def test_every_game_orders_every_level_once_and_says_where_it_was_measured(game_id):
    rungs = strength.by_strength(game_id)
    assert [rung.strength for rung in rungs] == list(strength.STRENGTHS)
    assert sorted(rung.level for rung in rungs) == sorted(BOTS)
    assert strength.measured(game_id)


def test_a_strength_means_the_level_measured_in_that_game(monkeypatch):
    assert strength.level("kingdomino", " Hard ") == "greedy"
    assert strength.level("keltis", "GREEDY") == "greedy"
    assert strength.level("keltis", "hardest") is None
    # A game whose levels were measured in another order names them by it (Krone's
    # simple ranked above greedy until 2026-11-29), and the other games keep theirs.
    table = dict(strength._table())
    table["krone"] = (["random", "greedy", "simple", "mcts"], "measured otherwise")
    monkeypatch.setattr(strength, "_table", lambda: table)
    assert strength.level("krone", "hard") == "simple"
    assert strength.level("krone", "Medium") == "greedy"
    assert strength.level("kingdomino", "hard") == "greedy"


def test_the_order_agrees_with_the_games_ladder_where_one_was_measured(game_id):
    ladder = strength.ladder(game_id)
    if ladder is None:
        pytest.skip(f"no ladder of {game_id} measured yet (scripts/measure_bots.sh)")
    by_rating = [row["level"] for row in reversed(ladder["ratings"])]
    assert by_rating == [rung.level for rung in strength.by_strength(game_id)]
    assert [row["strength"] for row in reversed(ladder["ratings"])] == list(strength.STRENGTHS)


def test_the_ratings_a_game_s_levels_quote_are_its_ladder_s(game_id):
    # levels.json says in words where the order was measured; where it quotes the
    # ladder's ratings ("mcts 1662"), they are the ladder's now, not an older fit's.
    ladder = strength.ladder(game_id)
    if ladder is None:
        pytest.skip(f"no ladder of {game_id} measured yet (scripts/measure_bots.sh)")
    text = strength.measured(game_id)
    quoted = text[text.index("its ladder") :] if "its ladder" in text else ""
    rated = {row["level"]: row["rating"] for row in ladder["ratings"]}
    found = dict(re.findall(r"\b(mcts|greedy|simple|random) (\d{3,4})\b", quoted))
    assert found, f"{game_id}: levels.json quotes no rating of its ladder"
    assert {level: int(rating) for level, rating in found.items()} == {
        level: rated[level] for level in found
    }
