"""``ludoteca bench --openspiel``: the adapter's cost against the engine, and
random_sim_test, per game and player count."""

import json

import pytest
from typer.testing import CliRunner

import ludoteca
from ludoteca.cli import app
from tests.conftest import missing

try:
    import pyspiel

    from ludoteca.openspiel.bench import measure
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


def test_bench_openspiel_prints_the_adapters_cost():
    args = ["bench", "--openspiel", "--game", "keltis", "--players", "2", "--seconds", "0"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "keltis      2 players  5,546 actions" in result.output
    assert "the adapter costs" in result.output
    assert "random_sim_test" in result.output
    data = json.loads(CliRunner().invoke(app, [*args, "--json"]).output)
    [figure] = data
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
