"""The greedy bot's trial copy (``KeltisState.trial``), which shares the deck, the box and
the other players with its original to be cheap: a move of play applied to it leaves the
original as it was and gives the position a full copy gives."""

import random

import pytest

from ludoteca.engine import CHANCE, StateError
from ludoteca.games.keltis.position import dump
from ludoteca.games.keltis.state import DRAWING, EXTRA, PLAYING

from .helpers import GAME


def seen(state):
    """The position as written, and the wish stones still in the middle (which the
    position derives from the players' stones rather than writes)."""
    return dump(state), list(state.in_middle)


def test_a_move_of_play_on_a_trial_copy_changes_nothing_of_the_original():
    tried = {PLAYING: 0, EXTRA: 0}
    for seed in range(6):
        rng = random.Random(seed)
        match = GAME.new_match(2 + seed % 3)
        while not match.is_over:
            if match.to_move is CHANCE:
                match.play_chance(rng)
                continue
            state = match.state
            if state.phase in tried:
                tried[state.phase] += 1
                before = seen(state)
                for move in match.legal_moves():
                    trial, full = state.trial(), state.copy()
                    trial.apply(move)
                    full.apply(move)
                    assert seen(trial) == seen(full), move
                    assert seen(state) == before, move
            match.play(rng.choice(match.legal_moves()))
    assert tried[PLAYING] > 100
    assert tried[EXTRA] > 5


def test_a_trial_copy_is_for_moves_of_play_only():
    rng = random.Random(1)
    match = GAME.new_match(2)
    while match.to_move is CHANCE or match.state.phase is not DRAWING:
        if match.to_move is CHANCE:
            match.play_chance(rng)
        else:
            match.play(rng.choice(match.legal_moves()))
    with pytest.raises(StateError, match="not of the phase draw"):
        match.state.trial()
