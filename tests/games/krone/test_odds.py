"""The odds advisor: hand-computed chances, a Monte-Carlo check, and its limits."""

import dataclasses
import random
from fractions import Fraction
from functools import cache

import pytest

from ludoteca.engine import CHANCE
from ludoteca.games.krone.abilities import sub_multisets
from ludoteca.games.krone.components import BY_ID
from ludoteca.games.krone.dice import FACES, NO_DICE, counts_of, minus, one, plus, roll_outcomes
from ludoteca.games.krone.goals import CARD_GOALS, beat_goal, best_of, card_goal
from ludoteca.games.krone.odds import (
    Solver,
    TooLarge,
    Turn,
    Work,
    _aged,
    advice,
    best_move,
    card_odds,
    chance,
    forget,
    move_values,
    move_values_held,
    solver,
    to_json,
    turn_cards,
)

from .helpers import dice_phase, table


def fresh(card, dice=3, cards=()):
    return Solver(card_goal(card)).roll(NO_DICE, dice, frozenset(cards))


def test_a_pair_with_three_fresh_dice_and_no_cards():
    # 4/9 at once; else keep one die and roll two (4/9), else keep one more and roll the
    # last (1/3): 4/9 + 5/9 * (4/9 + 5/9 * 1/3) = 193/243.
    assert fresh("farmer") == pytest.approx(float(Fraction(193, 243)), abs=1e-12)


def test_three_of_a_kind_with_three_fresh_dice():
    # Roll three: a triple 1/36. A pair (15/36): keep it, 1/6 for the third. All
    # distinct (20/36): keep one, roll two — both match it 1/36; one matches (10/36), keep
    # it, 1/6 for the last; otherwise no triple can be made any more.
    one_kept = Fraction(1, 36) + Fraction(10, 36) * Fraction(1, 6)
    expected = Fraction(1, 36) + Fraction(15, 36) * Fraction(1, 6) + Fraction(20, 36) * one_kept
    assert expected == Fraction(1076, 7776)
    assert fresh("guard") == pytest.approx(float(expected), abs=1e-12)


def test_every_die_odd_is_an_even_chance_whatever_the_dice():
    # Keep the odd dice each roll: by induction the chance stays 1/2.
    for dice in (1, 2, 3, 5):
        assert fresh("maid", dice) == pytest.approx(0.5)


def test_the_cost_the_dice_cannot_reach_has_no_chance():
    assert fresh("hunter", 3) == 0.0  # four of a kind with three dice and no card
    assert fresh("king", 6) == 0.0


def test_a_guard_adds_a_die_and_the_chance_of_four_of_a_kind():
    assert fresh("hunter", 3) == 0.0
    assert fresh("hunter", 3, ["guard"]) > 0.0


def test_any_result_is_certain():
    assert fresh("jester") == 1.0


def test_a_result_already_set_aside_keeps_its_card():
    m = dice_phase(active=[5, 1], aside=[6, 6, 6])
    assert chance(m.state, card_goal("guard")).chance == 1.0
    _move, found = best_move(m.state, card_goal("guard"))
    assert found.chance == 1.0


def test_each_move_is_valued_as_the_best_move_weighs_it():
    state = dice_phase(cards={0: ["guard", "sorcerer"]}, active=[6, 6, 5, 2, 1]).state
    goal = card_goal("hunter")  # four of a kind
    moves = state.legal_moves()
    values, left_out = move_values(state, goal, moves)
    assert not left_out
    move, found = best_move(state, goal)
    assert found.chance == max(values) == values[moves.index(move)]
    assert min(values) < max(values)  # setting aside the 1 and 2 is worse than the 6s
    with pytest.raises(ValueError, match="between rolls"):
        move_values(table(players=2).state, goal, [])


def test_the_advisor_lists_only_cards_the_seat_may_still_take():
    m = table(players=2, cards={0: ["farmer", "jester"]})
    odds = card_odds(m.state)
    assert "farmer" not in odds
    assert "jester" not in odds
    assert "charlatan" in odds  # a Jester held may be flipped
    assert "queen" not in odds  # she comes with the King
    assert odds["general"].chance == 0.0  # six of a kind with four dice: never


