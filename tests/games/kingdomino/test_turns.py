"""Lines, kings and turns: the set-up, the first line, turn order, place then pick, the end."""

import random
from collections import Counter
from fractions import Fraction

import pytest

from ludoteca.engine import CHANCE, IllegalMove
from ludoteca.games.kingdomino.moves import Discard, Draw, DrawKing, Pick, Place

from .helpers import GAME, placing, play_random


def line_of(match, key="next_line"):
    return [(slot["domino"], slot["king"]) for slot in match.position()[key]]


def place_anywhere(match):
    match.play(next(m for m in match.legal_moves() if isinstance(m, Place | Discard)))


def test_the_opening_waits_for_the_first_domino_to_be_drawn():
    match = GAME.new_match(3)
    assert match.to_move is CHANCE
    outcomes = match.chance_outcomes()
    assert len(outcomes) == 48
    assert {p for _, p in outcomes} == {Fraction(1, 48)}


@pytest.mark.parametrize(("players", "size"), [(2, 4), (3, 3), (4, 4)])
def test_a_line_is_as_long_as_there_are_kings_and_sorted_by_number(players, size):
    match = GAME.new_match(players)
    drawn = [44, 3, 27, 12][:size]
    for number in drawn:
        assert match.to_move is CHANCE
        match.play(f"draw {number}")
    assert line_of(match) == [(n, None) for n in sorted(drawn)]
    assert match.to_move is CHANCE  # now the kings are drawn
    assert all(isinstance(move, DrawKing) for move, _ in match.chance_outcomes())


def test_two_players_first_line_kings_drawn_at_random_each_placed_at_once():
    match = GAME.new_match(2)
    for number in (30, 5, 41, 17):
        match.play(f"draw {number}")
    # Two kings each: each seat's colour is as likely to come out first.
    assert dict(match.chance_outcomes()) == {DrawKing(0): Fraction(1, 2),
                                             DrawKing(1): Fraction(1, 2)}  # fmt: skip
    match.play("king 1")
    assert match.to_move == 1  # the owner of the king drawn puts it on a free domino
    with pytest.raises(IllegalMove, match="not in the line"):
        match.play("pick 6")
    match.play("pick 41")
    assert dict(match.chance_outcomes()) == {DrawKing(0): Fraction(2, 3),
                                             DrawKing(1): Fraction(1, 3)}  # fmt: skip
    match.play("king 1")
    with pytest.raises(IllegalMove, match="already has a king"):
        match.play("pick 41")
    match.play("pick 5")
    assert dict(match.chance_outcomes()) == {DrawKing(0): Fraction(1)}
    with pytest.raises(IllegalMove, match="no king of seat 1 is left"):
        match.play("king 1")
    match.play("king 0")
    match.play("pick 30")
    match.play("king 0")
    assert match.legal_moves() == [Pick(17)]  # the last king has no choice
    match.play("pick 17")
    # The next line is laid out at once, before anyone places.
    assert match.to_move is CHANCE
    assert line_of(match, "line") == [(5, 1), (17, 0), (30, 0), (41, 1)]
    for number in (4, 2, 3, 1):
        match.play(f"draw {number}")

    # Lowest domino first: seat 1 (5), seat 0 (17), seat 0 (30), seat 1 (41); each places
    # and then picks, so seat 0 plays two turns in a row with its two kings.
    turns = []
    for placement, picked in (("place 5 d5 c5", 4), ("place 17 d5 c5", 1),
                              ("place 30 f5 g5", 3), ("place 41 f5 g5", 2)):  # fmt: skip
        seat = match.to_move
        with pytest.raises(IllegalMove, match="not the time to pick"):
            match.play(f"pick {picked}")
        match.play(placement)
        assert match.to_move == seat
        with pytest.raises(IllegalMove, match="not the time to place"):
            match.play(placement)
        match.play(f"pick {picked}")
        turns.append(seat)
    assert turns == [1, 0, 0, 1]
    # The kings' places on this line decide the next turn: 1 (seat 0), 2 (seat 1), ...
    assert line_of(match, "line") == [(1, 0), (2, 1), (3, 0), (4, 1)]


def test_a_chance_outcome_is_refused_from_a_seat_and_a_seat_move_at_chance():
    match = GAME.new_match(2)
    with pytest.raises(IllegalMove, match="chance event is pending"):
        match.play("pick 3")
    for number in (1, 2, 3, 4):
        match.play(f"draw {number}")
    with pytest.raises(IllegalMove, match="no domino is being drawn"):
        match.play("draw 5")
    match.play("king 0")
    with pytest.raises(IllegalMove, match="chance outcome"):
        match.play("draw 5")
    fresh = GAME.new_match(2)
    fresh.play("draw 9")
    with pytest.raises(IllegalMove, match="already out"):
        fresh.play("draw 9")


