"""The tree search: what it keys on, what it searches, and where it defers to the game."""

import itertools
import random

import pytest

import ludoteca
from ludoteca.bots import bot
from ludoteca.bots.mcts import Node, Search
from ludoteca.engine import CHANCE, Move, deadline
from ludoteca.games.keltis.strategy import evaluate
from ludoteca.games.krone.strategy import (
    PRIORITY,
    RACE_VALUES,
    final_move,
    greedy_move,
    ranked_moves,
    search_move,
)

from ..games.krone.helpers import dice_phase


def keltis_at_play(seed=1):
    match = ludoteca.game("keltis").new_match(2)
    rng = random.Random(seed)
    while match.to_move is CHANCE:
        match.play_chance(rng)
    return match


def walk(node, found):
    for key, child in node.children.items():
        found.append((node, key))
        walk(child, found)
    return found


def test_a_draw_hidden_from_the_searching_seat_is_one_node():
    match = keltis_at_play()
    seat = match.to_move
    rng = random.Random(2)
    match.play(f"discard {min(match.state.table[seat].hand)}")
    match.play("draw deck")
    match.play_chance(rng)
    other = match.to_move
    match.play(f"discard {min(match.state.table[other].hand)}")
    # The other seat draws next, from the deck: what it draws is hidden from ``seat``.
    search = Search(match.game, match.state, seat, rng)
    root = Node(None)
    for _ in range(100):
        search.iterate(root)
    edges = walk(root, [])
    hidden = [(node, key) for node, key in edges if isinstance(key, tuple)]
    assert hidden, "the other seat's draws from the deck appear in the tree"
    for node, key in hidden:
        assert key[0] == "hidden"
        assert f"seat {other} draws" in key[1]
        # One child stands for every card the other seat may have drawn.
        assert sum(isinstance(k, tuple) for k in node.children) == 1
    # The searching seat's own draws are seen, so they branch by card.
    seen = [key for _node, key in edges if isinstance(key, Move) and str(key).startswith("deal")]
    assert len(set(seen)) > 1


def test_visits_add_up_down_the_tree():
    match = keltis_at_play(3)
    search = Search(match.game, match.state, match.to_move, random.Random(4))
    root = Node(None)
    for _ in range(60):
        search.iterate(root)
    assert root.visits == 60
    assert sum(child.visits for child in root.children.values()) == 60


def test_krone_dice_are_played_by_the_odds_and_the_card_is_searched():
    within = dice_phase(players=2, cards={0: ["guard"]}, active=[6, 6, 3, 1], kept=False)
    assert len(ranked_moves(within.state)) == 1
    # With one move worth weighing the search defers to greedy playing for the race.
    rng_seed = 5
    searched = bot("mcts:50").choose(within, random.Random(rng_seed))
    assert searched == search_move(within.state, random.Random(0))
    assert searched == greedy_move(within.state, random.Random(0), RACE_VALUES)

    ended = dice_phase(players=2, active=[], aside=[6, 6, 6, 6, 2])
    offered = [str(m) for m in ranked_moves(ended.state)]
    buys = [m for m in offered if m.startswith("buy ")]
    order = [PRIORITY.index(m.removeprefix("buy ")) for m in buys]
    assert order == sorted(order)
    assert "buy hunter" in offered
    assert "end" in offered


def test_krone_tree_keeps_the_choices_of_cards_not_the_rolls():
    ended = dice_phase(players=2, cards={0: ["farmer"]}, active=[], aside=[6, 6, 6, 2, 2])
    search = Search(ended.game, ended.state, 0, random.Random(3))
    root = Node(None)
    root.moves = ranked_moves(ended.state)
    # Eight cards at the root and seat 1's two turns in a row (the start passes to it)
    # before seat 0's next choice: enough iterations to reach that far.
    for _ in range(300):
        search.iterate(root)
    edges = walk(root, [])
    decisions = [key for _node, key in edges if isinstance(key, tuple)]
    moves = [key for _node, key in edges if not isinstance(key, tuple)]
    # Every move kept is a choice at the end of a turn: a card or ending, never a die.
    assert moves
    assert all(str(m).startswith(("buy", "end")) for m in moves)
    # A decision is known by its seat and the moves it offers; both seats' are met.
    assert {seat for seat, _offered in decisions} == {0, 1}
    assert all(len(offered) > 1 for _seat, offered in decisions)  # nothing forced is kept

    def depth(node):
        return 1 + max((depth(child) for child in node.children.values()), default=0)

    assert depth(root) >= 5  # past the other seat's turn and into the next of its own