def test_cards_in_hand_raise_the_odds():
    plain = table(players=2, cards={})
    helped = table(players=2, cards={0: ["sorcerer", "jester"]})
    for card in ("farmer", "guard", "craftsman"):
        assert (
            chance(helped.state, card_goal(card)).chance
            > chance(plain.state, card_goal(card)).chance
        )


def test_a_card_used_this_turn_no_longer_helps():
    # The Maid adds 2 to the 4 for three 6s (the Guard), unless she was used already.
    fresh_maid = dice_phase(cards={0: ["maid"]}, active=[6, 6, 4])
    used_maid = dice_phase(cards={0: ["maid"]}, active=[6, 6, 4], used=["maid"])
    guard = card_goal("guard")
    assert chance(fresh_maid.state, guard).chance == 1
    assert chance(used_maid.state, guard).chance < 1


def play_for(match, goal, rng):
    """Play the rest of the turn with the advisor's own best moves; True if goal met."""
    while match.to_move is not None:
        if match.to_move is CHANCE:
            match.play_chance(rng)
            continue
        state = match.state
        if state.phase == "dice" and not any(state.active):
            return goal.met(state.aside)
        match.play(best_move(state, goal)[0])
    raise AssertionError("the turn ended on its own")


@pytest.mark.parametrize(
    ("card", "cards", "aside", "active"),
    [
        ("guard", [], None, None),
        ("hunter", ["guard", "jester"], None, None),
        ("sorcerer", ["maid"], [], [5, 4, 2, 1]),
        ("pawnbroker", ["bishop", "farmer"], None, None),
    ],
)
def test_the_exact_chance_agrees_with_play(card, cards, aside, active):
    goal = card_goal(card)
    if aside is None:
        start = table(players=2, cards={0: cards})
    else:
        start = dice_phase(players=2, cards={0: cards}, aside=aside, active=active, kept=False)
    exact = chance(start.state, goal).chance
    rng = random.Random(7)
    runs = 400
    met = sum(play_for(start.copy(), goal, rng) for _ in range(runs))
    error = (exact * (1 - exact) / runs) ** 0.5
    assert abs(met / runs - exact) <= 4 * error + 1e-9


def test_too_large_a_question_leaves_abilities_out_and_says_so():
    m = table(players=2, cards={0: ["merchant", "guard", "jester"]})
    found = chance(m.state, card_goal("hunter"), budget=50)
    assert not found.exact
    assert "merchant" in found.left_out
    full = chance(m.state, card_goal("hunter"))
    assert found.chance <= full.chance + 1e-12  # a lower bound


def test_a_bot_in_a_hurry_hears_that_the_dice_alone_are_too_many():
    m = table(players=2, cards={0: ["general", "farmer"]})
    with pytest.raises(TooLarge):
        chance(m.state, card_goal("pawnbroker"), budget=5, dice_always=False)


def test_the_work_of_one_decision_is_bounded_across_its_goals(monkeypatch):
    from ludoteca.games.krone import odds

    monkeypatch.setattr(odds, "_MEMORIES", {})  # nothing worked out yet
    m = table(players=2, cards={0: ["general", "farmer", "guard"]})
    work = Work(2_000)
    with pytest.raises(TooLarge):
        chance(m.state, card_goal("king"), 0, False, frozenset(), work)
    assert work.left < 0
    # Once it is spent, any other goal of the same decision is refused at once.
    with pytest.raises(TooLarge):
        chance(m.state, card_goal("farmer"), 0, False, frozenset(), work)
    # Enough of it gives the exact figure, as without a bound.
    bounded = chance(m.state, card_goal("hunter"), work=Work(10**9))
    assert bounded == chance(m.state, card_goal("hunter"))


def test_goal_keys_decide_the_cost_for_any_dice_added():
    rng = random.Random(3)
    for goal in CARD_GOALS.values():
        for _ in range(200):
            a = (0, *(rng.randint(0, 3) for _ in range(6)))
            b = (0, *(rng.randint(0, 3) for _ in range(6)))
            extra = (0, *(rng.randint(0, 2) for _ in range(6)))
            if goal.key(a) == goal.key(b):
                plus_a = tuple(x + y for x, y in zip(a, extra, strict=False))
                plus_b = tuple(x + y for x, y in zip(b, extra, strict=False))
                assert goal.met(plus_a) == goal.met(plus_b), goal.name


