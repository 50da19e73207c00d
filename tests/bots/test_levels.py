"""Every level plays only legal moves, in every game and at every player count."""

import random

import pytest

import ludoteca
from ludoteca.bots import BOTS, GreedyBot, MctsBot, bot
from ludoteca.bots.mcts import Budget
from ludoteca.bots.patience import decide
from ludoteca.engine import CHANCE, StateError

LEVELS = ["greedy", "mcts:6", "simple", "random"]


def seatings(game):
    yield from range(game.min_players, game.max_players + 1)


#: Krone's bots decide under a deadline here, as in the room (``bots.patience``): its
#: search's larger plan alone took most of a minute of a loaded machine over these games.
THINK = {"krone": 0.2}


def play(game, players, names, seed, decisions=None):
    """Play with ``names`` round the table, checking each move; to the end, or for
    ``decisions`` moves of the seats."""
    rng = random.Random(seed)
    bots = [bot(names[seat % len(names)]) for seat in range(players)]
    match = game.new_match(players)
    while not match.is_over and (decisions is None or decisions > 0):
        if match.to_move is CHANCE:
            match.play_chance(rng)
            continue
        move = decide(bots[match.to_move].choose, match, rng, THINK.get(game.id))
        assert move in match.legal_moves(), f"{bots[match.to_move].name} played {move}"
        match.play(move)
        if decisions is not None:
            decisions -= 1
    return match


def test_every_level_plays_legal_moves_to_the_end(game_id):
    game = ludoteca.game(game_id)
    # Random play makes a game of Krone last thousands of moves: it plays elsewhere.
    levels = [n for n in LEVELS if n != "random"] if game_id == "krone" else LEVELS
    games = 1 if game_id == "krone" else 3
    for players in seatings(game):
        for number in range(games):
            # Each level takes every seat in turn over the games.
            turn = (number + players) % len(levels)
            names = levels[turn:] + levels[:turn]
            # A game of Krone is long: beyond two players its first turns are checked.
            longer = game_id == "krone" and players > 2
            match = play(game, players, names, 100 * players + number, 150 if longer else None)
            assert longer or match.result().ranking


def test_the_levels_by_name():
    assert set(BOTS) == {"random", "simple", "greedy", "mcts"}
    assert isinstance(bot("greedy"), GreedyBot)
    assert bot("mcts").name == "mcts"
    assert bot("mcts:40").budget == Budget(iterations=40)
    assert bot("mcts:0.5s").budget == Budget(seconds=0.5)
    assert bot("mcts:40").name == "mcts:40"


@pytest.mark.parametrize("name", ["nobody", "mcts:0", "mcts:x", "greedy:3", "mcts:-1s"])
def test_unknown_levels_and_budgets_are_refused(name):
    with pytest.raises(ValueError, match="mcts"):
        bot(name)


def test_a_bot_is_asked_only_for_a_seat_to_move():
    match = ludoteca.game("krone").new_match(2)
    match.play("roll")  # dice are rolling: chance moves next
    for name in ("greedy", "mcts:4"):
        with pytest.raises(StateError):
            bot(name).choose(match, random.Random(1))


def test_a_search_with_one_legal_move_does_not_search():
    match = ludoteca.game("krone").new_match(2)  # the turn starts with 'roll' and nothing else
    assert [str(m) for m in match.legal_moves()] == ["roll"]
    assert str(MctsBot(Budget(iterations=10_000_000)).choose(match, random.Random(1))) == "roll"


def test_the_same_seed_gives_the_same_search():
    match = ludoteca.game("kingdomino").new_match(2)
    rng = random.Random(2)
    while match.to_move is CHANCE:
        match.play_chance(rng)
    first = bot("mcts:30").choose(match, random.Random(9))
    assert bot("mcts:30").choose(match, random.Random(9)) == first


def test_a_time_budget_stops_the_search():
    import time

    match = ludoteca.game("cronberg").new_match(2)
    started = time.perf_counter()
    bot("mcts:0.2s").choose(match, random.Random(3))
    assert time.perf_counter() - started < 1.0
