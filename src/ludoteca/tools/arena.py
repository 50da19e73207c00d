"""Tournaments between bots: ``ludoteca arena``.

The bots named fill the seats in order (again from the first when there are more seats
than bots), and the seating turns by one seat each game, so that over any multiple of
``players`` games every bot sits in every seat equally often. Each game has its own
generator from the seed and the game's number, so a fixed seed gives the same games
(with bots whose budget is counted in iterations, not seconds), also when the games are
shared out between processes (``jobs``): the figures are added up in the games' order.
A bot is a level or anyone's, by ``MODULE:CALLABLE`` (``ludoteca.bots.outside``: it sees
a match rebuilt from its seat's view, never the real one).

A seed is a series of games, numbered from 0, and a tournament plays a range of them
(``first`` on): a bot tuned on games 0 to 199 of a seed is measured honestly on games
from 200 on, which it never met (docs/bots.md, "Measuring honestly").

Whether the figures rank the bots is said, not left to the reader (``separation``): two
bots next to each other in the ranking are apart when their 95% Wilson intervals do not
overlap. When they overlap, ``games_to_separate`` says about how many games would part
them, were the win rates seen the true ones: the fewest games (a multiple of the
players, so the seating stays even) at which the two intervals, each around the rate
seen and as wide as that many games make it, no longer overlap. It is an estimate for
planning, not a promise: at that length the rates seen wobble as much as they did here,
and the intervals part about half the time; four times as many games part them nearly
always (about 97%, for two bots at a two-player table, by the normal approximation).
Not overlapping is a strict criterion, stricter than a test of the difference at 5%.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any, NamedTuple

from ludoteca.bots import Bot, patience, resolve, strategies
from ludoteca.bots.heap import dedicate, settle
from ludoteca.engine import CHANCE, Game, Match, OptionValue, Result

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval
#: Beyond this many games two bots are as good as level: no estimate is given.
MOST_GAMES = 10**9
#: The additions of the loop that times the machine (``pace``).
PACE_ADDITIONS = 1_000_000


@dataclass
class Standing:
    """One bot's figures over the tournament (each seat it held is one game)."""

    name: str
    games: int = 0
    wins: float = 0.0  # a first place shared by k counts 1/k (a shared win by two: ½)
    points: list[int] = field(default_factory=list)
    seconds: float = 0.0
    moves: int = 0
    #: the longest single decision, in seconds: a room waits for the slowest, not the mean
    slowest: float = 0.0
    #: decisions that ran to their deadline (``think``) and were stopped there: where a
    #: timed tournament plays otherwise than the counted budgets would
    at_deadline: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def mean_score(self) -> float | None:
        return sum(self.points) / len(self.points) if self.points else None

    @property
    def seconds_per_move(self) -> float:
        return self.seconds / self.moves if self.moves else 0.0

    def to_json(self) -> dict[str, object]:
        low, high = self.ci95
        mean = self.mean_score
        return {
            "name": self.name,
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.win_rate, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "mean_score": None if mean is None else round(mean, 2),
            "seconds_per_move": round(self.seconds_per_move, 5),
            "slowest_move": round(self.slowest, 4),
            "moves": self.moves,
            "at_deadline": self.at_deadline,
        }


@dataclass(frozen=True)
class Gap:
    """Two bots next to each other in the ranking by win rate, and whether the
    tournament tells them apart."""

    above: str
    below: str
    #: their 95% intervals do not overlap: the tournament ranks ``above`` first
    separated: bool
    #: about how many games would part the intervals at the win rates seen (see the
    #: module's notes); None when the rates are equal, or beyond ``MOST_GAMES``
    games_needed: int | None

    def to_json(self) -> dict[str, object]:
        return {
            "above": self.above,
            "below": self.below,
            "separated": self.separated,
            "games_needed": self.games_needed,
        }