def test_the_final_round_goal_beats_or_matches_the_standing_best():
    beat = beat_goal((7, 4), equal_wins=False)
    match = beat_goal((7, 4), equal_wins=True)
    seven_fours = (0, 0, 0, 0, 7, 0, 0)
    assert not beat.met(seven_fours)
    assert match.met(seven_fours)
    assert beat.met((0, 0, 0, 0, 0, 7, 0))
    assert beat.met((0, 8, 0, 0, 0, 0, 0))


def test_the_final_round_goal_says_what_each_face_needs_to_beat_the_best():
    rng = random.Random(4)
    for best in ((7, 4), (6, 6), (8, 1)):
        for equal_wins in (False, True):
            goal = beat_goal(best, equal_wins)
            for _ in range(300):
                counts = (0, *(rng.randint(0, 9) for _ in range(6)))
                by_needs = any(counts[f] >= goal.needs[f] for f in range(1, 7))
                assert goal.met(counts) == by_needs, (best, equal_wins, counts)
    with pytest.raises(ValueError, match="treats faces apart"):
        dataclasses.replace(CARD_GOALS["guard"], needs=(0, 3, 3, 3, 3, 3, 3))


@pytest.mark.parametrize("seed", range(6))
def test_leaving_dead_faces_out_changes_no_final_round_chance(seed):
    """The final round's goal forgets a face that can no longer reach what beating needs
    (and gives up where none can): every chance stays what the whole key gives, in
    fewer positions."""
    rng = random.Random(seed)
    abilities = ["guard", "hunter", "queen", "maid", "lady", "sorcerer", "astronomer",
                 "jester", "philosopher"]  # fmt: skip
    for _ in range(4):
        cards = frozenset(rng.sample(abilities, rng.randint(0, 2)))
        dice = rng.randint(3, 4)
        best = (rng.randint(dice - 1, dice + 1), rng.randint(1, 6))
        pruned = beat_goal(best, equal_wins=rng.random() < 0.3)
        whole = dataclasses.replace(pruned, needs=None, name=f"{pruned.name}, whole key")
        quick, slow = Solver(pruned), Solver(whole)
        assert quick.roll(NO_DICE, dice, cards) == pytest.approx(
            slow.roll(NO_DICE, dice, cards), abs=1e-12
        ), (sorted(cards), dice, best)
        aside = (0, *(rng.randint(0, 1) for _ in range(6)))
        active = (0, *(rng.randint(0, 1) for _ in range(6)))
        turn = Turn(aside, active, True, cards)
        assert quick.choose(turn) == pytest.approx(slow.choose(turn), abs=1e-12)
        assert len(quick._choices) <= len(slow._choices)
    assert len(quick._choices) + len(quick._rolls) < len(slow._choices) + len(slow._rolls)


@pytest.mark.parametrize("seed", range(6))
def test_a_narrow_final_round_plan_never_says_more_than_the_exact_one(seed):
    """A narrow plan (one face at a time) chooses among some of a player's moves, so its
    chance is a lower bound; without abilities it loses nothing, and it costs less work."""
    rng = random.Random(seed)
    abilities = ["guard", "queen", "maid", "lady", "nobleman", "sorcerer", "astronomer",
                 "jester", "philosopher", "merchant", "alchemist"]  # fmt: skip
    work, narrow_work = Work(10**9), Work(10**9)  # spent over every case
    for _ in range(6):
        cards = frozenset(rng.sample(abilities, rng.randint(0, 2)))
        dice = rng.randint(3, 5)
        best = (rng.randint(dice - 1, dice + 1), rng.randint(1, 6))
        equal_wins = rng.random() < 0.3
        exact = Solver(beat_goal(best, equal_wins), work=work)
        narrow = Solver(beat_goal(best, equal_wins, narrow=True), work=narrow_work)
        whole, lower = exact.roll(NO_DICE, dice, cards), narrow.roll(NO_DICE, dice, cards)
        assert lower <= whole + 1e-12, (sorted(cards), dice, best)
        if not cards:
            assert lower == pytest.approx(whole, abs=1e-12), (dice, best)
    assert 10**9 - narrow_work.left < 10**9 - work.left