def test_the_last_line_is_placed_and_nothing_is_picked():
    # Three players, ten lines done: seat 0 is the last to place on line 11, and line 12
    # (the last of 36 dominoes) is on the table.
    match = placing(["place 3 d4 e4", "place 4 d3 e3", "place 5 c4 c5", "place 6 d5 d6",
                     "place 18 c6 c7", "place 1 f4 f5", "place 2 g5 g6", "place 13 g4 g3",
                     "place 14 e6 f6", "place 7 e7 f7"], 48)  # fmt: skip
    assert match.position()["next_line"][-1]["king"] is None
    place_anywhere(match)
    free = list(match.legal_moves())
    match.play(free[0])
    assert match.to_move is not CHANCE, "no line is left to draw"
    last = line_of(match, "line")
    assert len(last) == 3
    assert match.position()["next_line"] == []
    for _number, seat in last:
        assert match.to_move == seat
        assert all(isinstance(m, Place | Discard) for m in match.legal_moves())
        place_anywhere(match)
    assert match.is_over
    assert [len(p["kingdom"]) for p in match.position()["players"]] == [12, 12, 12]
    assert match.result().rounds == 12


def check_turn_order(match, line_size):
    """Read the log as a person would: who must act, in which order, with what."""
    log = list(match.log)
    lines: list[list[int]] = []  # the dominoes of each line, as drawn
    claims: list[dict[int, int]] = []  # per line: domino -> seat of the king on it
    in_play: list[tuple[int, int]] = []  # the line in play: (domino, seat) still to act
    playing = -1  # index of the line in play
    for i, entry in enumerate(log):
        move = entry.move
        if isinstance(move, Draw):
            if not lines or len(lines[-1]) == line_size:
                lines.append([])
                claims.append({})
            lines[-1].append(move.domino)
        elif isinstance(move, DrawKing):
            # First line: the king drawn is put on a domino at once by its owner.
            assert log[i + 1].actor == move.seat
            assert isinstance(log[i + 1].move, Pick)
        elif isinstance(move, Pick):
            assert move.domino in lines[playing + 1], "a king goes on the next line"
            assert move.domino not in claims[playing + 1], "one king per domino"
            claims[playing + 1][move.domino] = entry.actor
        else:
            if not in_play:
                # The next line comes into play: its kings act from its lowest domino up.
                playing += 1
                in_play = sorted(claims[playing].items())
                assert len(in_play) == line_size, "every domino of the line has a king"
            domino, seat = in_play.pop(0)
            assert entry.actor == seat, f"entry {i}: seat {seat} acts for domino {domino}"
            assert isinstance(move, Place | Discard)
            assert move.domino == domino
            if playing + 1 < len(lines):  # then the same king picks on the next line
                assert log[i + 1].actor == seat
                assert isinstance(log[i + 1].move, Pick)
            else:
                assert i + 1 == len(log) or isinstance(log[i + 1].move, Place | Discard)
    assert not in_play
    assert playing == len(lines) - 1


@pytest.mark.parametrize(
    ("players", "options", "dominoes", "kings_each"),
    [(2, {}, 24, 2), (3, {}, 36, 1), (4, {}, 48, 1), (2, {"mighty_duel": True}, 48, 2)],
)
def test_random_games_follow_the_turn_order_and_use_the_right_dominoes(
    players, options, dominoes, kings_each
):
    rng = random.Random(players)
    for _ in range(3):
        match = play_random(GAME.new_match(players, options), rng)
        check_turn_order(match, players * kings_each)
        draws = [e.move.domino for e in match.log if isinstance(e.move, Draw)]
        assert len(draws) == len(set(draws)) == dominoes
        first_kings = [e for e in match.log if isinstance(e.move, DrawKing)]
        assert len(first_kings) == players * kings_each
        assert sorted(e.move.seat for e in first_kings) == sorted(
            seat for seat in range(players) for _ in range(kings_each)
        )
        for kingdom in match.position()["players"]:
            assert len(kingdom["kingdom"]) == dominoes // players
        assert match.result().rounds == dominoes // (players * kings_each)


def test_sampled_chance_follows_the_stated_odds():
    # 400 first kings of a four-player game, and 400 first dominoes: every seat and most
    # dominoes come out, none far more often than its share.
    kings, dominoes = Counter(), Counter()
    for seed in range(400):
        rng = random.Random(seed)
        match = GAME.new_match(4)
        dominoes[match.play_chance(rng).domino] += 1
        for _ in range(3):
            match.play_chance(rng)
        kings[match.play_chance(rng).seat] += 1
    assert set(kings) == {0, 1, 2, 3}
    assert max(kings.values()) < 140  # 100 expected each
    assert len(dominoes) > 40
    assert max(dominoes.values()) < 30  # about 8 expected each
