"""Every card ability: each legal use, and the illegal ones, which change nothing."""

import pytest

from ludoteca.engine import CHANCE, IllegalMove

from .helpers import dice_phase, seat_dice, table, turn


def refused(match, move, fragment):
    before = match.to_json()
    with pytest.raises(IllegalMove, match=fragment):
        match.play(move)
    assert match.to_json() == before


# -- re-rolls ---------------------------------------------------------------------------


def test_jester_rerolls_one_active_die():
    m = dice_phase(cards={0: ["jester"]}, active=[6, 5], aside=[2])
    m.play("use jester 5")
    assert m.to_move is CHANCE
    assert m.state.rolling == 1
    m.play("dice 1")
    assert seat_dice(m) == ([6, 1], [2])


def test_jester_illegal_uses():
    m = dice_phase(cards={0: ["jester"]}, active=[6, 5], aside=[2])
    refused(m, "use jester 6 5", "exactly one")
    refused(m, "use jester 2", "dice set aside never change")
    turn(m, "use jester 6", "dice 3")
    refused(m, "use jester 3", "once a turn")


def test_a_jester_turned_charlatan_rerolls_nothing():
    m = dice_phase(cards={0: ["charlatan"]}, active=[6, 5], aside=[2, 2])
    refused(m, "use jester 6", "Charlatan")


def test_merchant_rerolls_any_number_and_the_others_stay_active():
    m = dice_phase(cards={0: ["merchant"]}, active=[6, 5, 5, 1], aside=[3])
    m.play("use merchant 5 1")
    assert m.state.rolling == 2
    m.play("dice 4 4")
    assert seat_dice(m) == ([6, 5, 4, 4], [3])
    # a card re-roll is no roll of the turn: the set-aside rule does not start anew
    assert m.position()["turn"]["kept_since_roll"] is True


def test_merchant_needs_at_least_one_active_die():
    from ludoteca.games.krone.moves import Reroll

    m = dice_phase(cards={0: ["merchant"]}, active=[6, 5], aside=[1])
    refused(m, Reroll("merchant", ()), "dice you name")
    refused(m, "use merchant 6 6", "active 6")


# -- bring-in cards -----------------------------------------------------------------------

BRING_IN = [("craftsman", 1), ("guard", 2), ("hunter", 3), ("pawnbroker", 4), ("knight", 5),
            ("bishop", 6)]  # fmt: skip


@pytest.mark.parametrize(("card", "face"), BRING_IN)
def test_bring_in_adds_an_active_die(card, face):
    m = dice_phase(cards={0: [card]}, active=[6], aside=[3, 1])
    m.play(f"use {card}")
    active, aside = seat_dice(m)
    assert sorted(active) == sorted([6, face])
    assert aside == [3, 1]


@pytest.mark.parametrize(("card", "face"), BRING_IN)
def test_bring_in_shows_only_its_own_value(card, face):
    from ludoteca.games.krone.moves import BringIn

    m = dice_phase(cards={0: [card]}, active=[6], aside=[2, 2])
    refused(m, BringIn(card, 7 - face if 7 - face != face else 1), f"showing {face}")


def test_queen_brings_in_any_value():
    for face in range(1, 7):
        m = dice_phase(
            cards={0: ["king", "queen"]}, aside=[2, 2, 2], king={"buyer": 0, "bid": [7, 2]}
        )
        m.play(f"use queen {face}")
        assert seat_dice(m)[0] == [face]


def test_no_die_is_brought_in_past_the_twelve_dice_of_the_box():
    # Eleven dice rolled: the Farmer, the General and five Charlatans (five players).
    cards = {0: ["guard", "craftsman", "farmer", "general"]}
    m = dice_phase(players=5, cards=cards, active=[6], aside=[5] * 10)
    m.play("use guard")  # the 12th die
    refused(m, "use craftsman", "12 dice")
    assert "use craftsman" not in map(str, m.legal_moves())