def test_a_narrow_plan_collects_one_face_at_a_time():
    from ludoteca.games.krone.moves import Change, Keep, Reroll
    from ludoteca.games.krone.odds import narrow_use

    active = (0, 0, 1, 2, 2, 0, 1)  # 2 3 3 4 4 6
    assert narrow_use(Keep((4, 4)), active)
    assert narrow_use(Keep((4,)), active)
    assert not narrow_use(Keep((4, 3)), active)
    assert not narrow_use(Keep((3, 3, 2)), active)
    assert narrow_use(Reroll("merchant", (6, 3, 3, 2)), active)  # all but the 4s
    assert narrow_use(Reroll("merchant", (6, 4, 4, 3, 3, 2)), active)  # all
    assert not narrow_use(Reroll("merchant", (6, 2)), active)
    assert not narrow_use(Reroll("merchant", (6, 4, 3, 3, 2)), active)  # one 4 stays
    assert narrow_use(Reroll("jester", (2,)), active)
    assert narrow_use(Change("lady", (3, 3), (4, 4)), active)
    assert narrow_use(Change("nobleman", (2,), (4,)), active)
    assert not narrow_use(Change("lady", (3, 2), (4, 3)), active)
    assert narrow_use(Change("alchemist", (4, 2), (3, 3)), active)
    assert narrow_use(Change("alchemist", (6, 4, 2), (4, 4, 4)), active)
    assert not narrow_use(Change("alchemist", (6, 3, 3), (5, 5, 2)), active)
    assert narrow_use(Change("maid", (2,), (4,)), active)


def test_a_narrow_plan_is_remembered_apart_from_the_exact_one():
    """Their chances differ (a lower bound and the exact one): under one name a plan would
    read the other's positions."""
    from ludoteca.games.krone.odds import forget, solver

    narrow, exact = beat_goal((4, 2), True, narrow=True), beat_goal((4, 2), True)
    cards = frozenset({"philosopher"})
    forget()
    lower = solver(narrow).roll(NO_DICE, 4, cards)
    after_the_narrow_one = solver(exact).roll(NO_DICE, 4, cards)
    forget()
    fresh = solver(exact).roll(NO_DICE, 4, cards)
    assert after_the_narrow_one == fresh
    assert lower < fresh  # sharing pips between two faces' dice: 0.2514 against 0.2529
    forget()


def test_best_of_is_worth_its_best_card():
    goal = best_of({"guard": 10.0, "hunter": 14.0, "farmer": 20.0})
    assert goal.payoff((0, 0, 0, 0, 0, 0, 4)) == 20.0
    assert goal.payoff((*(0, 1, 2, 3, 4, 5, 6)[:1], 1, 0, 0, 0, 0, 0)) == 0.0
    with pytest.raises(ValueError, match="faces alike"):
        best_of({"craftsman": 5.0})


def test_advice_in_words_and_as_json():
    m = dice_phase(players=2, active=[6, 6, 2], kept=False)
    line = advice(m.state)
    assert "Guard 16.7%" in line
    assert "out of reach" in line
    data = to_json(m.state)
    assert data["cards"]["guard"]["chance"] == pytest.approx(1 / 6, abs=1e-6)
    assert data["final_round"] is None


def test_in_the_final_round_the_advice_is_the_chance_to_beat_the_best():
    m = table(
        players=2, seat=0,
        # Eight dice: three, the General's two, the Farmer's one, two Charlatans.
        cards={0: ["general", "farmer", "charlatan", "charlatan"], 1: ["king", "queen"]},
        king={"buyer": 1, "bid": [7, 2]},
        final_round={"order": [0, 1], "index": 0, "best": [7, 2], "results": [None, None]},
        turn={"phase": "dice", "active": [4, 4, 1], "aside": [4, 4, 4, 4, 4],
              "kept_since_roll": False, "used": []},
    )  # fmt: skip
    assert advice(m.state) == "chance to beat 7×2: 100.0%"
    data = to_json(m.state)
    assert data["cards"] == {}
    assert data["final_round"]["chance"] == 1.0


