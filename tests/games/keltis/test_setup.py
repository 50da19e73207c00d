"""The components and the opening: 101 cards shuffled, 30 removed unseen with two players,
8 dealt to each player one at a time, all as chance events."""

import random
from collections import Counter
from fractions import Fraction

import pytest

from ludoteca.engine import CHANCE, IllegalMove
from ludoteca.games.keltis.components import CARDS, COPIES, END, KIND, NAMES, NUMBER, POINT, STONES

from .helpers import GAME, hand


def test_the_box_holds_80_number_10_end_and_11_point_cards():
    by_kind = Counter()
    for card in CARDS:
        by_kind[KIND[card]] += COPIES[card]
    assert by_kind == {NUMBER: 80, END: 10, POINT: 11}
    numbers = {NAMES[c]: COPIES[c] for c in CARDS if KIND[c] == NUMBER and NAMES[c][0] == "g"}
    assert numbers == {
        "g0": 1, "g1": 1, "g2": 1, "g3": 2, "g4": 2, "g5": 2, "g6": 2, "g7": 2,
        "g8": 1, "g9": 1, "g10": 1,
    }  # fmt: skip
    colours = {NAMES[c][0] for c in CARDS if KIND[c] == NUMBER}
    assert len(colours) == 5
    ends = [NAMES[c] for c in CARDS if KIND[c] == END]
    assert [COPIES[CARDS[NAMES.index(e)]] for e in ends] == [2] * 5
    points = [NAMES[c] for c in CARDS if KIND[c] == POINT]
    assert points == [f"p{n}" for n in range(11)]
    assert tuple(range(1, 10)) == STONES


def test_every_wish_stone_starts_in_the_middle():
    match = GAME.new_match(3)
    assert match.view(None)["position"]["stones"] == list(range(1, 10))


def test_two_players_put_30_unseen_cards_back_in_the_box_first():
    match = GAME.new_match(2)
    rng = random.Random(2)
    for count in range(30):
        assert match.to_move is CHANCE
        assert match.state.phase == "remove"
        outcomes = match.chance_outcomes()
        assert sum(p for _, p in outcomes) == 1
        assert all(str(move).startswith("remove ") for move, _ in outcomes)
        match.play_chance(rng)
        assert match.view(None)["position"]["box_size"] == count + 1
    assert match.state.phase == "deal"
    for entry in match.log:
        assert entry.secret is not None
        assert entry.secret.seen_by == frozenset()
        assert entry.secret.shown_as == "a card goes back to the box unseen"
    assert match.view(0)["position"]["deck_size"] == 71


@pytest.mark.parametrize("players", [3, 4])
def test_three_or_four_players_remove_nothing(players):
    match = GAME.new_match(players)
    assert match.state.phase == "deal"
    assert str(match.chance_outcomes()[0][0]).startswith("deal ")


def test_the_first_draw_follows_the_copies_in_the_deck():
    match = GAME.new_match(3)
    chances = {str(move): p for move, p in match.chance_outcomes()}
    assert len(chances) == len(CARDS)
    assert chances["deal r3"] == Fraction(2, 101)
    assert chances["deal r0"] == Fraction(1, 101)
    assert chances["deal g-end"] == Fraction(2, 101)
    assert chances["deal p7"] == Fraction(1, 101)


def test_eight_cards_are_dealt_to_each_player_one_at_a_time_seen_only_by_the_receiver():
    match = GAME.new_match(3)
    rng = random.Random(4)
    for index in range(24):
        receiver = index % 3
        assert match.to_move is CHANCE
        move = match.play_chance(rng)
        entry = match.log[-1]
        assert entry.secret.seen_by == frozenset({receiver})
        assert match.view(receiver)["log"][-1]["move"] == str(move)
        other = (receiver + 1) % 3
        assert match.view(other)["log"][-1]["move"] == f"seat {receiver} is dealt a card"
    assert [len(hand(match, seat)) for seat in range(3)] == [8, 8, 8]
    assert match.to_move == 0
    assert match.state.phase == "play"
    assert match.view(1)["position"]["deck_size"] == 101 - 24


def test_a_forced_deal_lands_in_the_receivers_hand():
    match = GAME.new_match(4)
    match.play("deal r5")
    match.play("deal p0")
    assert hand(match, 0) == ["r5"]
    assert hand(match, 1) == ["p0"]


def test_a_card_cannot_be_dealt_more_often_than_it_exists():
    match = GAME.new_match(4)
    match.play("deal r0")
    before = match.to_json()
    with pytest.raises(IllegalMove, match="no r0 is left"):
        match.play("deal r0")
    assert match.to_json() == before


def test_removal_and_deal_are_different_chance_events():
    match = GAME.new_match(2)
    with pytest.raises(IllegalMove, match="remove <card>"):
        match.play("deal r5")
    match4 = GAME.new_match(4)
    with pytest.raises(IllegalMove, match="deal <card>"):
        match4.play("remove r5")


def test_seats_cannot_play_chance_outcomes():
    match = GAME.new_match(3)
    for _ in range(24):
        match.play_chance(random.Random(1))
    with pytest.raises(IllegalMove, match="chance outcome"):
        match.play("deal r5")