def test_krone_race_counts_dice():
    from ludoteca.games.krone.strategy import evaluate

    m = dice_phase(players=2, cards={0: ["craftsman", "guard"], 1: ["astronomer", "sorcerer"]},
                   active=[], aside=[1, 1, 2])  # fmt: skip
    # Two dice brought in each turn count for more than two dice turned (as learnt).
    assert evaluate(m.state)[0] > 0.5


def test_keltis_judgement_favours_the_leader():
    match = keltis_at_play(5)
    state = match.state.copy()
    shares = evaluate(state)
    assert all(0 < share < 1 for share in shares)
    state.table[0].stones.extend([1, 2, 3, 4, 5])  # seat 0 takes five wish stones
    state.in_middle[1:6] = [False] * 5
    assert evaluate(state)[0] > 0.5 > evaluate(state)[1]


def test_krone_search_rolls_on_for_a_higher_bid():
    from ludoteca.games.krone.strategy import push_bid, search_move

    held = ["general", "farmer"]
    # Seven 5s in hand and dice to spare: greedy would take the King now; the search
    # first brings in, keeps and rolls for more 5s, which cannot lose the seven.
    m = dice_phase(players=5, cards={0: ["guard", *held]}, active=[5, 5, 3, 2], aside=[5] * 5,
                   kept=False)  # fmt: skip
    assert str(push_bid(m.state)) == "use guard"
    m = dice_phase(players=5, cards={0: held}, active=[5, 3, 2], aside=[5] * 6, kept=True)
    assert str(search_move(m.state, random.Random(0))) == "keep 5"
    m = dice_phase(players=5, cards={0: held}, active=[3, 2], aside=[5] * 7, kept=True)
    assert str(push_bid(m.state)) == "roll"
    m = dice_phase(players=5, cards={0: held}, active=[3, 2], aside=[5] * 7, kept=False)
    assert str(push_bid(m.state)) == "keep 2"  # a die must be set aside after a roll
    m = dice_phase(players=5, cards={0: ["sorcerer", *held]}, active=[3], aside=[5] * 7)
    assert str(push_bid(m.state)) == "use sorcerer 3>5"  # the last die
    # Out of the King's reach, or nothing left to roll: greedy decides.
    m = dice_phase(players=5, cards={0: held}, active=[3, 2], aside=[5, 5, 5, 5, 5, 5, 1])
    assert push_bid(m.state) is None
    m = dice_phase(players=5, cards={0: held}, active=[], aside=[5] * 7)
    assert push_bid(m.state) is None
    assert str(search_move(m.state, random.Random(0))) == "buy king"


RNG = random.Random(0)


def _planning_position():
    # Five dice and three abilities, two of them bringing in a die: greedy's budget plans
    # the turn without both of them, the search's keeps them.
    cards = {0: ["guard", "hunter", "sorcerer"]}
    return dice_phase(players=2, cards=cards, active=[6, 4, 3, 3, 2], kept=False).state


def test_krone_search_plans_its_dice_with_the_abilities_greedy_leaves_out():
    from ludoteca.games.krone import odds
    from ludoteca.games.krone.goals import CARD_GOALS, best_of
    from ludoteca.games.krone.strategy import GREEDY_BUDGET, SEARCH_BUDGET, UNPLANNED

    state = _planning_position()
    cards = [card for card in odds.takeable(state) if CARD_GOALS[card].symmetric]
    goal = best_of({card: RACE_VALUES[card] for card in cards})
    odds.forget()
    _move, small = odds.best_move(state, goal, GREEDY_BUDGET, False, UNPLANNED)
    _move, large = odds.best_move(state, goal, SEARCH_BUDGET, False, UNPLANNED)
    assert {"guard", "hunter"} <= set(small.left_out)
    assert not {"guard", "hunter"} & set(large.left_out)
    assert large.chance > small.chance  # a lower bound without them, the plan with them
    odds.forget()
    assert str(greedy_move(state, RNG, RACE_VALUES)) == "use hunter"
    odds.forget()
    assert str(search_move(state, RNG)) == "keep 3 3"