@dataclass
class Tournament:
    game: str
    players: int
    games: int
    seed: int
    standings: list[Standing]
    #: the bot name in each seat, game by game
    seatings: list[list[str]] = field(default_factory=list)
    #: the number of the first game played in the seed's series
    first: int = 0
    #: the bots sharing first place, game by game: what a ladder (tools/ladder.py) fits
    winners: list[list[str]] = field(default_factory=list)
    #: seconds each decision had, as in the room; None: budgets counted only (repeatable)
    think: float | None = None
    #: a timed tournament's ``pace()`` before and after its games (each part's, joined)
    pace: list[float] = field(default_factory=list)
    #: whether the bots kept what they worked out from one game to the next in their
    #: process, as the room's bot processes do; False: each game from nothing (repeatable)
    remember: bool = False

    @property
    def seeds(self) -> range:
        """The numbers of the games played, in the seed's series."""
        return range(self.first, self.first + self.games)

    @property
    def separation(self) -> list[Gap]:
        """Each two bots next to each other in the ranking, best first."""
        return separation(self.standings, self.games, self.players)

    @property
    def separated(self) -> bool:
        """Every bot's interval apart from its neighbours': the figures rank them all."""
        return all(gap.separated for gap in self.separation)

    def to_json(self) -> dict[str, object]:
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "seeds": [self.seeds.start, self.seeds.stop],  # from A up to, not including, B
            "think": self.think,
            "remember": self.remember,
            "pace": self.pace,
            "bots": [standing.to_json() for standing in self.standings],
            "separated": self.separated,
            "separation": [gap.to_json() for gap in self.separation],
            "winners": self.winners,
        }


class JoinError(ValueError):
    """Arena results that are not parts of one tournament."""


