"""bots.patience: a decision someone waits for has a deadline; the arena's have none."""

import random
import time

import pytest

import ludoteca
from ludoteca.bots import bot, patience
from ludoteca.engine import CHANCE, deadline


def _match():
    match = ludoteca.game("kingdomino").new_match(2)
    rng = random.Random(3)
    while match.to_move is CHANCE:
        match.play_chance(rng)
    return match


def test_a_decision_has_the_deadline_it_is_given_and_none_without():
    seen = []

    def choose(match, rng):
        seen.append(deadline.given())
        return match.legal_moves()[0]

    match = _match()
    assert patience.decide(choose, match, random.Random(1)) == match.legal_moves()[0]
    assert patience.decide(choose, match, random.Random(1), think=None) == match.legal_moves()[0]
    assert seen == [True, False]
    assert not deadline.given()  # the deadline was the decision's only


def test_the_deadline_stops_a_search_whose_counted_budget_would_run_far_past_it():
    match = _match()
    searching = bot("mcts:1000000")  # minutes of iterations without a deadline
    started = time.perf_counter()
    move = patience.decide(searching.choose, match, random.Random(1), think=0.2)
    assert move in match.legal_moves()
    assert time.perf_counter() - started < 30  # a bound for a hang, not a pace


def test_a_decision_needs_some_time():
    with pytest.raises(ValueError, match="above 0"):
        patience.decide(lambda match, rng: None, _match(), random.Random(1), think=0)
