"""The turn: rolling, setting aside, ending the dice phase and taking one card."""

import pytest

from ludoteca.engine import CHANCE, IllegalMove
from ludoteca.games.krone import GAME

from .helpers import dice_phase, seat_dice, table, turn


def refused(match, move, fragment):
    before = match.to_json()
    with pytest.raises(IllegalMove, match=fragment):
        match.play(move)
    assert match.to_json() == before


def test_the_turn_starts_with_the_mandatory_roll_of_three_dice():
    m = GAME.new_match(3)
    assert m.to_move == 0
    assert [str(x) for x in m.legal_moves()] == ["roll"]
    refused(m, "keep 3", "starts by rolling")
    refused(m, "end", "starts by rolling")
    m.play("roll")
    assert m.to_move is CHANCE
    assert m.state.rolling == 3


@pytest.mark.parametrize(
    ("cards", "dice"),
    [
        ([], 3),
        (["farmer"], 4),
        (["charlatan"], 4),
        (["charlatan", "charlatan", "jester"], 5),
        (["general"], 5),
        (["farmer", "general", "charlatan", "charlatan"], 8),
    ],
)
def test_dice_at_turn_start(cards, dice):
    m = table(cards={0: cards})
    m.play("roll")
    assert m.state.rolling == dice


def test_turn_dice_never_exceed_the_twelve_of_the_box():
    from ludoteca.games.krone.state import Holding

    assert Holding({"farmer", "general"}, 0, 9).turn_dice() == 12


def test_after_each_roll_at_least_one_die_is_set_aside():
    m = turn(GAME.new_match(2), "roll", "dice 6 5 2")
    refused(m, "roll", "set aside at least one")
    m.play("keep 2")
    m.play("roll")
    assert m.state.rolling == 2  # only the active dice are rolled
    m.play("dice 4 4")
    refused(m, "roll", "set aside at least one")


def test_several_dice_may_be_set_aside_at_once_and_only_active_ones():
    m = turn(GAME.new_match(2), "roll", "dice 6 5 5")
    refused(m, "keep 5 5 5", "active 5")
    refused(m, "keep 4", "active 4")
    m.play("keep 5 5")
    assert seat_dice(m) == ([6], [5, 5])


def test_the_dice_phase_ends_only_without_active_dice():
    m = dice_phase(active=[6], aside=[2, 2])
    refused(m, "end", "active dice are left")
    refused(m, "buy farmer", "active dice are left")
    m.play("keep 6")
    assert "end" in map(str, m.legal_moves())
    assert "roll" not in map(str, m.legal_moves())
    refused(m, "roll", "no active dice")


def test_cards_and_setting_aside_in_any_order_between_rolls():
    m = dice_phase(cards={0: ["guard", "maid"]}, active=[6, 5, 3], kept=False)
    turn(m, "keep 6", "use guard", "use maid 3>5", "keep 5 5", "roll")
    assert m.state.rolling == 1


def test_one_card_at_most_is_taken_and_buying_is_optional():
    m = dice_phase(aside=[5, 5, 5])
    m.play("buy guard")
    assert m.to_move == 1  # the turn is over
    assert m.position()["players"][0]["cards"] == ["guard"]
    m = dice_phase(aside=[5, 5, 5])
    m.play("end")
    assert m.to_move == 1
    assert m.position()["players"][0]["cards"] == []


def test_a_card_is_taken_only_once_and_only_while_in_the_display():
    m = dice_phase(players=2, cards={0: ["guard"], 1: ["hunter"]}, aside=[3, 3, 3, 3])
    refused(m, "buy guard", "already hold")
    refused(m, "buy hunter", "no Hunter is left")  # two players: one Hunter
    assert "buy hunter" not in map(str, m.legal_moves())


def test_a_result_that_does_not_pay_is_refused_with_the_cost():
    m = dice_phase(aside=[1, 2, 3])
    refused(m, "buy guard", "three of a kind")


def test_jester_then_charlatan_then_jester_again():
    m = dice_phase(players=2, aside=[1, 2, 4])
    m.play("buy jester")
    assert m.position()["players"][0]["jesters"] == 1
    m = dice_phase(players=2, cards={0: ["jester"]}, aside=[1, 2, 4])
    refused(m, "buy jester", "hold a Jester")
    m.play("buy charlatan")  # the Jester is flipped: no new card from the display
    assert m.position()["players"][0] == {"cards": [], "jesters": 0, "charlatans": 1}
    assert m.position()["display"]["jester"] == 1
    m = dice_phase(players=2, cards={0: ["charlatan"]}, aside=[1, 2, 4, 4])
    assert {"buy jester"} <= set(map(str, m.legal_moves()))
    refused(m, "buy charlatan", "hold none")


def test_jesters_are_as_many_as_players():
    for players in range(2, 6):
        assert GAME.new_match(players).position()["display"]["jester"] == players


def test_used_cards_are_shown_and_forgotten_at_the_next_turn():
    m = dice_phase(players=2, cards={0: ["guard"]}, active=[6], aside=[1, 1])
    m.play("use guard")
    assert m.position()["turn"]["used"] == ["guard"]
    turn(m, "keep 6 2", "end")
    assert m.position()["turn"]["used"] == []
