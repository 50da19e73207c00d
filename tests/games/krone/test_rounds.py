"""Round order, the King, the final round and the ranking."""

import pytest

from ludoteca.engine import IllegalMove
from ludoteca.games.krone import GAME

from .helpers import table, turn, whole_turn


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_start_player_passes_to_the_right_each_round(players):
    m = GAME.new_match(players)
    seats = [whole_turn(m) for _ in range(players * 3)]
    n = players
    expected = []
    start = 0
    for _ in range(3):
        expected += [(start + i) % n for i in range(n)]
        start = (start - 1) % n  # the player on the start player's right
    assert seats == expected
    # the last player of a round opens the next one: two turns in a row
    assert seats[n - 1] == seats[n]
    assert m.position()["round"] == 4


def test_four_players_order_over_three_rounds():
    m = GAME.new_match(4)
    assert [whole_turn(m) for _ in range(12)] == [0, 1, 2, 3, 3, 0, 1, 2, 2, 3, 0, 1]


def king_table(buyer_turn=1, dorit_brings="craftsman"):
    """André 0, Bettina 1, Carsten 2, Dorit 3; André started the round (the seed's example).

    Bettina rolls 6 dice and holds the Guard (a 2) and the Pawnbroker (a 4); Carsten rolls
    7 and holds the Hunter (a 3); Dorit rolls 7 and brings in one more die.
    """
    cards = {
        0: [],
        1: ["farmer", "charlatan", "charlatan", "guard", "pawnbroker"],
        2: ["general", "farmer", "charlatan", "hunter"],
        3: ["general", "farmer", "charlatan", dorit_brings],
    }
    return table(4, seat=0, cards=cards, turn_in_round=buyer_turn)


def buy_king(m):
    """Bettina: six 2s and the Guard's 2 make seven 2s."""
    turn(m, "roll", "dice 2 2 2 2 2 2", "use guard", "keep 2 2 2 2 2 2 2", "buy king")


def final_turn(m, face, *cards):
    """Roll every die showing ``face``, use ``cards`` (bring-ins), keep all, end."""
    m.play("roll")
    dice = [face] * m.state.rolling
    m.play("dice " + " ".join(map(str, dice)))
    for card in cards:
        m.play(f"use {card}")
    kept = m.position()["turn"]["active"]
    m.play("keep " + " ".join(map(str, kept)))
    m.play("end")


def test_the_seeds_final_round_example():
    m = king_table()
    buy_king(m)
    assert m.position()["king"] == {"buyer": 1, "bid": [7, 2]}
    # the round is played to its end: Carsten and Dorit
    assert whole_turn(m) == 2
    assert whole_turn(m) == 3
    final = m.position()["final_round"]
    assert final["order"] == [3, 0, 2, 1]  # from the next start player; the Queen last
    final_turn(m, 1, "craftsman")  # Dorit: eight 1s beat seven 2s
    assert m.state.king_holder() == 3
    assert [str(x) for x in m.legal_moves()] == ["roll", "pass"]
    m.play("pass")  # André cannot beat eight 1s
    final_turn(m, 3, "hunter")  # Carsten: eight 3s
    assert m.state.king_holder() == 2
    final_turn(m, 4, "queen 4", "pawnbroker")  # Bettina: eight 4s
    assert m.is_over
    result = m.result()
    assert result.winners == (1,)
    assert result.ranking == ((1,), (2,), (3,), (0,))
    assert result.details["final_round"] == ["pass", [8, 4], [8, 3], [8, 1]]


def test_the_queen_wins_by_matching_the_standing_best():
    m = king_table(dorit_brings="pawnbroker")
    buy_king(m)
    whole_turn(m)
    whole_turn(m)
    final_turn(m, 4, "pawnbroker")  # Dorit: eight 4s
    m.play("pass")
    m.play("pass")
    final_turn(m, 4, "queen 4", "pawnbroker")  # Bettina: eight 4s as well
    assert m.result().ranking == ((1,), (3,), (0,), (2,))


def test_the_king_holder_wins_when_the_queen_falls_short():
    m = king_table()
    buy_king(m)
    whole_turn(m)
    whole_turn(m)
    final_turn(m, 1, "craftsman")
    m.play("pass")
    final_turn(m, 3, "hunter")
    final_turn(m, 6, "queen 6")  # seven 6s do not reach eight 3s
    assert m.result().ranking == ((2,), (3,), (1,), (0,))
    assert m.state.king_holder() == 2


def test_an_equal_result_does_not_take_the_king_from_who_reached_it_first():
    m = king_table()
    buy_king(m)
    whole_turn(m)
    whole_turn(m)
    final_turn(m, 5)  # Dorit: seven 5s beat seven 2s
    final_turn(m, 5)  # André: three 5s
    final_turn(m, 5)  # Carsten: seven 5s, equal but later
    assert m.state.king_holder() == 3
    final_turn(m, 1)  # Bettina: six 1s; her bid of seven 2s ranks her
    assert m.result().ranking == ((3,), (2,), (1,), (0,))


def test_the_kings_bid_stands_when_nobody_beats_it():
    m = king_table()
    buy_king(m)
    whole_turn(m)
    whole_turn(m)
    final_turn(m, 1)  # Dorit: seven 1s do not beat seven 2s
    m.play("pass")
    m.play("pass")
    m.play("pass")  # even the Queen may decline to roll
    # passers rank last, in final-round order
    assert m.result().ranking == ((1,), (3,), (0,), (2,))


def test_no_card_is_taken_in_the_final_round_nor_the_king_twice():
    m = king_table()
    buy_king(m)
    turn(m, "roll", "dice 2 2 2 2 2 2 2", "keep 2 2 2 2 2 2 2")
    with pytest.raises(IllegalMove, match="no King is left"):
        m.play("buy king")  # the rest of the King's round
    m.play("end")
    whole_turn(m)
    m.play("roll")
    with pytest.raises(IllegalMove, match="pass"):
        m.play("pass")  # only before the first roll
    turn(m, "dice 4 4 4 4 4 4 4", "keep 4 4 4 4 4 4 4")
    with pytest.raises(IllegalMove, match="final round"):
        m.play("buy guard")
    assert "buy" not in " ".join(map(str, m.legal_moves()))


def test_king_bought_by_the_last_player_of_the_round_starts_the_final_round_at_once():
    m = king_table(buyer_turn=3)  # Dorit is last in André's round
    turn(m, "roll", "dice 2 2 2 2 2 2 2", "keep 2 2 2 2 2 2 2", "buy king")
    final = m.position()["final_round"]
    assert final["order"] == [0, 1, 2, 3]  # Dorit would start next, but plays last
    assert m.to_move == 0


def test_the_king_can_be_declined_for_another_card():
    m = king_table()
    turn(m, "roll", "dice 2 2 2 2 2 2", "use guard", "keep 2 2 2 2 2 2 2", "buy hunter")
    assert m.position()["king"] is None
    assert m.position()["display"]["king"] == 1
