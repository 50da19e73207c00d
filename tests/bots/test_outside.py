"""Anyone's bot by import path, MODULE:CALLABLE: loaded in every form a writer may give it,
refused with a clear message when it cannot play, and shown only its seat's view."""

import random
import sys

import pytest

import ludoteca
from ludoteca.bots import MctsBot, OutsideBot, UnknownBot, resolve
from ludoteca.engine import CHANCE, Match
from ludoteca.tools.arena import run

WRITERS_BOT = """
import random

SEEN = []  # the positions the bot was given, in order


def choose(match, rng):
    SEEN.append(match.position())
    return str(rng.choice(match.legal_moves()))


class Picky:
    name = "picky"

    def __init__(self, first="no"):
        self.first = first == "yes"

    def choose(self, match, rng):
        moves = sorted(match.legal_moves(), key=str)
        return moves[0] if self.first else rng.choice(moves)


def make():
    return Picky()


PICKY = Picky()
NOT_A_BOT = 42


def lost(match):
    return None


def makes_nothing():
    return 7
"""


@pytest.fixture
def writers_bot(tmp_path, monkeypatch):
    """A module of the writer's, ``mybot``, importable as a writer's package would be."""
    (tmp_path / "mybot.py").write_text(WRITERS_BOT, encoding="utf-8")
    (tmp_path / "needs_more.py").write_text("import no_such_dependency\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield
    for name in ("mybot", "needs_more"):
        sys.modules.pop(name, None)


def test_a_level_is_a_level_and_the_rest_is_an_import_path(writers_bot):
    assert resolve("greedy").name == "greedy"
    assert isinstance(resolve("mcts:40"), MctsBot)
    for text in ("mybot:choose", "mybot:Picky", "mybot:make", "mybot:PICKY", "mybot:Picky:yes"):
        player = resolve(text)
        assert isinstance(player, OutsideBot)
        assert player.name == text


@pytest.mark.parametrize("text", ["mybot:choose", "mybot:Picky", "mybot:make", "mybot:Picky:yes"])
def test_every_form_of_a_writers_bot_plays_whole_games_in_the_arena(writers_bot, text):
    tournament = run(ludoteca.game("kingdomino"), [text, "simple"], games=2, seed=3)
    mine, simple = tournament.standings
    assert (mine.name, mine.games, simple.games) == (text, 2, 2)
    assert mine.moves > 0


def test_a_factory_named_with_an_argument_is_given_the_text(writers_bot):
    match = ludoteca.game("kingdomino").new_match(2)
    rng = random.Random(2)
    while match.to_move is CHANCE:
        match.play_chance(rng)
    first = min(match.legal_moves(), key=str)
    assert resolve("mybot:Picky:yes").choose(match, random.Random(1)) == first


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("nosuch.mybot:choose", "no module 'nosuch.mybot' to import"),
        ("needs_more:choose", "importing 'needs_more' failed: No module named 'no_such_dep"),
        ("mybot:clever", "'mybot' has no 'clever'"),
        ("mybot:NOT_A_BOT", "mybot.NOT_A_BOT is not callable"),
        ("mybot:lost", "takes neither no arguments (a factory of a bot) nor (match, rng)"),
        ("mybot:makes_nothing", "the factory made int, which has no choose(match, rng)"),
        ("mybot:choose:9", "the factory must take one argument"),
        ("mybot:", "a bot is a level (random, simple, greedy, mcts, mcts:N, mcts:Ss) or MODULE"),
        ("genius", "no bot 'genius'; the bots are: random, simple, greedy, mcts"),
        ("mcts:lots", "write the search budget as iterations (mcts:400)"),
    ],
)
def test_a_name_that_names_no_bot_is_refused_saying_what_was_given(writers_bot, text, message):
    with pytest.raises(UnknownBot) as refused:
        resolve(text)
    assert message in str(refused.value)
    assert repr(text) in str(refused.value) or text == "genius"


def test_the_arena_refuses_an_outside_bot_that_cannot_load_before_any_game(writers_bot):
    with pytest.raises(ValueError, match="no module 'nosuch'"):
        run(ludoteca.game("keltis"), ["greedy", "nosuch:choose"], games=1, seed=1)


def test_an_outside_bot_never_sees_the_other_hands_in_keltis(writers_bot):
    """Two real matches that the seat cannot tell apart but whose hidden cards differ: the
    bot is given the same match in both, so nothing hidden reached it."""
    import mybot  # type: ignore[import-not-found]

    game = ludoteca.game("keltis")
    rng = random.Random(5)
    match = game.new_match(2)
    for _ in range(30):
        if match.to_move is CHANCE:
            match.play_chance(rng)
        else:
            match.play(rng.choice(match.legal_moves()))
    while match.to_move is CHANCE:
        match.play_chance(rng)
    seat = match.to_move
    view = match.view(seat)
    twins = [Match.from_view(view, random.Random(seed)) for seed in (1, 2)]
    assert twins[0].view(seat) == twins[1].view(seat) == view
    other = 1 - seat
    hands = [twin.position()["players"][other]["hand"] for twin in twins]
    assert hands[0] != hands[1]  # the real matches differ in what the seat cannot see
    player = resolve("mybot:choose")
    moves = [player.choose(twin, random.Random(8)) for twin in twins]
    first, second = mybot.SEEN[-2:]
    assert first == second
    assert moves[0] == moves[1]