def test_bring_in_die_can_be_set_aside_without_rolling():
    m = dice_phase(cards={0: ["guard"]}, active=[5, 3, 3], aside=[2], kept=False)
    turn(m, "use guard", "keep 2", "roll")
    assert m.state.rolling == 3


# -- cards that change dice -------------------------------------------------------------


def test_maid_adds_one_two_or_three():
    for to in (5, 6):
        m = dice_phase(cards={0: ["maid"]}, active=[3, 4], aside=[1])
        m.play(f"use maid 3>{to}")
        assert sorted(seat_dice(m)[0]) == sorted([4, to])
    m = dice_phase(cards={0: ["maid"]}, active=[2, 4], aside=[1])
    refused(m, "use maid 2>6", r"\+1, \+2 or \+3")
    refused(m, "use maid 4>3", r"\+1, \+2 or \+3")
    refused(m, "use maid 2>3 4>5", "one change")
    assert {str(x) for x in m.legal_moves() if "maid" in str(x)} == {
        "use maid 4>5", "use maid 4>6", "use maid 2>3", "use maid 2>4", "use maid 2>5"
    }  # fmt: skip


def test_philosopher_moves_pips_between_two_dice():
    m = dice_phase(cards={0: ["philosopher"]}, active=[6, 2], aside=[1])
    m.play("use philosopher 6>5 2>3")
    assert sorted(seat_dice(m)[0]) == [3, 5]
    m = dice_phase(cards={0: ["philosopher"]}, active=[6, 2, 1])
    refused(m, "use philosopher 6>5 2>4", "keeping their total")
    refused(m, "use philosopher 6>3 2>3 1>3", "2 dice")
    refused(m, "use philosopher 6>2 2>6", "changes no die")


def test_astronomer_copies_a_set_aside_value():
    m = dice_phase(cards={0: ["astronomer"]}, active=[1], aside=[3, 3])
    m.play("use astronomer 1>3")
    assert seat_dice(m) == ([3], [3, 3])
    m = dice_phase(cards={0: ["astronomer"]}, active=[1, 6], aside=[3])
    refused(m, "use astronomer 1>6", "set aside no 6")
    assert [str(x) for x in m.legal_moves() if "astronomer" in str(x)] == [
        "use astronomer 6>3", "use astronomer 1>3"
    ]  # fmt: skip
    m = dice_phase(cards={0: ["astronomer"]}, active=[1, 2, 5], aside=[])
    assert not [x for x in m.legal_moves() if "astronomer" in str(x)]


def test_sorcerer_sets_any_value():
    m = dice_phase(cards={0: ["sorcerer"]}, active=[1, 2], aside=[4])
    m.play("use sorcerer 1>6")
    assert sorted(seat_dice(m)[0]) == [2, 6]
    m = dice_phase(cards={0: ["sorcerer"]}, active=[1, 2], aside=[4])
    refused(m, "use sorcerer 1>1", "changes no die")
    refused(m, "use sorcerer 1>5 2>5", "one change")


@pytest.mark.parametrize(("card", "step"), [("lady", 1), ("nobleman", 2)])
def test_lady_and_nobleman_raise_any_number_of_dice(card, step):
    m = dice_phase(cards={0: [card]}, active=[1, 1, 3, 4])
    m.play(f"use {card} 1>{1 + step} 1>{1 + step} 3>{3 + step}")
    assert sorted(seat_dice(m)[0]) == sorted([1 + step, 1 + step, 3 + step, 4])
    m = dice_phase(cards={0: [card]}, active=[1, 5, 6])
    refused(m, f"use {card} 1>{1 + step + 1}", "none above 6")
    from ludoteca.games.krone.moves import Change

    refused(m, Change(card, (), ()), "changes no die")
    legal = [str(x) for x in m.legal_moves() if card in str(x)]
    assert all("6>" not in x for x in legal)  # a 6 can never go higher
    if card == "nobleman":
        assert legal == ["use nobleman 1>3"]  # 5 would pass 6


