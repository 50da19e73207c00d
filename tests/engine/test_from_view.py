"""``Match.from_view``: a whole match that one seat cannot tell from the one it sees."""

import random

import pytest

import ludoteca
from ludoteca.engine import CHANCE, Match, StateError

#: Steps of a random playout at which every seat's view is rebuilt (and the last one).
STEPS = frozenset((0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987))


def random_step(match: Match, rng: random.Random) -> None:
    if match.to_move is CHANCE:
        match.play_chance(rng)
    else:
        match.play(rng.choice(match.legal_moves()))


def test_every_seat_and_a_spectator_get_back_the_view_they_came_from(game_id):
    game = ludoteca.game(game_id)
    rng = random.Random(5)
    for players in range(game.min_players, game.max_players + 1):
        match = game.new_match(players)
        step = 0
        while True:
            if step in STEPS or match.is_over:
                for seat in [None, *range(players)]:
                    view = match.view(seat)
                    rebuilt = Match.from_view(view, rng)
                    assert rebuilt.view(seat) == view
            if match.is_over:
                break
            random_step(match, rng)
            step += 1


def test_a_rebuilt_match_plays_on_legally_to_the_end(game_id):
    game = ludoteca.game(game_id)
    rng = random.Random(8)
    for players in range(game.min_players, game.max_players + 1):
        match = game.new_match(players)
        for _ in range(60):
            random_step(match, rng)
        for seat in range(players):
            rebuilt = Match.from_view(match.view(seat), rng)
            while not rebuilt.is_over:
                random_step(rebuilt, rng)
            assert rebuilt.result().ranking


def test_keltis_draws_what_the_seat_cannot_see_anew():
    match = ludoteca.game("keltis").new_match(3)
    rng = random.Random(2)
    for _ in range(120):
        random_step(match, rng)
    view = match.view(0)
    hands = {
        str(Match.from_view(view, random.Random(seed)).position()["players"][1]["hand"])
        for seed in range(10)
    }
    assert len(hands) > 1
    spectator = match.view(None)
    assert Match.from_view(spectator, rng).view(None) == spectator


def test_a_view_without_the_whole_log_is_refused():
    match = ludoteca.game("keltis").new_match(2)
    rng = random.Random(1)
    for _ in range(40):
        random_step(match, rng)
    with pytest.raises(StateError, match="whole log"):
        Match.from_view(match.view(0, since=5), rng)


def test_a_view_its_log_does_not_lead_to_is_refused():
    match = ludoteca.game("kingdomino").new_match(2)
    rng = random.Random(1)
    for _ in range(10):
        random_step(match, rng)
    view = match.view(0)
    view["position"] = {**view["position"], "round": 99}
    with pytest.raises(StateError, match="gives this view"):
        Match.from_view(view, rng)