def test_each_owner_remembers_what_it_worked_out_and_no_other_does():
    # A budget counts only new positions: what one bot level worked out must not enlarge
    # another's bounded plan (greedy beside the search in one process).
    from ludoteca.games.krone import odds

    goal = card_goal("guard")
    odds.forget()
    with odds.memory("search"):
        whole = odds.solver(goal).roll(NO_DICE, 5, frozenset())
        assert odds.solver(goal, budget=1).roll(NO_DICE, 5, frozenset()) == whole
    with odds.memory("greedy"), pytest.raises(TooLarge):
        odds.solver(goal, budget=1).roll(NO_DICE, 5, frozenset())
    with pytest.raises(TooLarge):  # outside any owner's memory, neither
        odds.solver(goal, budget=1).roll(NO_DICE, 5, frozenset())
    odds.forget()  # every memory
    with odds.memory("search"), pytest.raises(TooLarge):
        odds.solver(goal, budget=1).roll(NO_DICE, 5, frozenset())


def _worked_out(card: str) -> int:
    """The positions a fresh plan of ``card``'s cost works out for five dice."""
    from ludoteca.games.krone import odds

    solver = odds.Solver(card_goal(card))
    solver.roll(NO_DICE, 5, frozenset())
    return len(solver._seen) + len(solver._rolls) + len(solver._choices) + len(solver._chosen)


def test_the_positions_remembered_in_all_memories_stay_within_bounds(monkeypatch):
    # Bounded together: one memory asking about a new goal makes the largest memory
    # forget its least recently asked goal.
    from ludoteca.games.krone import odds

    sizes = {card: _worked_out(card) for card in ("guard", "bishop", "knight")}
    monkeypatch.setattr(odds, "_MEMORIES", {})
    monkeypatch.setattr(odds, "_REMEMBERED_IN_ALL", sum(sizes.values()) - 1)
    with odds.memory("search"):
        odds.solver(card_goal("guard")).roll(NO_DICE, 5, frozenset())
        odds.solver(card_goal("bishop")).roll(NO_DICE, 5, frozenset())
    assert len(odds._MEMORIES["search"]) == 2
    with odds.memory("greedy"):
        odds.solver(card_goal("knight")).roll(NO_DICE, 5, frozenset())
        odds.solver(card_goal("knight"))  # the bound holds when a goal is asked
    assert list(odds._MEMORIES["search"]) == [card_goal("bishop").name]
    assert list(odds._MEMORIES["greedy"]) == [card_goal("knight").name]
    assert odds._positions() == sizes["bishop"] + sizes["knight"]


def test_a_memory_holding_only_the_goal_just_asked_makes_the_others_forget(monkeypatch):
    from ludoteca.games.krone import odds

    small, large = sorted(("guard", "knight"), key=_worked_out)
    monkeypatch.setattr(odds, "_MEMORIES", {})
    monkeypatch.setattr(odds, "_REMEMBERED_IN_ALL", _worked_out(small) + _worked_out(large) - 1)
    with odds.memory("greedy"):
        odds.solver(card_goal(small)).roll(NO_DICE, 5, frozenset())
    with odds.memory("search"):
        odds.solver(card_goal(large)).roll(NO_DICE, 5, frozenset())
        odds.solver(card_goal(large))  # over the bound now; the search's one goal stays
    assert list(odds._MEMORIES["search"]) == [card_goal(large).name]
    assert odds._MEMORIES["greedy"] == {}


def test_the_positions_remembered_for_all_goals_stay_within_bounds(monkeypatch):
    # A long run (a tournament, a day of the room's bots) asks about goal after goal; what
    # is remembered for them all together is bounded, the least recently asked forgotten.
    from ludoteca.games.krone import odds

    monkeypatch.setattr(odds, "_MEMORIES", {})
    monkeypatch.setattr(odds, "_REMEMBERED_IN_ALL", 2_000)
    goals = ["farmer", "guard", "bishop", "knight", "hunter"]
    for card in goals:
        odds.solver(card_goal(card)).roll(NO_DICE, 5, frozenset())
    remembered = list(odds._MEMORIES[""])
    assert remembered[-1] == card_goal("hunter").name
    assert len(remembered) < len(goals)
    odds.solver(card_goal("hunter"))  # asking again keeps it, the newest
    assert list(odds._MEMORIES[""])[-1] == card_goal("hunter").name