def _final_round_position():
    from ludoteca.games.krone.moves import Dice, Roll
    from ludoteca.games.krone.state import Holding, KroneState, final_round

    # Seven dice and the Alchemist against seven 4s, rolled 1 2 3 4 5 6 6.
    holding = Holding({"alchemist", "general", "farmer"}, charlatans=1)
    state = KroneState(3, {}, [holding, Holding({"king", "queen"}), Holding()])
    state.king_buyer, state.bid = 1, (7, 4)
    state.final = final_round(3, 0, 1, (7, 4))
    state.apply(Roll())
    state.apply(Dice((1, 2, 3, 4, 5, 6, 6)))
    return state


def _final_turn(rolled, queen=1):
    """Seat 0 of two in the final round against seven 4s, the other seat the Queen's
    holder (``queen=1``) or seat 0 itself, having rolled ``rolled`` with the General,
    the Farmer, two Charlatans (eight dice) and the Guard."""
    from ludoteca.games.krone.moves import Dice, End, Keep, Roll
    from ludoteca.games.krone.state import Holding, KroneState, final_round

    held = {"general", "farmer", "guard"}
    holdings = [Holding(set(held), charlatans=2), Holding(set(held), charlatans=2)]
    holdings[queen].cards |= {"king", "queen"}
    state = KroneState(2, {}, holdings)
    state.king_buyer, state.bid = queen, (7, 4)
    state.final = final_round(2, 0, queen, (7, 4))
    if queen == 0:  # seat 1 played first and did not beat the seven 4s
        state.apply(Roll())
        state.apply(Dice((1, 1, 1, 1, 1, 1, 1, 2)))
        state.apply(Keep((1, 1, 1, 1, 1, 1, 1, 2)))
        state.apply(End())
    state.apply(Roll())
    state.apply(Dice(rolled))
    return state


def test_krone_search_rolls_on_in_the_final_round_once_the_best_is_beaten():
    from ludoteca.games.krone.strategy import push_final

    # Seven 5s beat seven 4s; the goal is met, so the odds would set every die aside and
    # end. The Queen's holder, last, takes the King back by matching the result: the
    # search brings in the Guard's 2, keeps the 5s and rolls the rest for more of them.
    state = _final_turn((5, 5, 5, 5, 5, 5, 5, 1))
    assert str(final_move(state)) == "keep 5 5 5 5 5 5 5 1"
    assert str(push_final(state)) == "use guard"
    assert str(search_move(state, RNG)) == "use guard"
    state.apply(push_final(state))
    assert str(push_final(state)) == "keep 5 5 5 5 5 5 5"
    state.apply(push_final(state))
    assert str(push_final(state)) == "roll"
    # Not beaten in hand (six 5s), nothing: the odds play for the best.
    assert push_final(_final_turn((5, 5, 5, 5, 5, 5, 3, 1))) is None
    # The Queen's holder matching the best has won: it ends as the odds say.
    assert push_final(_final_turn((5, 5, 5, 5, 5, 5, 5, 1), queen=0)) is None


def test_krone_search_plays_its_final_round_with_every_ability():
    from ludoteca.games.krone import odds
    from ludoteca.games.krone.goals import beat_goal

    state = _final_round_position()
    odds.forget()
    move = search_move(state, RNG)
    best, exact = odds.best_move(state, beat_goal((7, 4), False))  # every ability, exactly
    assert exact.left_out == ()
    assert move == best
    assert str(move) == "keep 5"
    # Greedy's plan leaves the Alchemist out of the rest of the turn (UNPLANNED), so it
    # spends it at once: three dice turned into 5s, 0.042 exactly, against 0.096.
    odds.forget()
    assert str(greedy_move(state, RNG, RACE_VALUES)) == "use alchemist 6>5 6>5 3>5"


def test_krone_final_round_under_a_deadline_keeps_greedys_move_if_time_runs_out():
    from ludoteca.games.krone import odds

    state = _final_round_position()
    clock = _out_of_time_after_greedys_plan(state)
    odds.forget()
    with deadline.within(1, clock=clock):
        assert str(search_move(state, RNG)) == "use alchemist 6>5 6>5 3>5"  # greedy's


