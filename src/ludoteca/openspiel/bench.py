"""The cost of the adapter: ``ludoteca bench --openspiel``.

Per game and player count: the sizes OpenSpiel is told (distinct actions, chance
outcomes), the largest legal set of one random playout, and three speeds, each for
``seconds``:

- random steps through the engine (``legal_moves`` and ``play``, ``play_chance`` for
  chance) and through the adapter (``legal_actions`` and ``apply_action``,
  ``chance_outcomes`` for chance), a new match when one ends; both count chance events
  as steps, so their ratio is what playing through OpenSpiel costs;
- OpenSpiel's ``random_sim_test`` with serialization, its steps counted by the state
  checker it calls at every step. Krone's starts from the taking of the King (the match
  before it played by the game's simple strategy, outside the clock): from the opening,
  uniform random play runs to thousands of moves (docs/research.md, Conformance).

``ludoteca bench --ismcts`` measures OpenSpiel's ISMCTS through the adapter instead
(``measure_ismcts``): resamples a second and seconds a move.

It lives beside the adapter rather than among ``ludoteca.tools``: the tools and the
adapter are rooms of one layer, which do not import each other.
"""

from __future__ import annotations

import random
import time
from dataclasses import asdict, dataclass
from typing import Any

import pyspiel

from ludoteca.bots.seat import seat_to_move
from ludoteca.engine import CHANCE, Game, Match
from ludoteca.games.krone.state import KroneState

from . import LudotecaGame
from .bots import IsmctsBot
from .game import LudotecaState

#: a random playout for the largest legal set stops here (Krone's may run to thousands)
PLAYOUT_MOVES = 5000
#: random steps between looks at the clock, the same for engine and adapter
CHUNK = 100
#: random steps of one match before a new one begins, for engine and adapter alike:
#: Krone's random matches run to thousands of moves and grow slower as the dice pile
#: up, so without a bound its rates would depend on how long they were measured
MATCH_STEPS = 3000


@dataclass(frozen=True)
class AdapterFigure:
    game: str
    players: int
    #: OpenSpiel's ``num_distinct_actions`` and ``max_chance_outcomes``
    actions: int
    chance_outcomes: int
    #: the most legal moves at one decision of a random playout (cut at PLAYOUT_MOVES)
    largest_legal_set: int
    #: random steps a second, chance events included
    engine_steps_per_second: float
    adapter_steps_per_second: float
    #: steps a second of OpenSpiel's random_sim_test with serialization
    random_sim_test_steps_per_second: float

    @property
    def cost(self) -> float:
        """How many times slower a random step is through the adapter."""
        return self.engine_steps_per_second / self.adapter_steps_per_second

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = asdict(self)
        for key in (
            "engine_steps_per_second",
            "adapter_steps_per_second",
            "random_sim_test_steps_per_second",
        ):
            data[key] = round(getattr(self, key))
        data["cost"] = round(self.cost, 2)
        return data


def measure(game: Game, players: int, seconds: float, seed: int = 1) -> AdapterFigure:
    """The adapter's figures for ``game`` at ``players``, each speed over ``seconds``
    (at least one chunk of steps, one simulation, however short the time)."""
    rng = random.Random(seed)
    spiel = pyspiel.load_game(f"python_ludoteca_{game.id}(players={players})")
    return AdapterFigure(
        game.id,
        players,
        spiel.num_distinct_actions(),
        spiel.max_chance_outcomes(),
        largest_legal_set(game, players, rng),
        *step_rates(game, spiel, seconds, rng),
        random_sim_test_rate(spiel, seconds, rng),
    )


def largest_legal_set(game: Game, players: int, rng: random.Random) -> int:
    match = game.new_match(players)
    largest = 0
    for _ in range(PLAYOUT_MOVES):
        if match.is_over:
            break
        if match.to_move is CHANCE:
            match.play_chance(rng)
        else:
            moves = match.legal_moves()
            largest = max(largest, len(moves))
            match.play(rng.choice(moves))
    return largest


def step_rates(game: Game, spiel: Any, seconds: float, rng: random.Random) -> tuple[float, float]:
    """Random steps a second through the engine and through the adapter.

    They take turns, a chunk of steps each, until ``seconds`` have passed, so that a burst
    of other work on the machine slows both alike and their ratio holds. One chunk of
    each runs untimed first: what a process works out the first time (move texts, the
    index of actions) would otherwise fall on whichever is timed first.
    """
    players = spiel.num_players()
    match = game.new_match(players)
    state = spiel.new_initial_state()
    steps = [0, 0]  # of the match and the state being played

    def engine() -> None:
        nonlocal match
        for _ in range(CHUNK):
            if match.is_over or steps[0] == MATCH_STEPS:
                match, steps[0] = game.new_match(players), 0
            steps[0] += 1
            if match.to_move is CHANCE:
                match.play_chance(rng)
            else:
                match.play(rng.choice(match.legal_moves()))

    def adapter() -> None:
        nonlocal state
        for _ in range(CHUNK):
            if state.is_terminal() or steps[1] == MATCH_STEPS:
                state, steps[1] = spiel.new_initial_state(), 0
            steps[1] += 1
            if state.is_chance_node():
                actions, chances = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, chances)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))

    engine()
    adapter()
    spent = [0.0, 0.0]
    chunks = 0
    started = time.perf_counter()
    while chunks == 0 or time.perf_counter() - started < seconds:
        for index, chunk in enumerate((engine, adapter)):
            began = time.perf_counter()
            chunk()
            spent[index] += time.perf_counter() - began
        chunks += 1
    return chunks * CHUNK / spent[0], chunks * CHUNK / spent[1]


