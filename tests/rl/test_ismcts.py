"""OpenSpiel's ISMCTS as a bot of ``ludoteca arena``: ``ludoteca.openspiel.bots:ismcts``."""

import json
import random

import pytest
from typer.testing import CliRunner

import ludoteca
from ludoteca.bots import UnknownBot, resolve
from ludoteca.cli import app
from ludoteca.engine import CHANCE
from ludoteca.tools.arena import run
from tests.conftest import missing

try:
    import pyspiel  # noqa: F401

    from ludoteca.openspiel.bots import IsmctsBot
except ImportError:  # pragma: no cover - the rl extra is part of the test extra
    IsmctsBot = None


@pytest.fixture(autouse=True)
def _needs_open_spiel():
    if IsmctsBot is None:
        missing("open_spiel is not installed: pip install -e '.[rl]'")


def test_ismcts_plays_keltis_against_greedy_in_the_arena():
    tournament = run(
        ludoteca.game("keltis"), ["ludoteca.openspiel.bots:ismcts:3", "greedy"], games=2, seed=1
    )
    ismcts, greedy = tournament.standings
    assert (ismcts.name, ismcts.games, greedy.games) == ("ludoteca.openspiel.bots:ismcts:3", 2, 2)
    assert ismcts.moves > 20  # it decided its own moves, every one accepted by the match
    assert ismcts.wins + greedy.wins == 2


def test_the_command_line_seats_ismcts():
    result = CliRunner().invoke(
        app,
        ["arena", "cronberg", "--bots", "ludoteca.openspiel.bots:ismcts:3,random", "--games",
         "2", "--json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    names = [bot["name"] for bot in json.loads(result.output)["bots"]]
    assert names == ["ludoteca.openspiel.bots:ismcts:3", "random"]


def test_ismcts_chooses_a_legal_move_in_every_game_the_same_from_the_same_seed(game_id):
    game = ludoteca.game(game_id)
    match = game.new_match(game.min_players)
    rng = random.Random(3)
    for _ in range(12):  # past the first picks: a Kingdomino placement names squares
        if match.to_move is CHANCE:
            match.play_chance(rng)
        else:
            match.play(rng.choice(match.legal_moves()))
    while match.to_move is CHANCE or len(match.legal_moves()) < 2:
        if match.to_move is CHANCE:
            match.play_chance(rng)
        else:
            match.play(match.legal_moves()[0])
    # Two simulations: each plays out at random to the end, and a random Krone game runs
    # to thousands of moves.
    player = resolve("ludoteca.openspiel.bots:ismcts:2")
    move = player.choose(match, random.Random(11))
    assert move in match.legal_moves()
    assert player.choose(match, random.Random(11)) == move
    match.play(move)  # a move of Python values, as the engine's own (not numpy's)


def test_its_budget_is_a_count_of_simulations():
    assert IsmctsBot().name == "ismcts"
    with pytest.raises(UnknownBot, match="e.g. ismcts:400, not '0'"):
        resolve("ludoteca.openspiel.bots:ismcts:0")
    with pytest.raises(UnknownBot, match="not 'many'"):
        resolve("ludoteca.openspiel.bots:ismcts:many")


def test_with_ludotecas_playouts_it_is_named_and_counted_so():
    assert IsmctsBot(playouts=True).name == "ismcts_playout"
    assert resolve("ludoteca.openspiel.bots:ismcts_playout:7").name == (
        "ludoteca.openspiel.bots:ismcts_playout:7"
    )
    with pytest.raises(UnknownBot, match="e.g. ismcts_playout:400, not '-1'"):
        resolve("ludoteca.openspiel.bots:ismcts_playout:-1")


def _midgame(game_id, moves=40, players=None):
    game = ludoteca.game(game_id)
    match = game.new_match(players or game.min_players)
    rng = random.Random(5)
    for _ in range(moves):
        if match.is_over:
            break
        if match.to_move is CHANCE:
            match.play_chance(rng)
        else:
            match.play(game.simple_move(match.state, rng))
    while not match.is_over and (match.to_move is CHANCE or len(match.legal_moves()) < 2):
        if match.to_move is CHANCE:
            match.play_chance(rng)
        else:
            match.play(match.legal_moves()[0])
    return match


def test_ismcts_with_playouts_chooses_a_legal_move_the_same_from_the_same_seed(game_id):
    match = _midgame(game_id)
    player = resolve("ludoteca.openspiel.bots:ismcts_playout:8")
    move = player.choose(match, random.Random(2))
    assert move in match.legal_moves()
    assert player.choose(match, random.Random(2)) == move


def test_its_leaves_are_ludotecas_judgement_on_the_returns_scale():
    from ludoteca.games.krone.strategy import evaluate
    from ludoteca.openspiel.bots import PlayoutEvaluator
    from ludoteca.openspiel.game import LudotecaGame, LudotecaState

    match = _midgame("krone", 60)
    game = LudotecaGame.of("krone")({"players": 2})
    state = LudotecaState(game, match.copy())
    share = evaluate(match.state.copy())  # Krone judges at once: no move is played out
    value = PlayoutEvaluator(match.game, random.Random(1)).evaluate(state)
    assert value.tolist() == pytest.approx([2 * share[0] - 1, 2 * share[1] - 1])
    assert sum(value) == pytest.approx(0)
    assert share[0] != pytest.approx(0.5)  # a position that tells the seats apart


def test_a_finished_game_is_worth_its_returns_and_a_playout_lands_on_them():
    from ludoteca.openspiel.bots import PlayoutEvaluator
    from ludoteca.openspiel.game import LudotecaGame, LudotecaState

    game = LudotecaGame.of("kingdomino")({"players": 3})
    match = _midgame("kingdomino", 10_000, players=3)
    assert match.is_over
    state = LudotecaState(game, match.copy())
    assert PlayoutEvaluator(match.game, random.Random(1)).evaluate(state).tolist() == (
        state.returns()
    )
    early = LudotecaState(game, _midgame("kingdomino", 0, players=3).copy())
    value = PlayoutEvaluator(match.game, random.Random(1)).evaluate(early).tolist()
    # Kingdomino plays out to the end: a ranking's returns, each a multiple of 1/2.
    assert sorted(value) in (
        [-1.0, 0.0, 1.0], [-1.0, 0.5, 0.5], [-0.5, -0.5, 1.0], [0.0, 0.0, 0.0]
    )  # fmt: skip
