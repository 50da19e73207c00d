"""The odds advisor on request: 'odds' in the terminal, and 'ludoteca odds FILE'."""

import json

from typer.testing import CliRunner

import ludoteca
from ludoteca.cli import app

runner = CliRunner()


def test_odds_in_the_terminal_at_the_seats_turn():
    result = runner.invoke(
        app, ["play", "krone", "--players", "2", "--seed", "1"], input="roll\nodds\nquit\n"
    )
    assert result.exit_code == 0, result.output
    assert "Farmer" in result.output
    assert "%" in result.output
    assert "out of reach" in result.output


def test_odds_in_a_game_that_has_none():
    result = runner.invoke(app, ["play", "keltis", "--players", "2", "--seed", "1"],
                           input="odds\nquit\n")  # fmt: skip
    assert "offers no odds" in result.output


def test_odds_of_a_match_document(tmp_path):
    match = ludoteca.game("krone").new_match(2)
    match.play("roll")
    match.play("dice 6 6 2")
    path = tmp_path / "match.json"
    path.write_text(json.dumps(match.to_json()), encoding="utf-8")
    text = runner.invoke(app, ["odds", str(path)])
    assert text.exit_code == 0, text.output
    assert "Guard 16.7%" in text.output
    data = json.loads(runner.invoke(app, ["odds", str(path), "--json"]).stdout)
    assert data["seat"] == 0
    assert abs(data["cards"]["guard"]["chance"] - 1 / 6) < 1e-6
    assert data["cards"]["guard"]["exact"] is True


def test_odds_refuses_a_document_that_is_no_krone_match(tmp_path):
    path = tmp_path / "other.json"
    path.write_text(json.dumps(ludoteca.game("keltis").new_match(2).to_json()), encoding="utf-8")
    result = runner.invoke(app, ["odds", str(path)])
    assert result.exit_code != 0
