"""scripts/krone_final_turn.py: final-round turns of the search against greedy's plan."""

import importlib.util
import json
import random
from pathlib import Path

import pytest

SCRIPT = Path(__file__).parents[3] / "scripts" / "krone_final_turn.py"
spec = importlib.util.spec_from_file_location("krone_final_turn", SCRIPT)
script = importlib.util.module_from_spec(spec)
spec.loader.exec_module(script)


def test_the_holdings_drawn_can_reach_their_bid():
    rng = random.Random(1)
    for _ in range(50):
        holding, (count, face) = script.draw(rng)
        brought = sum(script.BY_ID[c].kind == script.BRING_IN for c in holding.usable())
        most = holding.turn_dice() + brought
        assert most > count or (most == count and face < 6)
        assert 5 <= holding.turn_dice() <= 8


def test_a_turn_beats_the_bid_or_not_and_the_totals_pair_the_policies(capsys):
    three_dice = script.Holding()
    start = script.final_turn(three_dice, (7, 1))
    assert start.seat == 0
    assert not script.beaten(start, script.greedy_move, random.Random(0))  # 3 dice of 7
    script.main(["--holdings", "2", "--turns", "3", "--policies", "greedy,simple"])
    *rows, totals = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [row["holding"] for row in rows] == [0, 1]
    for name in ("greedy", "simple"):
        assert totals[name] == round(sum(row[name] for row in rows) / 2, 4)
    difference, low, high = totals["difference"]
    assert difference == pytest.approx(totals["greedy"] - totals["simple"], abs=2e-4)
    assert low <= difference <= high


def test_policies_are_named_once_each():
    with pytest.raises(SystemExit):
        script.main(["--policies", "greedy,greedy"])
    with pytest.raises(SystemExit):
        script.main(["--policies", "search,cleverest"])


def test_with_think_each_decision_has_the_deadline_and_a_turn_starts_from_nothing(monkeypatch):
    deadlines, forgotten = [], []

    def policy(state, rng):
        deadlines.append(script.deadline.given())
        return script.greedy_move(state, rng)

    monkeypatch.setattr(script, "forget", lambda: forgotten.append(True))
    start = script.final_turn(script.Holding(), (7, 1))
    script.beaten(start, policy, random.Random(0))
    assert deadlines
    assert not any(deadlines)
    assert not forgotten
    deadlines.clear()
    script.beaten(start, policy, random.Random(0), think=5.0)
    assert deadlines
    assert all(deadlines)
    assert forgotten == [True]
    with pytest.raises(SystemExit):
        script.main(["--think", "0"])