def join(parts: Sequence[Mapping[str, Any]]) -> dict[str, object]:
    """Arena results (``to_json``) of one tournament played in ranges of its seed, as
    the result of the whole: the same game, players, seed and bots in the same order,
    each range starting where the one before stopped. Wins and games add up; the
    interval, the mean score and the separation are worked out again over all the
    games; the seconds a move are weighed by moves (by games, every part alike, when a
    part was written before results counted their moves: a part's moves weigh hundreds
    of times its games), the slowest move is the slowest of all."""
    if not parts:
        raise JoinError("give at least one arena result to join")
    ordered = sorted(parts, key=lambda part: part["seeds"][0])
    first = ordered[0]
    # A part written before think or remember had none: it was played without them.
    same = {"game": None, "players": None, "seed": None, "think": None, "remember": False}
    for part in ordered[1:]:
        for key, missing in same.items():
            mine, theirs = first.get(key, missing), part.get(key, missing)
            if theirs != mine:
                raise JoinError(f"the parts differ in {key}: {mine!r} and {theirs!r}")
        if [b["name"] for b in part["bots"]] != [b["name"] for b in first["bots"]]:
            raise JoinError("the parts seat different bots (or in another order)")
    for before, after in pairwise(ordered):
        if after["seeds"][0] != before["seeds"][1]:
            raise JoinError(
                f"games {before['seeds'][1]} to {after['seeds'][0] - 1} are missing (or "
                f"played twice): the parts must follow on, each from where the last stopped"
            )
    games = sum(part["games"] for part in ordered)
    counted = all("moves" in part["bots"][0] for part in ordered)
    standings: list[Standing] = []
    scores: list[float | None] = []
    for index, bot in enumerate(first["bots"]):
        own = [part["bots"][index] for part in ordered]
        weight = [entry["moves"] if counted else entry["games"] for entry in own]
        standing = Standing(
            bot["name"],
            games=sum(entry["games"] for entry in own),
            wins=sum(entry["wins"] for entry in own),
            seconds=sum(e["seconds_per_move"] * w for e, w in zip(own, weight, strict=True)),
            moves=sum(weight),
            slowest=max(entry["slowest_move"] for entry in own),
            at_deadline=sum(entry.get("at_deadline", 0) for entry in own),
        )
        standings.append(standing)
        means = [entry["mean_score"] for entry in own]
        scores.append(
            None
            if None in means
            else sum(m * e["games"] for m, e in zip(means, own, strict=True)) / standing.games
        )
    tournament = Tournament(
        first["game"],
        first["players"],
        games,
        first["seed"],
        standings,
        first=first["seeds"][0],
        winners=[won for part in ordered for won in part["winners"]],
        think=first.get("think"),
        pace=[seconds for part in ordered for seconds in part.get("pace", [])],
        remember=first.get("remember", False),
    )
    # A timed part written before results counted the decisions stopped at the deadline
    # has no count to add (an untimed one stopped none).
    stops_known = all(
        "at_deadline" in part["bots"][0] or part.get("think") is None for part in ordered
    )
    bots = []
    for standing, score in zip(standings, scores, strict=True):
        entry = standing.to_json()
        entry["mean_score"] = None if score is None else round(score, 2)
        if not counted:
            del entry["moves"]  # not every part counted its moves: no count to give
        if not stops_known:
            del entry["at_deadline"]
        bots.append(entry)
    return {**tournament.to_json(), "bots": bots}


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """The Wilson score interval of a proportion at 95%."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def separation(standings: Sequence[Standing], games: int, players: int) -> list[Gap]:
    """The ranking's neighbours, best first, each pair told apart or not, with the games
    that would part them (the module's notes say how they are reckoned)."""
    ranked = sorted(standings, key=lambda standing: -standing.win_rate)  # stable: ties in order
    return [
        Gap(
            above.name,
            below.name,
            above.ci95[0] > below.ci95[1],
            games_to_separate(above, below, games, players),
        )
        for above, below in pairwise(ranked)
    ]


def games_to_separate(above: Standing, below: Standing, games: int, players: int) -> int | None:
    """The fewest games, a multiple of ``players``, at which the 95% Wilson intervals of
    ``above`` and ``below`` no longer overlap, each win rate held at what was seen.

    A bot may hold more than one seat a game (more seats than bots), so each keeps its
    seats a game as in this tournament. None when the rates are equal (no number of
    games parts them) or more than ``MOST_GAMES`` would be needed.
    """
    if games == 0 or above.win_rate <= below.win_rate:
        return None
    high_seats, low_seats = above.games / games, below.games / games

    def parted(count: int) -> bool:
        upper = wilson(above.win_rate * high_seats * count, round(high_seats * count))
        lower = wilson(below.win_rate * low_seats * count, round(low_seats * count))
        return upper[0] > lower[1]

    # The intervals narrow as the games grow: double the rounds (``players`` games each)
    # to a length that parts them, then halve the step down to the fewest.
    most = 1
    while not parted(most * players):
        most *= 2
        if most * players > MOST_GAMES:
            return None
    fewest = most // 2  # does not part them (0: no games)
    while most - fewest > 1:
        middle = (fewest + most) // 2
        if parted(middle * players):
            most = middle
        else:
            fewest = middle
    return most * players


def seating(names: Sequence[str], players: int, number: int) -> list[str]:
    """The bot in each seat in game ``number`` (from 0): the line-up turned by one a game."""
    lineup = [names[i % len(names)] for i in range(players)]
    turn = number % players
    return [lineup[(seat + turn) % players] for seat in range(players)]


def run(
    game: Game,
    names: Sequence[str],
    games: int,
    seed: int,
    players: int | None = None,
    options: Mapping[str, OptionValue] | None = None,
    advance: Callable[[], None] | None = None,
    jobs: int = 1,
    first: int = 0,
    think: float | None = None,
    remember: bool = False,
) -> Tournament:
    """Play ``games`` games between the bots ``names`` and add up their figures, in
    ``jobs`` processes: the games numbered ``first`` on in the series of ``seed``. With
    ``think``, each decision has that many seconds, as in the room (``engine.deadline``):
    then a seed may not repeat a game. With ``remember``, the bots keep what they worked
    out (Krone's odds) from one game to the next in their process, as the room's bot
    processes do: then a game depends on the games its process played before it."""
    if not names:
        raise ValueError("name at least one bot")
    count = players if players is not None else max(len(names), game.min_players)
    if len(names) > count:
        raise ValueError(f"{len(names)} bots need at least {len(names)} players, not {count}")
    if jobs < 1:
        raise ValueError(f"jobs must be 1 or more, not {jobs}")
    if first < 0:
        raise ValueError(f"games are numbered from 0, not {first}")
    if think is not None and not think > 0:
        raise ValueError(f"a decision needs some time: think must be above 0, not {think}")
    for name in names:
        resolve(name)  # an unknown bot is refused before any game is played
    standings = {name: Standing(name) for name in names}
    tournament = Tournament(
        game.id, count, games, seed, [], first=first, think=think, remember=remember
    )
    if think is not None:
        tournament.pace.append(pace())
    tournament.seatings = [seating(names, count, number) for number in tournament.seeds]
    numbered = zip(tournament.seeds, tournament.seatings, strict=True)
    setup = [Setup(game.id, count, dict(options or {}), seats, seed, number, think, remember)
             for number, seats in numbered]  # fmt: skip
    for seats, (result, timing) in zip(tournament.seatings, _games(setup, jobs), strict=True):
        record(result, seats, standings)
        tournament.winners.append([seats[seat] for seat in result.winners])
        for name, (seconds, moves, slowest, stopped) in timing.items():
            standings[name].seconds += seconds
            standings[name].moves += moves
            standings[name].slowest = max(standings[name].slowest, slowest)
            standings[name].at_deadline += stopped
        if advance is not None:
            advance()
    if think is not None:
        tournament.pace.append(pace())
    tournament.standings = [standings[name] for name in dict.fromkeys(names)]
    return tournament


def pace() -> float:
    """Seconds a plain Python loop of ``PACE_ADDITIONS`` additions takes here, now.

    Under a deadline in seconds a quicker machine cuts fewer plans short, so a timed
    tournament's figures are partly the machine's: the same search against the same
    bot won 57.7% on one day and 51.2% on a slower one (docs/krone-search.md). Timed
    tournaments say how quick the machine was before and after their games."""
    start = time.perf_counter()
    total = 0
    for number in range(PACE_ADDITIONS):
        total += number
    return round(time.perf_counter() - start, 4)


class Setup(NamedTuple):
    """One game of a tournament, as it goes to the process that plays it."""

    game: str
    players: int
    options: dict[str, OptionValue]
    seats: list[str]  # the bot in each seat
    seed: int
    number: int  # in the seed's series
    think: float | None = None  # seconds a decision, as in the room; None: counted only
    remember: bool = False  # the bots keep what earlier games of the process worked out


#: a bot's seconds, moves, slowest move's seconds and decisions stopped at the deadline
Timing = dict[str, tuple[float, int, float, int]]


def _games(setup: list[Setup], jobs: int) -> Iterator[tuple[Result, Timing]]:
    """Each game's result and its bots' time, in the games' order."""
    if jobs == 1:
        yield from map(play_game, setup)
        return
    with ProcessPoolExecutor(jobs, initializer=dedicate) as pool:
        yield from pool.map(play_game, setup)


_BOTS: dict[str, Bot] = {}  # a process's bots, made once (a bot keeps nothing between calls)


def play_game(setup: Setup, watch: Callable[[Match], None] | None = None) -> tuple[Result, Timing]:
    """One game of the tournament: its result, and each bot's seconds, moves, slowest
    move and decisions that ran to the deadline. ``watch`` sees the match after each
    bot's move (a study of the games, such as ``scripts/krone_kings.py``)."""
    import ludoteca

    seats = setup.seats
    rng = random.Random(f"{setup.seed}/{setup.number}")
    game = ludoteca.game(setup.game)
    # What the bots remember from earlier games (Krone's odds) would change where a
    # counted budget runs out, and so the moves: each game starts from nothing, so that
    # it repeats whichever games its process played before (--jobs, a range played on),
    # unless the tournament plays as the room's bot processes do, which remember.
    if not setup.remember:
        strategies.forget(game)
    match = game.new_match(setup.players, setup.options)
    timing: dict[str, list[float]] = {name: [0.0, 0, 0.0, 0] for name in seats}
    while not match.is_over:
        actor = match.to_move
        if actor is CHANCE:
            match.play_chance(rng)
            continue
        if actor is None:
            break
        name = seats[actor]
        player = _BOTS.get(name) or _BOTS.setdefault(name, resolve(name))
        started = time.perf_counter()
        move = patience.decide(player.choose, match, rng, setup.think)
        spent = time.perf_counter() - started
        timing[name][0] += spent
        timing[name][1] += 1
        timing[name][2] = max(timing[name][2], spent)
        # A bot's bounded work stops once the deadline has passed: a decision that took
        # the whole of it was stopped there (or had nothing left to stop).
        if setup.think is not None and spent >= setup.think:
            timing[name][3] += 1
        settle()  # between two timed decisions: the collector's pauses are not a bot's
        match.play(move)
        if watch is not None:
            watch(match)
    return match.result(), {
        name: (spent, int(moves), slowest, int(stopped))
        for name, (spent, moves, slowest, stopped) in timing.items()
    }


def record(result: Result, seats: Sequence[str], standings: dict[str, Standing]) -> None:
    """Add one finished game: a first place shared by k seats is 1/k of a win each."""
    for seat, name in enumerate(seats):
        standing = standings[name]
        standing.games += 1
        if seat in result.winners:
            standing.wins += 1 / len(result.winners)
        if result.scores is not None:
            standing.points.append(result.scores[seat])
