"""The worked examples of the rulebook, replayed move by move with forced dice."""

from .helpers import dice_phase, seat_dice, table, turn


def test_susanna_5_5_5_may_take_any_card_it_pays_for():
    """Rulebook: 5-5-5 pays for the Farmer, the Craftsman or the Guard; she takes the Guard.

    By the card list the same result also pays for the Maid (every die odd) and a Jester
    (any result): the example names three of the choices, not all.
    """
    m = dice_phase(aside=[5, 5, 5])
    buys = {str(x) for x in m.legal_moves() if str(x).startswith("buy")}
    assert buys == {"buy farmer", "buy craftsman", "buy guard", "buy maid", "buy jester"}
    m.play("buy guard")
    assert m.position()["players"][0]["cards"] == ["guard"]


def test_susanna_craftsman_guard_astronomer_turn_buys_the_hunter():
    m = table(cards={0: ["craftsman", "guard", "astronomer"]})
    turn(m, "roll", "dice 6 5 2")  # first roll
    turn(m, "keep 2", "use craftsman")  # keeps the 2, adds a 1
    assert seat_dice(m) == ([6, 5, 1], [2])
    turn(m, "roll", "dice 5 3 3")  # second roll
    turn(m, "use guard", "keep 2")  # the Guard's 2, set aside at once
    turn(m, "roll", "dice 6 5 4")  # third roll
    turn(m, "use astronomer 4>2", "keep 2")
    turn(m, "roll", "dice 3 2")  # fourth roll
    turn(m, "keep 2", "roll", "dice 4")  # fifth roll: the last die must be kept
    m.play("keep 4")
    assert seat_dice(m) == ([], [4, 2, 2, 2, 2])
    assert "buy hunter" in map(str, m.legal_moves())
    m.play("buy hunter")
    assert m.position()["players"][0]["cards"] == ["craftsman", "guard", "hunter", "astronomer"]


def test_frank_philosopher_turns_5_3_1_into_3_3_3():
    m = table(cards={0: ["philosopher"]})
    turn(m, "roll", "dice 5 3 1", "use philosopher 5>3 1>3")
    assert seat_dice(m) == ([3, 3, 3], [])


def test_uwe_alchemist_turns_2_5_5_into_4_4_4():
    m = table(cards={0: ["alchemist"]})
    turn(m, "roll", "dice 5 5 2", "use alchemist 5>4 5>4 2>4")
    assert seat_dice(m) == ([4, 4, 4], [])


def test_uwe_alchemist_turns_6_2_1_into_3_3_3():
    m = table(cards={0: ["alchemist"]})
    turn(m, "roll", "dice 6 2 1", "use alchemist 6>3 2>3 1>3")
    assert seat_dice(m) == ([3, 3, 3], [])


def test_bsw_farmer_craftsman_nobleman_astronomer_turn_takes_the_knight():
    m = table(cards={0: ["farmer", "craftsman", "nobleman", "astronomer"]})
    turn(m, "roll", "dice 6 3 3 1")  # four dice thanks to the Farmer
    turn(m, "use craftsman", "use nobleman 1>3 1>3")
    assert seat_dice(m) == ([6, 3, 3, 3, 3], [])
    turn(m, "keep 3 3 3 3", "use astronomer 6>3", "keep 3")
    assert seat_dice(m) == ([], [3, 3, 3, 3, 3])
    m.play("buy knight")
    assert "knight" in m.position()["players"][0]["cards"]
