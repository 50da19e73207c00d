"""scripts/compare_ratings.py predicts each match before rating it, with both models
(docs/ratings.md, "Elo or OpenSkill")."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from ludoteca.server.ratings import Rated, expected

SCRIPT = Path(__file__).parents[1] / "scripts" / "compare_ratings.py"


@pytest.fixture(scope="module")
def compare() -> ModuleType:
    spec = importlib.util.spec_from_file_location("compare_ratings", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_first_match_is_a_coin_toss_for_both_and_a_steady_order_is_learnt(compare):
    # Three players finishing in the same order every time, seated differently.
    matches = [Rated("krone", [7, 8, 9][n % 3 :] + [7, 8, 9][: n % 3], []) for n in range(40)]
    matches = [Rated(m.game, m.players, [[m.players.index(u)] for u in (7, 8, 9)]) for m in matches]
    found = compare.predict(matches)
    for score in found.scores.values():
        first = score.chances()[:3]  # nobody rated yet: every pair is even
        assert first == pytest.approx([0.5] * 3)
        assert score.accuracy(since=20) == 1.0  # the better player is always favoured
        assert score.loss(since=20) < score.loss() < 0.6931  # better than a coin's log 2
    elo = found.scores[compare.ELO]
    # The second match seats 8, 9, 7: its pairs, 8 ahead of 9 then 7 ahead of 8, are
    # predicted by expected() of their ratings after the first match.
    eight, nine = found.elo[8][0], found.elo[9][0]
    assert elo.chances()[3] == pytest.approx(expected(eight, nine))
    assert elo.chances()[4] == pytest.approx(expected(found.elo[7][0], eight))


def test_a_shared_place_is_not_predicted(compare):
    found = compare.predict([Rated("krone", [1, 2, 3], [[0, 1], [2]])])
    assert len(found.scores[compare.ELO].pairs) == 2  # 1 and 2 tied: only their pairs with 3
