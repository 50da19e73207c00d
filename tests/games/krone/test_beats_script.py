"""scripts/krone_beats.py: the search's estimate of beating a bid against the exact odds."""

import importlib.util
import json
from pathlib import Path

SCRIPT = Path(__file__).parents[3] / "scripts" / "krone_beats.py"
spec = importlib.util.spec_from_file_location("krone_beats", SCRIPT)
script = importlib.util.module_from_spec(spec)
spec.loader.exec_module(script)


def test_the_holdings_are_each_different_one_of_the_games():
    found = script.holdings(2, 25, range(1))
    keys = [script.holding_key(holding) for holding in found]
    assert len(keys) == len(set(keys)) > 3
    assert (3, frozenset()) in keys  # every seat starts with three dice and no card


def test_exact_odds_and_holdings_passed_over(capsys):
    hunter_knight = script.Holding({"hunter", "knight"}, charlatans=2)
    assert round(script.exact(hunter_knight, (7, 2), 20_000_000), 4) == 0.0665
    script.odds.forget()  # what is remembered costs no work
    assert script.exact(hunter_knight, (7, 2), 10) is None  # more work than allowed
    script.main(["--players", "2", "--games", "0:1", "--work", "10"])
    totals = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert totals["rows"] == 0
