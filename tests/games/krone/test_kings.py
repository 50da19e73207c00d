"""scripts/krone_kings.py: who takes the King and who wins, game by game and by level."""

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

from ludoteca.tools.arena import Setup, play_game, seating

SCRIPT = Path(__file__).parents[3] / "scripts" / "krone_kings.py"
spec = importlib.util.spec_from_file_location("krone_kings", SCRIPT)
kings = importlib.util.module_from_spec(spec)
spec.loader.exec_module(kings)


def test_a_game_is_the_arenas_game_of_that_number():
    names = ["simple", "random"]
    for number in (0, 1):
        found = kings.play(names, 2, 25, number)
        seats = seating(names, 2, number)
        result, _ = play_game(Setup("krone", 2, {}, seats, 25, number))
        assert found["winners"] == [seats[seat] for seat in result.winners]
        assert found["king"] == "simple"  # in these two games, as the winner
        count, face = found["bid"]
        assert count >= 7
        assert 1 <= face <= 6


def test_the_totals_count_each_game_once():
    args = ["--players", "2", "--bots", "simple,random", "--games", "0:3"]
    done = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    *games, totals = [json.loads(line) for line in done.stdout.splitlines()]
    assert [game["game"] for game in games] == [0, 1, 2]
    assert totals["simple"] == {"kings": 3, "won_with_the_king": 3, "won_from_behind": 0}
    assert totals["random"] == {"kings": 0, "won_with_the_king": 0, "won_from_behind": 0}
