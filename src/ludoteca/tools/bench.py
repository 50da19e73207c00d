"""Speed of the rules engines: random legal moves played for a while, on one core.

Besides playouts, ``measure`` times the round trip of one finished match, so that the
cost of storing and loading stays visible: playing its log again with the moves given as
values, loading its document (every entry read and checked), ``to_json`` and a view.
Loading should cost no more than playing did.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass

from ludoteca.engine import CHANCE, Game, Match
from ludoteca.engine.match import forget_read_moves


@dataclass(frozen=True)
class Figure:
    game: str
    players: int
    games: int
    #: decisions by seats; chance events (rolls, draws) are played but not counted
    moves: int
    seconds: float
    #: the finished match timed for the round trip: its log entries (chance included)
    log_entries: int = 0
    #: milliseconds to play that log again, the moves given as values
    play_ms: float = 0.0
    #: milliseconds for Game.load of its JSON document (every entry read and checked, the
    #: position compared with the replay), with the move texts read before (as a server
    #: loading matches all day); of the log alone, without a position (as the room stores
    #: a match); and with every text read anew (the first match a process loads)
    load_ms: float = 0.0
    load_log_ms: float = 0.0
    load_first_ms: float = 0.0
    #: each load's time over play_ms, measured in the same rounds: the goal is at most 1
    load_ratio: float = 0.0
    load_log_ratio: float = 0.0
    load_first_ratio: float = 0.0
    #: milliseconds for Match.to_json() and for Match.view(0)
    to_json_ms: float = 0.0
    view_ms: float = 0.0

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = asdict(self)
        data["moves_per_second"] = round(self.moves_per_second)
        data["games_per_second"] = round(self.games_per_second, 2)
        return data


def measure(game: Game, players: int, seconds: float, seed: int = 1) -> Figure:
    """Random playouts (``legal_moves()`` and ``play()`` each step) for ``seconds``, then
    the round trip of the last match played.

    Only whole games count, so at least one game is played however short the time.
    """
    rng = random.Random(seed)
    games = moves = 0
    started = time.perf_counter()
    while True:
        match = game.new_match(players)
        while not match.is_over:
            if match.to_move is CHANCE:
                match.play_chance(rng)
            else:
                match.play(rng.choice(match.legal_moves()))
                moves += 1
        games += 1
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            break
    return Figure(game.id, players, games, moves, elapsed, len(match.log), **round_trip(match))


def round_trip(match: Match, least_seconds: float = 0.3) -> dict[str, float]:
    """Milliseconds for replaying, loading, writing and viewing ``match``, each the best of
    several runs (the least disturbed by other work on the machine).

    Playing and the loads take turns, round after round, so that a burst of other work
    slows them alike and their ratio holds: at least five rounds, and more while
    ``least_seconds`` have not passed.
    """
    game, players, options = match.game, match.players, match.options
    values = [entry.move for entry in match.log]
    document = json.loads(json.dumps(match.to_json()))  # as read from a file: all text
    log_alone = {key: value for key, value in document.items() if key != "position"}

    def replay() -> None:
        again = game.new_match(players, options)
        for move in values:
            again.play(move)

    best = dict.fromkeys(("play", "load", "log", "first"), float("inf"))
    rounds, started = 0, time.perf_counter()
    while rounds < 5 or (time.perf_counter() - started < least_seconds and rounds < 1000):
        best["play"] = min(best["play"], _time(replay))
        best["load"] = min(best["load"], _time(lambda: game.load(document)))
        best["log"] = min(best["log"], _time(lambda: game.load(log_alone)))
        forget_read_moves(game)
        best["first"] = min(best["first"], _time(lambda: game.load(document)))
        rounds += 1
    return {
        "play_ms": _ms(best["play"]),
        "load_ms": _ms(best["load"]),
        "load_log_ms": _ms(best["log"]),
        "load_first_ms": _ms(best["first"]),
        "load_ratio": round(best["load"] / best["play"], 3),
        "load_log_ratio": round(best["log"] / best["play"], 3),
        "load_first_ratio": round(best["first"] / best["play"], 3),
        "to_json_ms": _ms(min(_time(match.to_json) for _ in range(5))),
        "view_ms": _ms(min(_time(lambda: match.view(0)) for _ in range(5))),
    }


def _time(run: Callable[[], object]) -> float:
    started = time.perf_counter()
    run()
    return time.perf_counter() - started


def _ms(seconds: float) -> float:
    return round(1000 * seconds, 3)
