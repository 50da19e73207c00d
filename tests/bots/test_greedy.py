"""What each game's greedy heuristic does, rule by rule."""

import itertools
import random

from ludoteca.bots import strategies
from ludoteca.bots.mcts import MctsBot
from ludoteca.bots.policies import GreedyBot
from ludoteca.engine import deadline
from ludoteca.games.cronberg.strategy import pawn_worth
from ludoteca.games.keltis.strategy import outlook
from ludoteca.games.keltis.table import Player
from ludoteca.games.kingdomino.kingdom import Kingdom, frame
from ludoteca.games.kingdomino.moves import Place
from ludoteca.games.kingdomino.strategy import dead_squares, placement_value
from ludoteca.games.krone import GAME, odds
from ludoteca.games.krone.strategy import greedy_move, simple_move

from ..games.cronberg.helpers import load, position
from ..games.kingdomino.helpers import build, square
from ..games.krone.helpers import dice_phase

RNG = random.Random(0)


# -- Um Krone und Kragen ----------------------------------------------------------------


def test_krone_greedy_takes_the_king_when_it_can():
    # Seven dice: three, two for the General, one for the Farmer, one for a Charlatan.
    m = dice_phase(players=2, cards={0: ["general", "farmer"]}, aside=[6] * 7, active=[])
    assert str(greedy_move(m.state, RNG)) == "buy king"


def test_krone_greedy_keeps_the_group_it_rolled():
    m = dice_phase(players=2, cards={0: ["farmer", "charlatan"]}, active=[6, 6, 6, 2, 1],
                   kept=False)  # fmt: skip
    move = greedy_move(m.state, RNG)
    assert str(move).startswith("keep 6 6 6")


def test_krone_greedy_brings_in_the_die_of_its_group_before_ending():
    # Every die is set aside: the Knight's 5 makes four 5s (the Hunter) of three.
    m = dice_phase(players=2, cards={0: ["knight", "farmer"]}, active=[], aside=[5, 5, 5, 2])
    assert str(greedy_move(m.state, RNG)) == "use knight"


def test_krone_greedy_out_of_time_plays_the_simple_policy():
    """Past the decision's deadline (the room's: ``engine.deadline``) no odds are worked
    out: the quick policy moves."""
    m = dice_phase(players=2, active=[5, 5, 2], kept=False)
    odds.forget()  # nothing remembered: the odds would have to be worked out
    assert str(greedy_move(m.state, RNG)) == "keep 5 5 2"  # the odds: a pair and a 2
    odds.forget()
    readings = itertools.chain([0.0], itertools.repeat(10.0))  # set at 0, then past
    with deadline.within(1, clock=lambda: next(readings)):
        out_of_time = greedy_move(m.state, RNG)
    assert str(out_of_time) == "keep 5 5" == str(simple_move(m.state, RNG))


def test_krone_greedy_plays_to_beat_the_standing_best_in_the_final_round():
    from ..games.krone.helpers import table

    m = table(
        players=2, seat=0,
        # Eight dice: three, the General's two, the Farmer's one, two Charlatans.
        cards={0: ["general", "farmer", "charlatan", "charlatan"],
               1: ["king", "queen"]},
        king={"buyer": 1, "bid": [7, 2]},
        final_round={"order": [0, 1], "index": 0, "best": [7, 2], "results": [None, None]},
        turn={"phase": "dice", "active": [4, 4, 1], "aside": [4, 4, 4, 4, 4],
              "kept_since_roll": False, "used": []},
    )  # fmt: skip
    # Five 4s aside: the two active 4s make seven 4s, which beat seven 2s.
    assert str(greedy_move(m.state, RNG)).startswith("keep 4 4")


# -- Kingdomino ---------------------------------------------------------------------------


def test_kingdomino_a_free_square_with_no_free_neighbour_is_dead():
    kingdom = Kingdom(frame(5))
    assert dead_squares(kingdom) == 0
    f = kingdom.frame
    kingdom.open = 1 << f.cell((0, 0))  # one free square alone: no domino fits
    assert dead_squares(kingdom) == 1
    kingdom.open |= 1 << f.cell((1, 0))  # two side by side take a domino
    assert dead_squares(kingdom) == 0


