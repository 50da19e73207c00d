"""Replays step by step: each step is the match as loaded from its log up to there, and
costs at most a bounded number of entries however long the match was."""

from __future__ import annotations

import json
import random

import pytest

import ludoteca
from ludoteca.engine import CHANCE
from ludoteca.server.replays import MIN_SPACING, Replay
from ludoteca.server.storage.rows import CHANCE_BY, StoredMatch


def finished(game_id: str, players: int, seed: int) -> StoredMatch:
    match = ludoteca.game(game_id).new_match(players, {})
    rng = random.Random(seed)
    while not match.is_over:
        if match.to_move is CHANCE:
            match.play_chance(rng)
        else:
            match.play(rng.choice(match.legal_moves()))
    log = [(CHANCE_BY if entry.actor is CHANCE else entry.actor, entry.text) for entry in match.log]
    result = {"ranking": [[0]], "note": "as the room announced it"}
    seats = [{"name": f"p{n}", "user_id": n + 1} for n in range(players)]
    return StoredMatch(seed, game_id, players, {}, seats, 0.0, 1.0, result, log)


def loaded(stored: StoredMatch, upto: int):
    return ludoteca.game(stored.game).load(
        {
            "game": stored.game,
            "players": stored.players,
            "options": stored.options,
            "log": [
                {"by": "chance" if by == CHANCE_BY else by, "move": text}
                for by, text in stored.log[:upto]
            ],
        }
    )


@pytest.mark.parametrize(("game", "players"), [("keltis", 2), ("krone", 3)])
def test_every_step_is_the_match_loaded_from_its_log_up_to_there(game, players):
    stored = finished(game, players, seed=4)
    replay = Replay(stored)
    length = len(stored.log)
    assert length > 3 * replay.spacing  # steps start from copies made along the way
    steps = sorted({0, 1, replay.spacing, replay.spacing + 1, length - 1, length}
                   | set(random.Random(1).sample(range(length), 25)))  # fmt: skip
    for upto in steps:
        for seat in (None, *range(players)):
            expected = loaded(stored, upto).view(seat)
            if upto == length:
                expected["result"] = stored.result
            assert json.loads(replay.view(seat, upto)) == json.loads(json.dumps(expected)), (
                upto,
                seat,
            )


def test_a_step_plays_at_most_the_spacing_of_the_copies_however_long_the_match():
    stored = finished("krone", 5, seed=2)
    replay = Replay(stored)
    length = len(stored.log)
    assert length > 1000
    assert replay.spacing >= MIN_SPACING
    for upto in range(0, length + 1, 7):
        before = replay.played
        replay.at(upto)
        assert replay.played - before < replay.spacing
    assert replay.spacing <= length // 16  # far less than loading the log each time


def test_the_document_is_the_whole_match():
    stored = finished("kingdomino", 2, seed=3)
    assert json.loads(Replay(stored).document()) == json.loads(
        json.dumps(loaded(stored, len(stored.log)).to_json())
    )