def random_sim_test_rate(spiel: Any, seconds: float, rng: random.Random) -> float:
    """Steps a second of ``random_sim_test`` (with serialization), one simulation after
    another until ``seconds`` have passed."""
    start = king_taken(spiel, rng) if spiel.ludoteca_game.id == "krone" else None
    steps = 0

    def count(state: Any) -> None:
        nonlocal steps
        steps += 1

    started = time.perf_counter()
    while True:
        pyspiel.random_sim_test(
            spiel, num_sims=1, serialize=True, verbose=False,
            state_checker_fn=count, specific_initial_state=start,
        )  # fmt: skip
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            return steps / elapsed


def king_taken(spiel: LudotecaGame, rng: random.Random) -> Any:
    """A Krone state just after the King is taken, the match before it played by the
    game's simple strategy."""
    krone = spiel.ludoteca_game
    match = krone.new_match(spiel.num_players())
    while not isinstance(match.state, KroneState) or match.state.king_buyer is None:
        if match.to_move is CHANCE:
            match.play_chance(rng)
        else:
            match.play(krone.simple_move(match.state, rng))
    state = spiel.new_initial_state()
    for entry in match.log:
        state.apply_action(spiel.actions.encode(entry.move, state.match.state))
    return state


@dataclass(frozen=True)
class IsmctsFigure:
    game: str
    players: int
    #: simulations a move: as many as ludoteca's ``mcts`` makes iterations in the game
    simulations: int
    #: the log's length at each position searched (POSITIONS of one match)
    positions: tuple[int, ...]
    #: ``resample_from_infostate`` for the seat to move, a second
    resamples_per_second: float
    #: one ISMCTS move (``IsmctsBot.choose``) at each position, on average
    seconds_per_move: float

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = asdict(self)
        data["positions"] = list(self.positions)
        data["resamples_per_second"] = round(self.resamples_per_second, 1)
        data["seconds_per_move"] = round(self.seconds_per_move, 3)
        return data


#: where in a match ISMCTS is measured: its decisions a quarter, half and three quarters
#: of the way through (a world's cost grows with the log it is drawn for)
POSITIONS = (0.25, 0.5, 0.75)


def measure_ismcts(game: Game, players: int, seconds: float, seed: int = 1) -> IsmctsFigure:
    """OpenSpiel's ISMCTS (``ludoteca.openspiel.bots:ismcts``) at POSITIONS of one match
    played by the game's simple strategy: resamples for the seat to move, ``seconds``
    in all (at least one a position), then one move a position, timed."""
    rng = random.Random(seed)
    spiel = pyspiel.load_game(f"python_ludoteca_{game.id}(players={players})")
    matches = searched_positions(game, players, rng)
    bot = IsmctsBot()
    resampled = 0
    spent = 0.0
    for match in matches:
        state = LudotecaState(spiel, match.copy())
        seat, sampler = seat_to_move(match), random.Random(seed).random
        began = time.perf_counter()
        while resampled == 0 or time.perf_counter() - began < seconds / len(matches):
            state.resample_from_infostate(seat, sampler)
            resampled += 1
        spent += time.perf_counter() - began
    began = time.perf_counter()
    for match in matches:
        bot.choose(match.copy(), random.Random(seed))
    moved = time.perf_counter() - began
    return IsmctsFigure(
        game.id,
        players,
        bot.simulations(matches[0]),
        tuple(match.moves_played for match in matches),
        resampled / spent,
        moved / len(matches),
    )


def searched_positions(game: Game, players: int, rng: random.Random) -> list[Match]:
    """The matches at POSITIONS of one played by the game's simple strategy, each at the
    first decision there with more than one legal move."""
    match = game.new_match(players)
    log = []
    while not match.is_over:
        if match.to_move is CHANCE:
            log.append(match.play_chance(rng))
        else:
            log.append(match.play(game.simple_move(match.state, rng)))
    found = []
    for share in POSITIONS:
        replay = game.new_match(players)
        moves = iter(log)
        while (
            replay.moves_played < share * len(log)
            or replay.to_move is CHANCE
            or len(replay.legal_moves()) < 2
        ):
            replay.play(next(moves))
        found.append(replay)
    return found
