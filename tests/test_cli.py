"""The command line, run as a person would: play, simulate, bench."""

import json
import random

from typer.testing import CliRunner

from ludoteca.bots import bot
from ludoteca.cli import app
from ludoteca.games.krone import GAME
from ludoteca.terminal import play_in_terminal

runner = CliRunner()


def test_play_lists_moves_explains_bad_input_and_prompts_again():
    result = runner.invoke(
        app,
        ["play", "krone", "--players", "3", "--seed", "1"],
        input="?\nkeep 9\nbuy king\nroll\nquit\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "you are seat 0" in out
    assert "roll" in out.split("> ")[1]  # '?' lists the legal moves: only 'roll'
    assert "dice show 1 to 6" in out  # keep 9: a syntax error, explained
    assert "Not allowed: the turn starts by rolling" in out  # buy king before rolling
    assert out.count("> ") >= 4  # a new prompt after each answer
    assert "bye" in out


def test_play_shows_the_board_as_text():
    result = runner.invoke(app, ["play", "krone", "--players", "2", "--seed", "3"], input="quit\n")
    assert "row 1: Farmer ×2" in result.output
    assert "seat 0 (you)" in result.output


def test_a_whole_game_in_the_terminal_against_bots():
    match = GAME.new_match(3)
    rng = random.Random(2)
    simple = bot("simple")
    lines = []

    def person(prompt):  # the person plays the simple policy, typed as text
        return str(GAME.simple_move(match.state, rng))

    play_in_terminal(match, 1, simple, rng, read=person, write=lines.append)
    assert match.is_over
    assert lines[-1].startswith("Game over — 1. seat")
    assert any(line.startswith("  seat 0: ") for line in lines)  # the bots' moves are shown


def test_play_refuses_bad_arguments():
    assert runner.invoke(app, ["play", "chess"]).exit_code != 0
    result = runner.invoke(app, ["play", "krone", "--players", "7"])
    assert result.exit_code != 0
    assert "2 to 5 players" in result.output


def test_simulate_prints_wins_rounds_moves_and_speed():
    result = runner.invoke(
        app, ["simulate", "krone", "--players", "4", "--games", "5", "--seed", "1"]
    )
    assert result.exit_code == 0, result.output
    assert "wins per seat" in result.output
    assert "mean rounds" in result.output
    assert "games per second" in result.output


def test_simulate_json_is_repeatable_with_a_seed():
    args = ["simulate", "krone", "--players", "3", "--games", "8", "--seed", "7", "--json"]
    first = json.loads(runner.invoke(app, args).output)
    second = json.loads(runner.invoke(app, args).output)
    assert set(first) >= {"wins", "mean_rounds", "mean_moves", "games_per_second"}
    assert sum(first["wins"]) >= 8  # every game has at least one winner
    for key in ("wins", "mean_rounds", "mean_moves"):
        assert first[key] == second[key]


def test_simulate_rejects_an_unknown_option():
    result = runner.invoke(app, ["simulate", "krone", "--option", "colour=red"])
    assert result.exit_code != 0
    assert "unknown option 'colour'" in result.output


def test_bench_prints_moves_and_games_per_second():
    args = ["bench", "--game", "krone", "--players", "2", "--seconds", "0"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "moves/s" in result.output
    assert "games/s" in result.output
    data = json.loads(
        runner.invoke(
            app, ["bench", "--game", "krone", "--players", "2", "--seconds", "0", "--json"]
        ).output
    )
    assert data[0]["game"] == "krone"
    assert data[0]["games"] >= 1
    assert data[0]["moves_per_second"] > 0
