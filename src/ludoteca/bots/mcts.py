"""Information-set Monte Carlo tree search (single observer), over the engine contract.

Each iteration deals the hidden information anew from the searching seat's view
(``State.determinize``: never another hand or the deck order), walks down one shared tree
and plays out with the game's playout policy, to the end or to the game's horizon where
the game judges the position (``strategies.playout``). The tree belongs to the searching
seat's information: a node's children are keyed by what that seat would see. Chance
events are nodes of their own, entered by sampling the outcome with its real odds; an
outcome hidden from the seat (another player's draw) is one child, keyed by what the log
shows of it. Moves of a seat are chosen by UCB1 counted over the iterations in which the
move was available (another hand allows other moves). A game whose chance has many
outcomes met once each may ask for a tree of decisions only (``DECISIONS_ONLY``, Krone):
then the moves offered alone and the chance outcomes between two decisions are played
through, and a decision is keyed by its seat and the moves it offers.

The search keeps nothing between decisions and no state outside its call, so a server
may run it in a worker thread or process.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable
from dataclasses import dataclass

from ludoteca.engine import CHANCE, Game, Match, Move, State, deadline

from .seat import seat_to_move
from .strategies import (
    Evaluator,
    MovePicker,
    Ranker,
    decisions_only,
    deferred,
    memory,
    playout,
    public,
    ranker,
    think_ahead,
)

EXPLORATION = 0.7
BIAS = 1.0  # weight of the ranking's advice: the best-ranked move counts most, at first
#: How many of the ranked moves the search considers at a node (the rest are never tried).
WIDTH = 6
#: Iterations of the default level, per game: each decides within about a second a move
#: on a two-core machine shared with others (docs/bots-measured.md has the figures).
DEFAULT_ITERATIONS = {"krone": 150, "keltis": 100, "kingdomino": 100, "cronberg": 60}
FALLBACK_ITERATIONS = 200
#: Playouts stop after this many moves and the game is judged by the greedy heuristic's
#: policy no further: a playout that long is a draw for everyone.
PLAYOUT_LIMIT = 2_000


class Node:
    __slots__ = ("actor", "available", "children", "moves", "reward", "visits")

    def __init__(self, actor: int | None) -> None:
        self.actor = actor  # the seat whose move led here (None: chance, the root)
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.moves: list[Move] | None = None  # remembered when every deal gives the same

    def ucb(self, rank: int) -> float:
        mean = self.reward / self.visits
        explore = EXPLORATION * math.sqrt(math.log(max(self.available, 1)) / self.visits)
        # Progressive bias: the game's ranking counts while a move has few visits.
        return mean + explore + BIAS / ((rank + 1) * (self.visits + 1))


@dataclass(frozen=True)
class Budget:
    iterations: int | None = None
    seconds: float | None = None

    def __str__(self) -> str:
        if self.seconds is not None:
            return f"{self.seconds:g}s"
        return "" if self.iterations is None else str(self.iterations)


class MctsBot:
    """``mcts`` (the default budget of the game), ``mcts:400`` (iterations) or
    ``mcts:0.5s`` (seconds a move, the whole decision; then the same seed may not repeat
    a game). A deadline the caller set (``engine.deadline``: the room's) holds as well."""

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = budget or Budget()
        self.name = "mcts" if not str(self.budget) else f"mcts:{self.budget}"

    def choose(self, match: Match, rng: random.Random) -> Move:
        if self.budget.seconds is None:
            return self._choose(match, rng)
        # Seconds a move bound the whole decision, the greedy move weighed at the root too.
        with deadline.within(self.budget.seconds):
            return self._choose(match, rng)

    def _choose(self, match: Match, rng: random.Random) -> Move:
        seat = seat_to_move(match)
        moves = match.legal_moves()
        with memory(match.game, self.name):
            if len(moves) == 1:
                ahead = think_ahead(match.game)
                if ahead is not None and deadline.given():
                    # A forced move's time goes to the decisions after it; counted play
                    # (no deadline) does nothing here, so a seed still repeats its games.
                    ahead(match.state.determinize(seat, rng))
                return moves[0]
            iterations = self.budget.iterations
            if iterations is None and self.budget.seconds is None:
                iterations = DEFAULT_ITERATIONS.get(match.game.id, FALLBACK_ITERATIONS)
            return Search(match.game, match.state, seat, rng).run(iterations)


class Search:
    def __init__(self, game: Game, root: State, seat: int, rng: random.Random) -> None:
        self.game = game
        self.root_state = root
        self.seat = seat
        self.rng = rng
        self.rank: Ranker = ranker(game)
        self.playout, self.evaluate, self.horizon = playout(game)
        self.fallback = deferred(game)
        self.public = public(game)
        self.decisions_only = decisions_only(game)

    def run(self, iterations: int | None) -> Move:
        """The move most visited after ``iterations``, or fewer where the decision's
        deadline (``engine.deadline``) comes first; None: until the deadline."""
        if iterations is None and not deadline.given():
            raise ValueError("a search without a count of iterations needs a deadline")
        root = Node(None)
        dealt = self.root_state.determinize(self.seat, self.rng)
        if len(self.rank(dealt)) == 1:
            # The game offers nothing to weigh here: its greedy policy decides.
            return self.fallback(dealt, self.rng)
        if self.public:
            # The greedy choice is always among the moves weighed at the root.
            first = self.fallback(self.root_state.determinize(self.seat, self.rng), self.rng)
            ranked = self.rank(dealt)
            root.moves = [first, *(m for m in ranked if m != first)][:WIDTH]
        done = 0
        while (iterations is None or done < iterations) and (done == 0 or not deadline.passed()):
            self.iterate(root)
            done += 1
        legal = set(self.root_state.legal_moves())
        tried = [(child.visits, i, key) for i, (key, child) in enumerate(root.children.items())]
        for _visits, _index, key in sorted(tried, key=lambda t: (-t[0], t[1])):
            if isinstance(key, Move) and key in legal:
                return key
        return self.fallback(self.root_state.determinize(self.seat, self.rng), self.rng)

    def iterate(self, root: Node) -> None:
        rng, seat = self.rng, self.seat
        state = self.root_state.determinize(seat, rng)
        node = root
        path = [root]
        while True:
            actor = state.to_move()
            if actor is None:
                break
            if actor is CHANCE:
                outcome = state.sample_chance(rng)
                if self.decisions_only:
                    state.apply(outcome)
                    continue
                secret = state.secret(outcome)
                key: Hashable = (
                    outcome
                    if secret is None or seat in secret.seen_by
                    else ("hidden", secret.shown_as)
                )
                state.apply(outcome)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = Node(None)
                node = child
                path.append(node)
                continue
            moves = node.moves
            if self.decisions_only and (node.actor is not None or moves is None):
                # Between two decisions: play what is offered alone, then find the
                # decision by its seat and the moves it offers.
                offered = self.rank(state)[:WIDTH]
                if len(offered) == 1:
                    state.apply(offered[0])
                    continue
                decision = (actor, tuple(offered))
                child = node.children.get(decision)
                if child is None:
                    child = node.children[decision] = Node(None)
                    child.moves = offered
                node = child
                path.append(node)
                moves = offered
            elif moves is None:
                moves = self.rank(state)[:WIDTH]
                if self.public:
                    node.moves = moves
            fresh = None
            for move in moves:
                child = node.children.get(move)
                if child is None:
                    if fresh is None:
                        fresh = move
                else:
                    child.available += 1
            if fresh is not None:
                child = node.children[fresh] = Node(actor)
                child.available = 1
                state.apply(fresh)
                path.append(child)
                break
            best = max(moves, key=lambda m: node.children[m].ucb(moves.index(m)))
            state.apply(best)
            node = node.children[best]
            path.append(node)
        rewards = play_out(state, self.playout, self.evaluate, self.horizon, rng)
        for visited in path:
            visited.visits += 1
            if visited.actor is not None:
                visited.reward += rewards[visited.actor]


def play_out(
    state: State,
    policy: MovePicker,
    evaluate: Evaluator | None,
    horizon: int | None,
    rng: random.Random,
) -> list[float]:
    """Play on with the playout policy; each seat's share of the win at the end, or the
    game's judgement once its playout horizon is reached (``strategies.playout`` gives
    a game's policy, judgement and horizon)."""
    moves = 0
    for _ in range(PLAYOUT_LIMIT):
        actor = state.to_move()
        if actor is None:
            return shares(state)
        if actor is CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        if horizon is not None and evaluate is not None and moves >= horizon:
            return evaluate(state)
        state.apply(policy(state, rng))
        moves += 1
    return [1.0 / state.players] * state.players


def shares(state: State) -> list[float]:
    """A finished game as rewards: the winners share 1 (a tie of two is ½ each); points
    nudge the rest so that a closer loss counts for a little more."""
    result = state.result()
    players = state.players
    rewards = [0.0] * players
    for seat in result.winners:
        rewards[seat] = 0.9 / len(result.winners)
    for place, seats in enumerate(result.ranking):
        for seat in seats:
            rewards[seat] += 0.1 * (1 - place / max(players - 1, 1))
    return rewards
