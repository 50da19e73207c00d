"""scripts/krone_kings.py: who takes the King and who wins, game by game and by level."""

import importlib.util
import json
import subprocess
import sys
from collections import Counter
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


def test_the_cards_listed_are_the_cards_each_seat_ends_with():
    names = ["simple", "random"]
    seats = seating(names, 2, 0)
    last = []
    play_game(Setup("krone", 2, {}, seats, 25, 0), lambda match: last.append(match.state))
    found = kings.play(names, 2, 25, 0)
    turns = [turn for _, turn, _ in found["cards"]]
    assert turns == sorted(turns)
    for seat, holding in enumerate(last[-1].holdings):
        listed = Counter(card for bot, _, card in found["cards"] if bot == seats[seat])
        # A Jester flipped to a Charlatan was taken once as each.
        ends = Counter(holding.cards) + Counter(
            {"jester": holding.jesters + holding.charlatans, "charlatan": holding.charlatans}
        )
        assert listed == ends
    king_turn = next(turn for bot, turn, card in found["cards"] if card == "king")
    assert ("simple", king_turn, "queen") in found["cards"]
    final = last[-1].final
    assert found["final"] == {seats[seat]: group for seat, group in final.results.items()}
    assert "simple" in found["final"]  # the Queen's holder rolls last


def test_the_rooms_deadline_is_passed_on():
    # simple works out no odds, so a deadline changes none of its moves: the same game
    names = ["simple", "random"]
    assert kings.play(names, 2, 25, 1, think=5.0) == kings.play(names, 2, 25, 1)