def test_a_process_keeps_its_odds_within_the_memory_it_is_given(monkeypatch):
    from ludoteca.games.krone import odds

    monkeypatch.setattr(odds, "_MEMORIES", {})
    monkeypatch.setattr(odds, "_REMEMBERED_IN_ALL", odds.REMEMBERED_AT_MOST)
    odds.remember_within(2_000 * odds.POSITION_BYTES + odds.POSITION_BYTES - 1)
    assert odds._REMEMBERED_IN_ALL == 2_000
    for card in ("farmer", "guard", "bishop", "knight", "hunter"):
        odds.solver(card_goal(card)).roll(NO_DICE, 5, frozenset())
        odds.solver(card_goal(card))  # the bound holds when a goal is asked
        assert odds._positions() <= max(2_000, _worked_out(card))
    # More memory than the bound needs changes nothing; none is no memory but the goal
    # being worked out; a negative size is refused.
    odds.remember_within(100 * odds.REMEMBERED_AT_MOST * odds.POSITION_BYTES)
    assert odds._REMEMBERED_IN_ALL == odds.REMEMBERED_AT_MOST
    odds.remember_within(0)
    assert odds._REMEMBERED_IN_ALL == 0
    with pytest.raises(ValueError, match="give 0 or more"):
        odds.remember_within(-1)
    assert odds._REMEMBERED_IN_ALL == 0


def test_a_card_held_back_is_usable_now_and_after_the_next_roll_only():
    cards = frozenset({"guard@2", "hunter@1", "maid"})
    assert _aged(cards) == frozenset({"guard@1", "maid"})
    assert _aged(_aged(cards)) == frozenset({"maid"})
    plain = frozenset({"guard", "maid"})
    assert _aged(plain) is plain  # nothing held back: the same set, at no cost


# Six dice after the first roll, the Craftsman's 1 and the Guard's 2 brought in, the
# Hunter (a 3) and the Pawnbroker (a 4) still to use, the King's goal: a position of
# the tuning seed 31's game 362 under the room's deadline.
HELD_BACK = {0: ["craftsman", "farmer", "guard", "hunter", "pawnbroker"],
             1: ["astronomer", "farmer", "general", "guard"]}  # fmt: skip


def test_holding_dice_cards_back_for_a_roll_lies_between_now_or_never_and_the_whole_plan():
    state = dice_phase(players=2, seat=0, cards=HELD_BACK, active=[5, 3, 3, 2, 2, 1],
                       kept=False, used=["craftsman", "guard"]).state  # fmt: skip
    goal = best_of({"king": 200.0, "knight": 16.0, "bishop": 16.0})
    hold = frozenset({"hunter", "pawnbroker"})
    assert turn_cards(state) == hold
    moves = state.legal_moves()
    never, _ = move_values(state, goal, moves, 0, True, hold)  # used now or never
    whole, left_out = move_values(state, goal, moves, 0, True)
    assert left_out == ()
    held = move_values_held(state, goal, moves, frozenset(), hold)
    for low, middle, high in zip(never, held, whole, strict=True):
        assert low - 1e-12 <= middle <= high + 1e-12
    # Used now or never, the Hunter's 3 looks best brought in at once; held back, and in
    # the whole plan, the 3s are set aside and the Hunter kept for the next roll.
    rows = zip(moves, never, held, whole, strict=True)
    by_move = {str(move): (low, middle, high) for move, low, middle, high in rows}
    assert by_move["use hunter"][0] > by_move["keep 3 3"][0]
    assert by_move["keep 3 3"][1] > by_move["use hunter"][1]
    assert by_move["keep 3 3"][2] > by_move["use hunter"][2]


# Cards that bring in a die, held plainly or back for one or two rolls ("@2", "@1").
_BRING_INS = ("guard", "hunter", "craftsman", "guard@2", "hunter@2", "pawnbroker@2",
              "craftsman@1", "knight@1")  # fmt: skip