def _out_of_time_after(*plans):
    """A clock that stands still while ``plans`` (calls without arguments) are worked
    out one after another (it is read as they work), then jumps past any deadline."""
    from ludoteca.games.krone import odds

    readings = [0]

    def counting():
        readings[0] += 1
        return 0.0

    odds.forget()
    with deadline.within(1, clock=counting):
        for plan in plans:
            plan()
    read = itertools.chain(itertools.repeat(0.0, readings[0] + 10), itertools.repeat(10.0))
    return lambda: next(read)


def _out_of_time_after_greedys_plan(state):
    return _out_of_time_after(lambda: greedy_move(state, RNG, RACE_VALUES))


def test_krone_search_under_a_deadline_plays_greedys_plan_if_its_own_runs_out_of_time():
    """The room's deadline (``engine.deadline``): greedy's plan first, then the larger
    one in the time left; out of time in the larger one, greedy's move stands."""
    from ludoteca.games.krone import odds

    state = _planning_position()
    clock = _out_of_time_after_greedys_plan(state)
    odds.forget()
    with deadline.within(1, clock=clock):
        assert str(search_move(state, RNG)) == "use hunter"  # greedy's, not the larger's
    odds.forget()
    with deadline.within(1, clock=lambda: 0.0):  # all the time it needs: the larger plan
        assert str(search_move(state, RNG)) == "keep 3 3"


def test_krone_search_under_a_deadline_keeps_to_the_kings_goal_its_plan_cannot_weigh_whole():
    """Four dice and five cards that bring in a die: greedy's plan cannot weigh the
    King's goal with them, so its chance there is the dice alone's, and greedy plays
    for the Merchant's 20 pips, sure, ending the turn. The room's search, out of time
    after greedy's plan, plays for the King (``aim_high``): the Craftsman's die in."""
    from ludoteca.games.krone import odds
    from ludoteca.games.krone.strategy import GREEDY_BUDGET, GREEDY_WORK, race_goal

    held = {0: ["knight", "craftsman", "lady", "guard", "sorcerer", "astronomer", "farmer"],
            1: ["hunter", "craftsman", "bishop", "guard", "pawnbroker", "farmer"]}  # fmt: skip
    state = dice_phase(players=2, seat=1, cards=held, active=[6, 5, 3, 3], kept=False).state
    odds.forget()
    goal, _ = race_goal(state, RACE_VALUES, GREEDY_BUDGET, odds.Work(GREEDY_WORK))
    assert goal.name == "pips 20 or more"
    odds.forget()
    assert str(greedy_move(state, RNG, RACE_VALUES)) == "keep 6 5 3 3"
    odds.forget()
    goal, _ = race_goal(state, RACE_VALUES, GREEDY_BUDGET, odds.Work(GREEDY_WORK), True)
    assert goal.name.startswith("best of king 200")
    clock = _out_of_time_after(lambda: greedy_move(state, RNG, RACE_VALUES, aim_high=True))
    odds.forget()
    with deadline.within(1, clock=clock):
        assert str(search_move(state, RNG)) == "use craftsman"


def test_krone_final_round_under_a_deadline_tries_the_cheaper_plans_before_the_whole_one():
    """Cheapest first, each plan replacing the move only if it finished: greedy's, the
    narrow one with every ability, then the whole one. Out of time in a plan, the move of
    the last one that finished stands (the whole plan first would have left the others no
    time). The race's larger plan is not tried: in the final round it plays for the same
    goal as these, with fewer abilities, and took the time the narrow plan needed."""
    from ludoteca.games.krone import odds
    from ludoteca.games.krone.moves import Dice, Roll
    from ludoteca.games.krone.state import Holding, KroneState, final_round
    from ludoteca.games.krone.strategy import SEARCH_BUDGET, SEARCH_WORK, final_move

    cards = {"alchemist", "craftsman", "farmer", "general", "pawnbroker"}
    state = KroneState(3, {}, [Holding(cards), Holding({"king", "queen"}), Holding()])
    state.king_buyer, state.bid = 1, (8, 5)
    state.final = final_round(3, 0, 1, (8, 5))
    state.apply(Roll())
    state.apply(Dice((6, 4, 4, 3, 2, 1)))

    def greedys():
        return greedy_move(state, RNG, RACE_VALUES)

    def larger():
        return greedy_move(state, RNG, RACE_VALUES, SEARCH_BUDGET, SEARCH_WORK)

    def narrow():
        return final_move(state, narrow=True)

    odds.forget()
    assert (str(greedys()), str(larger()), str(narrow()), str(final_move(state))) == (
        "use craftsman",
        "use alchemist 4>6 4>2",
        "keep 6",
        "keep 6",
    )
    for plans, played in (
        ((greedys,), "use craftsman"),
        ((greedys, narrow), "keep 6"),  # the whole plan out of time
    ):
        clock = _out_of_time_after(*plans)
        odds.forget()
        with deadline.within(1, clock=clock):
            assert str(search_move(state, RNG)) == played
    odds.forget()
    with deadline.within(1, clock=lambda: 0.0):
        assert str(search_move(state, RNG)) == "keep 6"


