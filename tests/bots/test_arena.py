"""The arena: seats rotated, wins counted with shared places, the output's shape."""

import json
from collections import Counter

import pytest
from typer.testing import CliRunner

import ludoteca
from ludoteca.cli import app
from ludoteca.engine import Result
from ludoteca.tools.arena import Standing, record, run, seating, wilson


def test_each_bot_sits_in_each_seat_equally_often():
    for names, players in ((["a", "b"], 2), (["a", "b", "c", "d"], 4), (["a", "b"], 4)):
        seats = Counter()
        for number in range(4 * players):
            for seat, name in enumerate(seating(names, players, number)):
                seats[name, seat] += 1
        per_seat = {(name, seat): n for (name, seat), n in seats.items()}
        for name in names:
            counts = [per_seat[name, seat] for seat in range(players)]
            assert len(set(counts)) == 1, (names, players, counts)


def test_the_tournament_seats_as_rotated():
    game = ludoteca.game("kingdomino")
    tournament = run(game, ["greedy", "random"], games=4, seed=1)
    assert list(tournament.seatings) == [
        ["greedy", "random"],
        ["random", "greedy"],
        ["greedy", "random"],
        ["random", "greedy"],
    ]
    assert [s.games for s in tournament.standings] == [4, 4]


def test_a_shared_first_place_is_half_a_win_each():
    standings = {"a": Standing("a"), "b": Standing("b"), "c": Standing("c")}
    record(Result(((0, 1), (2,)), (5, 5, 1), 1), ["a", "b", "c"], standings)
    record(Result(((1,), (0, 2)), (2, 6, 2), 1), ["a", "b", "c"], standings)
    assert [standings[n].wins for n in "abc"] == [0.5, 1.5, 0.0]
    assert [standings[n].games for n in "abc"] == [2, 2, 2]
    assert standings["b"].win_rate == 0.75
    assert standings["a"].mean_score == 3.5


def test_wilson_interval():
    low, high = wilson(180, 200)
    assert low == pytest.approx(0.8506, abs=1e-3)
    assert high == pytest.approx(0.9343, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_a_fixed_seed_gives_the_same_games():
    game = ludoteca.game("cronberg")
    first = run(game, ["greedy", "mcts:5"], games=2, seed=7).to_json()
    again = run(game, ["greedy", "mcts:5"], games=2, seed=7).to_json()
    for a, b in zip(first["bots"], again["bots"], strict=True):
        assert a["wins"] == b["wins"]
        assert a["mean_score"] == b["mean_score"]


def test_games_shared_out_between_processes_give_the_same_figures():
    game = ludoteca.game("kingdomino")
    alone = run(game, ["greedy", "random"], games=6, seed=4).to_json()
    shared = run(game, ["greedy", "random"], games=6, seed=4, jobs=2).to_json()
    for a, b in zip(alone["bots"], shared["bots"], strict=True):
        assert (a["name"], a["games"], a["wins"], a["mean_score"]) == (
            b["name"], b["games"], b["wins"], b["mean_score"]
        )  # fmt: skip
    assert sum(bot["mean_score"] for bot in alone["bots"]) > 0  # games were played


def test_an_unknown_level_or_no_process_is_refused_before_any_game():
    with pytest.raises(ValueError, match="no bot 'clever'"):
        run(ludoteca.game("keltis"), ["greedy", "clever"], games=1, seed=1)
    with pytest.raises(ValueError, match="jobs"):
        run(ludoteca.game("keltis"), ["greedy"], games=1, seed=1, jobs=0)


def test_more_bots_than_seats_is_refused():
    with pytest.raises(ValueError, match="at least 3 players"):
        run(ludoteca.game("keltis"), ["a", "b", "c"], games=1, seed=1, players=2)


def test_the_arena_command_prints_one_json_object():
    result = CliRunner().invoke(
        app, ["arena", "keltis", "--bots", "greedy,random", "--games", "4", "--seed", "3", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) == {"game", "players", "games", "bots"}
    assert data["game"] == "keltis"
    assert data["players"] == 2
    assert data["games"] == 4
    for entry in data["bots"]:
        assert set(entry) == {
            "name",
            "wins",
            "games",
            "win_rate",
            "ci95",
            "mean_score",
            "seconds_per_move",
        }
        low, high = entry["ci95"]
        assert 0 <= low <= entry["win_rate"] <= high <= 1
    assert sum(entry["wins"] for entry in data["bots"]) == 4


def test_the_arena_command_prints_a_table():
    result = CliRunner().invoke(app, ["arena", "kingdomino", "--bots", "greedy,random",
                                      "--games", "2", "--seed", "3"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "win rate" in result.stdout
    assert "greedy" in result.stdout


def test_a_game_without_points_has_no_mean_score():
    standings = {"a": Standing("a"), "b": Standing("b")}
    record(Result(((1,), (0,)), None, 9), ["a", "b"], standings)  # as Krone ranks
    assert standings["a"].to_json()["mean_score"] is None
    assert standings["b"].to_json()["wins"] == 1


@pytest.mark.parametrize("bots", ["greedy,nobody", "mcts:zero"])
def test_the_arena_refuses_unknown_bots(bots):
    result = CliRunner().invoke(app, ["arena", "keltis", "--bots", bots, "--games", "1"])
    assert result.exit_code != 0
