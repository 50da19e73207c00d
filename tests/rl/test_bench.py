"""``ludoteca bench --openspiel``: the adapter's cost against the engine, and
random_sim_test, per game and player count."""

import json
import random

import pytest
from typer.testing import CliRunner

import ludoteca
from ludoteca.cli import app
from tests.conftest import missing

try:
    import pyspiel

    from ludoteca.openspiel.bench import POSITIONS, measure, searched_positions
except ImportError:  # pragma: no cover - the rl extra is part of the test extra
    pyspiel = None


@pytest.fixture(autouse=True)
def _needs_open_spiel():
    if pyspiel is None:
        missing("open_spiel is not installed: pip install -e '.[rl]'")


def test_the_adapter_is_measured_against_the_engine():
    figure = measure(ludoteca.game("kingdomino"), 2, seconds=0.0)
    spiel = pyspiel.load_game("python_ludoteca_kingdomino(players=2)")
    assert (figure.game, figure.players) == ("kingdomino", 2)
    assert figure.actions == spiel.num_distinct_actions()
    assert figure.chance_outcomes == spiel.max_chance_outcomes()
    assert 1 <= figure.largest_legal_set <= figure.actions
    assert figure.engine_steps_per_second > 0
    assert figure.adapter_steps_per_second > 0
    assert figure.random_sim_test_steps_per_second > 0
    assert figure.cost == figure.engine_steps_per_second / figure.adapter_steps_per_second


def test_krones_random_sim_test_runs_from_the_taking_of_the_king():
    figure = measure(ludoteca.game("krone"), 3, seconds=0.0)
    assert figure.random_sim_test_steps_per_second > 0


def bench(flag, game_id):
    """``ludoteca bench FLAG --game GAME`` at two players, no time: its text, and its one
    figure as ``--json`` gives it."""
    args = ["bench", flag, "--game", game_id, "--players", "2", "--seconds", "0"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    [figure] = json.loads(CliRunner().invoke(app, [*args, "--json"]).output)
    return result.output, figure


def test_bench_openspiel_prints_the_adapters_cost():
    text, figure = bench("--openspiel", "keltis")
    assert "keltis      2 players  5,546 actions" in text
    assert "the adapter costs" in text
    assert "random_sim_test" in text
    assert set(figure) == {
        "game",
        "players",
        "actions",
        "chance_outcomes",
        "largest_legal_set",
        "engine_steps_per_second",
        "adapter_steps_per_second",
        "random_sim_test_steps_per_second",
        "cost",
    }
    assert (figure["game"], figure["players"], figure["actions"]) == ("keltis", 2, 5546)
    assert figure["cost"] > 0


def test_ismcts_is_measured_at_three_positions_of_a_match():
    game = ludoteca.game("cronberg")
    matches = searched_positions(game, 2, random.Random(1))
    assert len(matches) == len(POSITIONS)
    lengths = [match.moves_played for match in matches]
    assert lengths == sorted(lengths)
    assert lengths[0] > 0
    for match in matches:  # each a decision with a choice to make
        assert isinstance(match.to_move, int)
        assert len(match.legal_moves()) > 1


def test_bench_ismcts_prints_seconds_a_move_and_resamples_a_second():
    text, figure = bench("--ismcts", "kingdomino")
    assert "kingdomino  2 players  ISMCTS at 100 simulations:" in text
    assert "s a move" in text
    assert "resamples/s" in text
    keys = "game players simulations positions resamples_per_second seconds_per_move"
    assert set(figure) == set(keys.split())
    assert (figure["game"], figure["simulations"], len(figure["positions"])) == (
        "kingdomino",
        100,
        3,
    )
    assert figure["seconds_per_move"] > 0
    assert figure["resamples_per_second"] > 0