def test_krone_final_turn_under_a_deadline_plans_before_its_first_roll():
    """The final turn's start (roll, or pass) has nothing to weigh: under a deadline its
    time goes to the turn's plan with every ability, remembered for the decisions after
    the roll. Without one (the arena's counted play) nothing is worked out there."""
    from ludoteca.games.krone import odds
    from ludoteca.games.krone.moves import Dice, Roll
    from ludoteca.games.krone.state import Holding, KroneState, final_round
    from ludoteca.games.krone.strategy import FINAL_WORK, ROLL

    state = KroneState(3, {}, [Holding({"hunter", "general", "farmer"}), Holding(), Holding()])
    state.holdings[1].cards |= {"king", "queen"}
    state.king_buyer, state.bid = 1, (7, 4)
    state.final = final_round(3, 0, 1, (7, 4))
    rolled = state.copy()
    rolled.apply(Roll())
    rolled.apply(Dice((6, 4, 4, 3, 2, 1)))
    goal = odds.final_goal(state)

    def work_after_the_roll():
        work = odds.Work(FINAL_WORK)
        odds.best_move(rolled, goal, FINAL_WORK, False, frozenset(), work)
        return FINAL_WORK - work.left

    odds.forget()
    cold = work_after_the_roll()
    odds.forget()
    with deadline.within(1, clock=lambda: 0.0):  # all the time it needs
        assert search_move(state, RNG) == ROLL
    assert work_after_the_roll() * 100 < cold  # 58 against 24,858
    odds.forget()
    assert search_move(state, RNG) == ROLL
    assert not any(odds._MEMORIES.values())  # counted: nothing worked out
    read = itertools.chain([0.0], itertools.repeat(10.0))
    with deadline.within(1, clock=lambda: next(read)):  # out of time at once
        assert search_move(state, RNG) == ROLL


def test_krone_judgement_of_the_race_and_of_the_bid():
    from ludoteca.games.krone.power import groups
    from ludoteca.games.krone.strategy import evaluate

    # More dice, larger groups; the estimate repeats.
    assert groups(8, frozenset())[7] > groups(6, frozenset())[7]
    assert groups(6, frozenset({"sorcerer"})) == groups(6, frozenset({"sorcerer"}))
    ahead = dice_phase(players=2, cards={0: ["general", "farmer"]}, active=[], aside=[1] * 6)
    shares = evaluate(ahead.state)
    assert shares[0] > 0.5 > shares[1]
    assert abs(sum(shares) - 1) < 1e-9
    # Once the King is taken, a high bid is safer than a low one.
    held = {0: ["general", "farmer"], 1: ["general", "farmer", "sorcerer", "hunter", "knight"]}
    low = dice_phase(players=5, cards=held, aside=[6] * 7, active=[])
    high = dice_phase(players=5, cards=held, aside=[6] * 9, active=[])
    low.play("buy king")
    high.play("buy king")
    assert evaluate(high.state)[0] > evaluate(low.state)[0] > 0.5


def final_round_start():
    """A two-player match at the final round's start: seat 0 took the King, seat 1
    played out the round and is now to roll (or pass)."""
    m = dice_phase(players=2, cards={0: ["general", "farmer"]}, aside=[2] * 7, active=[])
    m.play("buy king")
    m.play("roll")  # seat 1's last turn of the round
    while m.to_move is CHANCE or m.state.phase != "start":
        if m.to_move is CHANCE:
            m.play_chance(random.Random(1))
        else:
            m.play(greedy_move(m.state, random.Random(0)))
    return m


def test_krone_search_never_passes_in_the_final_round():
    m = final_round_start()
    # The final round: rolling is the only move weighed at its start.
    assert m.state.final is not None
    assert [str(move) for move in ranked_moves(m.state)] == ["roll"]