def test_alchemist_reshapes_two_or_three_dice_with_the_same_total():
    m = dice_phase(cards={0: ["alchemist"]}, active=[6, 2, 1, 5])
    m.play("use alchemist 6>3 2>3 1>3")
    assert sorted(seat_dice(m)[0]) == [3, 3, 3, 5]
    m = dice_phase(cards={0: ["alchemist"]}, active=[6, 2, 1, 5])
    m.play("use alchemist 6>4 2>4")  # like a Philosopher
    assert sorted(seat_dice(m)[0]) == [1, 4, 4, 5]
    m = dice_phase(cards={0: ["alchemist"]}, active=[6, 2, 1, 5])
    refused(m, "use alchemist 6>2 2>6", "changes no die")  # a swap leaves the same dice
    refused(m, "use alchemist 6>4 5>4 2>3 1>3", "2 or 3 dice")
    refused(m, "use alchemist 6>3 2>3 1>4", "total")


def test_a_die_that_keeps_its_value_is_left_out_of_the_notation():
    m = dice_phase(cards={0: ["alchemist"]}, active=[6, 3, 1])
    assert str(m.play("use alchemist 6>4 3>3 1>3")) == "use alchemist 6>4 1>3"


# -- when cards may be used ---------------------------------------------------------------


def test_no_card_before_the_initial_roll():
    m = table(cards={0: ["guard", "jester"]})
    refused(m, "use guard", "starts by rolling")
    assert [str(x) for x in m.legal_moves()] == ["roll"]


def test_each_card_once_per_turn_and_again_next_turn():
    m = dice_phase(players=2, cards={0: ["guard"]}, active=[6], aside=[1, 1])
    m.play("use guard")
    refused(m, "use guard", "once a turn")
    turn(m, "keep 6 2", "end")  # seat 1 plays
    turn(m, "roll", "dice 1 1 1", "keep 1 1 1", "end")
    turn(m, "roll", "dice 1 1 1", "keep 1 1 1", "end")  # seat 1 again: round 2 starts
    turn(m, "roll", "dice 4 4 4")  # seat 0, a new turn
    m.play("use guard")


def test_a_card_not_held_cannot_be_used():
    m = dice_phase(cards={0: ["guard"]}, active=[6], aside=[1, 1])
    refused(m, "use hunter", "do not hold the Hunter")
    refused(m, "use farmer", "no ability to use")  # a passive card


def test_values_outside_one_to_six_are_refused():
    from ludoteca.games.krone.moves import BringIn, Change, Dice, Keep, Reroll

    m = dice_phase(cards={0: ["jester", "sorcerer", "king", "queen"]}, active=[6, 5], aside=[1],
                   king={"buyer": 0, "bid": [7, 2]})  # fmt: skip
    refused(m, Keep((0,)), "1 to 6, not 0")
    refused(m, Keep((7,)), "1 to 6, not 7")
    refused(m, Reroll("jester", (9,)), "1 to 6, not 9")
    refused(m, BringIn("queen", 7), "1 to 6, not 7")
    refused(m, Change("sorcerer", (6,), (8,)), "every die shows 1 to 6")
    refused(m, Change("sorcerer", (0,), (6,)), "every die shows 1 to 6")
    m.play("use jester 6")
    refused(m, Dice((7,)), "faces 1 to 6")


def test_a_card_does_only_what_its_ability_says():
    from ludoteca.games.krone.moves import BringIn, Change, Reroll

    m = dice_phase(cards={0: ["general", "guard", "maid"]}, active=[6, 5], aside=[1, 1, 1])
    refused(m, BringIn("general", 2), "General cannot do that")
    refused(m, Reroll("guard", (6,)), "Guard cannot do that")
    refused(m, Change("guard", (5,), (6,)), "Guard cannot do that")
    refused(m, BringIn("maid", 2), "Maid cannot do that")
