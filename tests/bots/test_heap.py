"""A process that plays bots only freezes what it keeps between decisions (bots.heap), so
that the collector's pauses do not grow with the odds a Krone bot remembers."""

import gc
import random

import pytest

import ludoteca
from ludoteca.bots import bot
from ludoteca.bots.heap import dedicated, settle
from ludoteca.bots.patience import decide
from ludoteca.engine import CHANCE


@pytest.mark.parametrize("level", ["greedy", "mcts:10"])
def test_no_bots_game_leaves_cyclic_garbage_that_freezing_would_keep(game_id, level):
    # Frozen objects are freed by their reference counts only: a cycle frozen while alive
    # would never be freed. So a whole game, bots' decisions included, must leave none.
    # Krone's bots decide under a deadline, as in the room's bot processes: the work cut
    # short must leave nothing behind either (and its whole games took 20-30 s without).
    game, player, rng = ludoteca.game(game_id), bot(level), random.Random(4)
    think = 0.1 if game_id == "krone" else None
    gc.collect()
    gc.disable()
    try:
        match = game.new_match(2)
        while not match.is_over:
            if match.to_move is CHANCE:
                match.play_chance(rng)
            else:
                match.play(decide(player.choose, match, rng, think))
        del match
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_settle_freezes_only_while_the_process_plays_bots_only():
    assert gc.get_freeze_count() == 0
    settle()
    assert gc.get_freeze_count() == 0  # a test run holds cycles of its own
    with dedicated():
        settle()
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0  # unfrozen, to be collected as before


def test_the_arena_command_plays_bots_only_while_it_runs():
    from typer.testing import CliRunner

    from ludoteca.cli import app

    result = CliRunner().invoke(app, ["arena", "keltis", "--bots", "greedy,random", "--games", "2"])
    assert result.exit_code == 0, result.output
    assert gc.get_freeze_count() == 0