def test_the_bot_works_out_the_final_turn_before_its_first_roll():
    """Through the bot, not ``search_move``: the final turn's start offers rolling or
    passing, so the search is asked there and, under a deadline, works out the narrow
    plan and the whole one in its own memory; without one (counted) it works out nothing.
    (A race turn's start offers one move and never asks: a plan written there once
    passed its test and never played.)"""
    from ludoteca.games.krone import odds

    m = final_round_start()
    assert len(m.legal_moves()) == 2  # roll, or pass: not a forced move
    goals = {odds.final_goal(m.state, narrow).name for narrow in (True, False)}
    odds.forget()
    assert str(bot("mcts").choose(m, random.Random(3))) == "roll"
    assert not odds._MEMORIES.get("mcts")
    with deadline.within(1, clock=lambda: 0.0):  # all the time it needs
        assert str(bot("mcts").choose(m, random.Random(3))) == "roll"
    assert goals <= set(odds._MEMORIES["mcts"])
    odds.forget()


class TickingClock:
    """A clock that reads 0 for ``ticks`` readings after the first, then far later."""

    def __init__(self, ticks: int) -> None:
        self.readings = 0
        self.ticks = ticks

    def __call__(self) -> float:
        self.readings += 1
        return 0.0 if self.readings <= self.ticks + 1 else 1e9


def counting(search):
    done = []
    iterate = search.iterate
    search.iterate = lambda root: (done.append(1), iterate(root))
    return done


def test_the_search_stops_at_the_decision_s_deadline():
    match = keltis_at_play()
    search = Search(match.game, match.state, match.to_move, random.Random(1))
    done = counting(search)
    with deadline.within(1, TickingClock(4)):  # Keltis's own moves never read the clock
        move = search.run(100)
    # The first iteration always runs; the clock is read before each further one.
    assert len(done) == 5
    assert move in match.legal_moves()


def test_without_a_count_the_search_runs_until_its_deadline_and_needs_one():
    match = keltis_at_play()
    search = Search(match.game, match.state, match.to_move, random.Random(1))
    with pytest.raises(ValueError, match="needs a deadline"):
        search.run(None)
    done = counting(search)
    with deadline.within(1, TickingClock(30)):
        search.run(None)
    assert len(done) == 31


def test_a_count_of_iterations_holds_within_a_deadline_too():
    match = keltis_at_play()
    search = Search(match.game, match.state, match.to_move, random.Random(1))
    done = counting(search)
    with deadline.within(1, TickingClock(1000)):
        search.run(12)
    assert len(done) == 12


def test_krone_race_turn_under_a_deadline_plans_before_its_first_roll():
    """A race turn's start has one move, the roll, and the search plays a forced move
    without a tree; under a deadline (the room's) it first spends the move's time on the
    plan the race's decisions after the roll weigh first (the King's goal, every ability
    they plan with), remembered in its level's memory, so the decision after the roll has
    little left to work out. Counted play (no deadline) works nothing out there, so a
    seed still repeats its games. Asked through the bot (``mcts``), as the room asks it:
    a test of ``search_move`` alone once passed while the room never reached it."""
    from ludoteca.games.krone import odds
    from ludoteca.games.krone.goals import CARD_GOALS, best_of
    from ludoteca.games.krone.moves import Dice
    from ludoteca.games.krone.strategy import ROLL, SEARCH_BUDGET, SEARCH_WORK, UNPLANNED

    from ..games.krone.helpers import table

    held = ["guard", "hunter", "sorcerer", "charlatan", "charlatan"]
    match = table(players=2, cards={0: held})
    state = match.state
    assert match.legal_moves() == [ROLL]
    assert state.final is None
    assert state.holdings[0].turn_dice() == 5
    rolled = state.copy()
    rolled.apply(ROLL)
    rolled.apply(Dice((6, 4, 3, 3, 2)))
    grouped = [card for card in odds.takeable(state) if CARD_GOALS[card].symmetric]
    goal = best_of({card: RACE_VALUES[card] for card in grouped})

    def work_after_the_roll():
        work = odds.Work(SEARCH_WORK)
        with odds.memory("mcts"):
            _move, found = odds.best_move(rolled, goal, SEARCH_BUDGET, False, UNPLANNED, work)
        return SEARCH_WORK - work.left, found.left_out

    odds.forget()
    cold, _ = work_after_the_roll()
    odds.forget()
    with deadline.within(1, clock=lambda: 0.0):  # all the time it wants
        assert bot("mcts").choose(match, random.Random(0)) == ROLL
    warm, left_out = work_after_the_roll()
    assert warm * 20 < cold
    assert left_out == tuple(card for card in odds.LEAVE_OUT if card in UNPLANNED and card in held)
    odds.forget()
    assert bot("mcts").choose(match, random.Random(0)) == ROLL
    assert odds._positions() == 0  # counted: nothing worked out