def test_kingdomino_crowns_next_to_their_terrain_are_worth_points():
    kingdom = build("place 1 e4 e3")  # wheat above the castle
    crowned = Place(19, square("d4"), square("c4"))  # wheat(1) beside the wheat
    plain = Place(13, square("d4"), square("c4"))  # wheat, forest: no crown
    assert placement_value(kingdom, crowned) > placement_value(kingdom, plain)


# -- Cronberg -----------------------------------------------------------------------------


def test_cronberg_a_pawn_by_a_sleeping_guard_is_worth_less():
    # D12 is a guard: intersections 22 and 13 touch it, 33 lies in the open middle.
    m = load(position(pawns=([], [])))
    state = m.state
    from ludoteca.games.cronberg.board import BOARD

    near_guard = BOARD.point_by_name["22"]
    assert any(BOARD.guard_mask >> t & 1 for t in BOARD.around[near_guard])
    for p in (near_guard,):
        state.value[p] = 6
    quiet = BOARD.point_by_name["44"]
    state.value[quiet] = 6
    active = state.active()
    assert pawn_worth(state, near_guard, active) < pawn_worth(state, quiet, active)


# -- Keltis -------------------------------------------------------------------------------


def test_keltis_cards_that_continue_a_row_promise_more_than_a_stray_card():
    from ludoteca.games.keltis.components import BY_NAME

    in_middle = [False] + [True] * 9 + [False]
    row = Player()
    for name in ("r2", "r3", "r5"):
        row.rows[0].add(BY_NAME[name])
    fits, strays = row.copy(), row.copy()
    fits.hand = {BY_NAME["r7"]: 1, BY_NAME["r8"]: 1}
    strays.hand = {BY_NAME["r0"]: 1, BY_NAME["r1"]: 1}  # below an ascending row: never
    assert outlook(fits, in_middle, 10) > outlook(strays, in_middle, 10)


def test_keltis_a_pair_promises_its_wish_stone():
    from ludoteca.games.keltis.components import BY_NAME

    in_middle = [False] + [True] * 9 + [False]
    pair, odd = Player(), Player()
    pair.hand = {BY_NAME["r4"]: 1, BY_NAME["b4"]: 1}
    odd.hand = {BY_NAME["r4"]: 1, BY_NAME["b6"]: 1}
    assert outlook(pair, in_middle, 0) > outlook(odd, in_middle, 0)


# A position of a seeded game (seed 25, game 0) where greedy's budget cuts its plan: the
# Craftsman, Guard and Bishop to use, four dice rolled.
_CUT_SHORT = {
    "round": 5, "start_player": 0, "turn_in_round": 0,
    "display": {"jester": 2, "farmer": 0, "maid": 2, "philosopher": 2, "craftsman": 0,
                "guard": 0, "hunter": 1, "astronomer": 0, "merchant": 1, "lady": 1,
                "pawnbroker": 1, "knight": 1, "sorcerer": 1, "alchemist": 1, "bishop": 0,
                "nobleman": 1, "general": 1, "king": 1},
    "players": [
        {"cards": ["farmer", "craftsman", "guard", "bishop"], "jesters": 0, "charlatans": 0},
        {"cards": ["farmer", "craftsman", "guard", "astronomer"], "jesters": 0, "charlatans": 0},
    ],
    "turn": {"seat": 0, "phase": "dice", "active": [5, 4, 1, 1], "aside": [], "used": [],
             "kept_since_roll": False, "rolling": 0, "main_roll": True},
    "king": None, "final_round": None, "over": False,
}  # fmt: skip


def test_krone_greedy_plays_its_own_plan_after_the_search_worked_out_a_larger_one():
    # The odds remember what they worked out and a budget counts only what is new: in one
    # process (the arena's, a room's bot process) greedy would otherwise play the
    # search's larger plan wherever the search had worked it out first. Here its own plan
    # uses the Craftsman; after the search's, it kept the 5.
    match = GAME.load({"game": "krone", "players": 2, "position": _CUT_SHORT})
    strategies.forget(GAME)
    alone = GreedyBot().choose(match, random.Random(0))
    strategies.forget(GAME)
    MctsBot().choose(match, random.Random(0))
    assert GreedyBot().choose(match, random.Random(0)) == alone
    assert str(alone).startswith("use craftsman")