_SMALL_GOALS = (
    best_of({"king": 200.0, "knight": 16.0, "guard": 12.0, "farmer": 20.0}),
    card_goal("hunter"),
    beat_goal((3, 4), equal_wins=False),
    beat_goal((4, 1), equal_wins=True),
)


def _by_hand(goal):
    """The rest of a turn for ``goal`` worked out plainly: every position remembered by
    all it is (no key made smaller), from the rules of a turn as the odds read them."""

    def aged(cards):
        kept = set()
        for card in cards:
            base, mark, left = card.partition("@")
            if not mark:
                kept.add(card)
            elif left == "2":
                kept.add(f"{base}@1")
        return frozenset(kept)

    @cache
    def choose(aside, active, kept, cards):
        found = goal.payoff(aside) if not any(active) else 0.0
        if kept and any(active):
            found = max(found, roll(aside, sum(active), cards))
        for taken in sub_multisets(active):
            got = counts_of(taken)
            found = max(found, choose(plus(aside, got), minus(active, got), True, cards))
        for card in cards:
            brought = one(BY_ID[card.partition("@")[0]].amount)
            found = max(found, choose(aside, plus(active, brought), kept, cards - {card}))
        return found

    @cache
    def roll(aside, dice, cards):
        after = aged(cards)
        total = sum(ways * choose(aside, got, False, after) for got, ways in roll_outcomes(dice))
        return total / 6**dice

    return {"choose": choose, "roll": roll}


@pytest.mark.parametrize("seed", range(8))
def test_the_odds_agree_with_a_plan_worked_out_by_hand_for_cards_held_back(seed):
    """The odds make each position's key as small as they can and answer later
    questions from what they remember, and cards held back age by each roll. Small
    positions asked one after another in one plan agree with a plain expectimax that
    remembers every position by all it is and ages the cards by hand (a card held for
    two rolls dropped after one fails this). The fault mended in 5a80c91 needs a larger
    position to show: its own test is below."""
    rng = random.Random(seed)
    goal = _SMALL_GOALS[seed % len(_SMALL_GOALS)]
    by_hand = _by_hand(goal)
    plan = Solver(goal)
    for _ in range(12):
        cards = set()
        for card in rng.sample(_BRING_INS, rng.randint(1, 2)):
            if not any(c.partition("@")[0] == card.partition("@")[0] for c in cards):
                cards.add(card)
        held = frozenset(cards)
        aside = counts_of(rng.choice(FACES) for _ in range(rng.randint(0, 2)))
        if rng.random() < 0.3:
            args = (aside, rng.randint(1, 3), held)
            kind = "roll"
        else:
            active = counts_of(rng.choice(FACES) for _ in range(rng.randint(1, 3)))
            args = (aside, active, any(aside) and rng.random() < 0.5, held)
            kind = "choose"
        asked = plan.roll(*args) if kind == "roll" else plan.choose(Turn(*args))
        assert asked == pytest.approx(by_hand[kind](*args), abs=1e-9), (goal.name, kind, args)


def test_a_roll_after_a_held_cards_last_roll_is_not_answered_by_one_before_it():
    # Between rolls with the Hunter and the Pawnbroker held for this roll only
    # ("@1"), setting a 3 aside and rolling the rest leads where keeping 3 3 a roll
    # earlier, the cards then held for one roll more ("@2"), leads too, the same dice
    # aside: that earlier roll, remembered, must not stand for this one, after which
    # the cards are gone.
    goal = best_of({"king": 200.0, "knight": 16.0, "bishop": 16.0})
    last = Turn(counts_of((3, 3)), counts_of((5, 3, 2, 2, 1)), False,
                frozenset({"hunter@1", "pawnbroker@1"}))  # fmt: skip
    forget()
    alone = solver(goal).choose(last)
    forget()
    plan = solver(goal)
    once_more = plan.roll(counts_of((3, 3, 3)), 4, frozenset({"hunter@2", "pawnbroker@2"}))
    assert once_more > plan.roll(counts_of((3, 3, 3)), 4, frozenset())  # the cards count
    assert plan.choose(last) == alone
    forget()