def test_krone_race_plan_aiming_high_does_not_end_its_turn_with_dice_cards_left_out():
    """Five dice and five cards that bring in a die, the King on display: greedy's plan
    cannot weigh the King's goal with those cards, leaves them out, and then sees only
    the Jester within reach, so it sets all five dice aside and ends the turn. Aiming
    high (the room's search), the race brings a die in first, the use the plan values
    most: the Craftsman's, the move of the counted search's larger plan (a position
    of the tuning seed 31's game 360 under the room's deadline)."""
    from ludoteca.games.krone import odds
    from ludoteca.games.krone.strategy import GREEDY_BUDGET, GREEDY_WORK, UNPLANNED, race_goal

    held = {0: ["bishop", "craftsman", "farmer", "guard", "lady", "maid", "pawnbroker"],
            1: ["astronomer", "craftsman", "farmer", "general", "guard", "hunter", "knight",
                "merchant", "nobleman", "sorcerer"]}  # fmt: skip
    state = dice_phase(players=2, seat=0, cards=held, active=[5, 5, 4, 1, 1], kept=False).state
    assert sorted(odds.takeable(state)) == ["alchemist", "jester", "king", "philosopher"]
    odds.forget()
    goal, _ = race_goal(state, RACE_VALUES, GREEDY_BUDGET, odds.Work(GREEDY_WORK), True)
    assert goal.name.startswith("best of king 200")
    move, planned = odds.best_move(
        state, goal, GREEDY_BUDGET, False, UNPLANNED, odds.Work(GREEDY_WORK)
    )
    assert str(move) == "keep 5 5 4 1 1"
    assert {"craftsman", "guard", "pawnbroker", "bishop"} <= set(planned.left_out)
    odds.forget()
    assert str(greedy_move(state, RNG, RACE_VALUES, aim_high=True)) == "use craftsman"
    clock = _out_of_time_after(lambda: greedy_move(state, RNG, RACE_VALUES, aim_high=True))
    odds.forget()
    with deadline.within(1, clock=clock):
        assert str(search_move(state, RNG)) == "use craftsman"


def test_krone_race_plan_aiming_high_holds_its_dice_cards_back_for_the_next_roll():
    """Six dice after the first roll, the Hunter (a 3) and the Pawnbroker (a 4) still to
    use: greedy's small plan leaves both out and weighs each for use now or never, so it
    brings the 3 in at once. Aiming high (the room's search, under a deadline), the race
    weighs them held back for the next roll as well and sets the 3s aside, as the whole
    plan does (a position of the tuning seed 31's game 362 under the room's deadline;
    the values in ``test_odds``)."""
    from ludoteca.games.krone import odds

    held = {0: ["craftsman", "farmer", "guard", "hunter", "pawnbroker"],
            1: ["astronomer", "farmer", "general", "guard"]}  # fmt: skip
    state = dice_phase(players=2, seat=0, cards=held, active=[5, 3, 3, 2, 2, 1],
                       kept=False, used=["craftsman", "guard"]).state  # fmt: skip
    odds.forget()
    assert str(greedy_move(state, RNG, RACE_VALUES, aim_high=True)) == "use hunter"
    odds.forget()  # counted play (no deadline) holds nothing back: its moves stay as they were
    assert str(greedy_move(state, RNG, RACE_VALUES, aim_high=True, hold=True)) == "use hunter"
    odds.forget()
    with deadline.within(1, clock=lambda: 0.0):
        assert str(greedy_move(state, RNG, RACE_VALUES, aim_high=True, hold=True)) == "keep 3 3"
    # The room's search: out of time before holding back, greedy's move stands.
    clock = _out_of_time_after(lambda: greedy_move(state, RNG, RACE_VALUES, aim_high=True))
    odds.forget()
    with deadline.within(1, clock=clock):
        assert str(search_move(state, RNG)) == "use hunter"
