"""Elo ratings of bots from arena games at any table size: ``ludoteca ladder``.

A rating says how strong a level is against the others in a number a player knows from
the leaderboard: by Elo's curve, a bot rated ``d`` points above another takes
``1 / (1 + 10^(-d/400))`` of their two-player games. The ratings are fitted by maximum
likelihood to who won each game (each game counts once, whatever the order the games
came in: unlike the room's running Elo, a ladder has no history), by Luce's choice model
— the first place of Plackett–Luce: at a table of bots of strengths ``s``, bot ``b``
wins with the chance ``n_b s_b / Σ n_j s_j``, where ``n`` counts the seats each holds.
At two seats this is Bradley–Terry, and Elo's curve; at four or five it lets the games
of a full table, where the levels are often told apart better (Krone's ``simple`` and
``greedy``), count beside the two-player ones. What it assumes — that a bot's edge over
another is the same whoever else sits at the table — holds only roughly: a ladder
summarises every table size in one number, and ``docs/bots.md`` keeps each table's own
win rates beside it. A shared first place counts as a win shared out among the seats
that share it, as the arena counts it.

Two adjustments, both said where the ratings are shown:

* **A prior of one drawn game** between each two bots that met (sat at one table).
  Without it a bot that won every game against another (``greedy`` against
  ``random``) would be rated infinitely above it; with it, a clean sweep of 600 games
  puts them about 1,250 points apart, and the ratings of bots that win and lose move by
  a point or two.
* **An anchor.** Only differences are measured, so one bot's rating is fixed
  (``greedy`` at 1500, the rating a person starts a game at, by default) and the others
  are read from it. The bots never played people: a bot's rating says how it stands
  against the other levels, not against a person rated the same.

The 95% interval of each rating is a parametric bootstrap over games: each line-up's
games are played again in imagination, as many as were played, each won by one seat
with the chances the ladder fitted for that line-up; the ladder is fitted again, and
the 2.5th and 97.5th percentiles of each bot's rating over the redraws are its interval
(seeded, so the same games give the same intervals). Drawing the games seen again
instead would give a clean sweep an interval of one point: every redraw of 600 wins is
600 wins. A shared first place is redrawn as one seat's win (it is rare: the mean is
kept, the spread a little over-stated). The anchor's interval is its own point: the
others' carry the uncertainty of the difference.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

#: Elo's scale: 400 points are a factor of ten in the odds of winning.
SCALE = 400.0 / math.log(10.0)
#: Drawn games imagined between each two bots that met (see the module's notes).
PRIOR_DRAWS = 1.0
#: How many times the games are drawn again for the intervals.
RESAMPLES = 1000


@dataclass(frozen=True)
class Meeting:
    """The games of one line-up: the bots at the table, the seats each held, and each
    game's share of the win of each bot, in the line-up's order (1 a win, ½ a first
    place shared by two seats, 0 a loss)."""

    bots: tuple[str, ...]
    seats: tuple[int, ...]
    games: tuple[tuple[float, ...], ...]

    def __post_init__(self) -> None:
        if len(set(self.bots)) < 2 or len(set(self.bots)) != len(self.bots):
            raise ValueError(f"a line-up names two bots or more, each once, not {self.bots}")
        if len(self.seats) != len(self.bots) or min(self.seats) < 1:
            raise ValueError(f"each of {self.bots} holds a seat or more, not {self.seats}")
        for shares in self.games:
            if len(shares) != len(self.bots) or abs(sum(shares) - 1) > 1e-9:
                raise ValueError(f"a game's shares of the win {shares} do not add up to one")

    @classmethod
    def pair(cls, first: str, second: str, scores: Iterable[float]) -> Meeting:
        """Two bots at a two-player table: the first's share of each game."""
        return cls((first, second), (1, 1), tuple((score, 1 - score) for score in scores))

    @property
    def wins(self) -> tuple[float, ...]:
        return tuple(sum(shares[i] for shares in self.games) for i in range(len(self.bots)))


@dataclass(frozen=True)
class Rating:
    name: str
    rating: float
    low: float
    high: float
    games: int

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "rating": round(self.rating),
            "ci95": [round(self.low), round(self.high)],
            "games": self.games,
        }


def meeting_from_arena(document: Mapping[str, object]) -> Meeting:
    """The games of a ``ludoteca arena --json`` document of two bots or more, at any
    table size; a ``ValueError`` saying what is wrong for any other."""
    bots, games = document.get("bots"), document.get("games")
    winners = document.get("winners")
    if not isinstance(bots, list) or len(bots) < 2 or not isinstance(games, int) or games < 1:
        raise ValueError("a ladder reads arena results of two bots or more and their games")
    if not isinstance(winners, list) or len(winners) != games:
        raise ValueError("the arena result has no winners game by game (arena --json names them)")
    names = [str(bot["name"]) for bot in bots]
    if len(set(names)) < len(names):
        raise ValueError(f"the bots {', '.join(names)} repeat: a ladder needs two bots or more")
    # The seats each held come from its games: a bot seated twice a game played twice as
    # many (arena fills the seats again from the first bot). A bot whose games are not
    # given (results written by hand) held one seat.
    seats = [bot.get("games", games) / games for bot in bots]
    if any(n != int(n) or n < 1 for n in seats) or sum(seats) != document.get("players"):
        raise ValueError(f"the bots' games {[bot.get('games') for bot in bots]} do not fill "
                         f"the {document.get('players')} seats of {games} games")  # fmt: skip
    index = {name: i for i, name in enumerate(names)}
    shares = []
    for won in winners:
        if not isinstance(won, list) or not won or not set(won) <= set(names):
            raise ValueError(f"a game's winners {won!r} are not among {', '.join(names)}")
        game = [0.0] * len(names)
        for name in won:
            game[index[name]] += 1 / len(won)
        shares.append(tuple(game))
    return Meeting(tuple(names), tuple(int(n) for n in seats), tuple(shares))


def from_arena(
    game_id: str,
    documents: Sequence[tuple[str, Mapping[str, Any]]],
    anchor: str,
    at: float,
    seed: int,
    resamples: int = RESAMPLES,
) -> dict[str, Any]:
    """The ladder of ``game_id`` from arena results (each with where it came from, for
    errors), JSON-ready: the ratings strongest first, the anchor, and the games fitted
    (``sources``); a ``ValueError`` naming the result that cannot be fitted."""
    meetings: list[Meeting] = []
    sources: list[dict[str, Any]] = []
    for source, document in documents:
        if document.get("game") != game_id:
            raise ValueError(f"{source} holds games of {document.get('game')!r}, not {game_id}")
        try:
            meeting = meeting_from_arena(document)
        except ValueError as error:
            raise ValueError(f"{source}: {error}") from None
        meetings.append(meeting)
        sources.append({"bots": list(meeting.bots), "players": sum(meeting.seats),
                        "seed": document.get("seed"), "seeds": document.get("seeds"),
                        "games": len(meeting.games)})  # fmt: skip
    rated = ladder(meetings, anchor, at, seed, resamples)
    # How well one number a bot sums up its tables: each line-up's share of the wins seen
    # beside the share the ratings give it (Luce's model holds only roughly).
    ratings = {rating.name: rating.rating for rating in rated}
    for fitted, meeting in zip(sources, meetings, strict=True):
        fitted["won"] = [round(won / len(meeting.games), 3) for won in meeting.wins]
        fitted["expected"] = [round(chance, 3) for chance in expected(meeting, ratings)]
    return {
        "game": game_id,
        "anchor": {anchor: at},
        "prior_draws": PRIOR_DRAWS,
        "resamples": resamples,
        "sources": sources,
        "ratings": [rating.to_json() for rating in rated],
    }


def fit(meetings: Sequence[Meeting], anchor: str, at: float) -> dict[str, float]:
    """Every bot's rating on Elo's scale by Luce's model of who wins, ``anchor`` at
    ``at``."""
    return _Shape(meetings, anchor).ratings([m.wins for m in meetings], at)


class _Shape:
    """Who sat with whom in a set of meetings, by index: all a fit needs beside the wins
    (the bootstrap fits the same shape a thousand times with other wins), and the bot
    whose rating is fixed."""

    def __init__(self, meetings: Sequence[Meeting], anchor: str) -> None:
        self.names = sorted({name for m in meetings for name in m.bots})
        if anchor not in self.names:
            names = ", ".join(self.names)
            raise ValueError(f"the anchor {anchor!r} played none of these games: {names}")
        self.index = {name: i for i, name in enumerate(self.names)}
        self.anchor = self.index[anchor]
        met = sorted({tuple(sorted(two)) for m in meetings for two in combinations(m.bots, 2)})
        #: each bot's partners in the prior's drawn games
        self.partners: list[list[int]] = [[] for _ in self.names]
        for a, b in met:
            self.partners[self.index[a]].append(self.index[b])
            self.partners[self.index[b]].append(self.index[a])
        #: each meeting's bots (by index) and seats, and its number of games
        self.tables = [
            ([self.index[b] for b in m.bots], list(m.seats), len(m.games)) for m in meetings
        ]
        #: the meetings each bot sat at, with its seats there
        self.sits: list[list[tuple[int, int]]] = [[] for _ in self.names]
        for t, (bots, seats, _) in enumerate(self.tables):
            for i, n in zip(bots, seats, strict=True):
                self.sits[i].append((t, n))

    def ratings(self, wins: Sequence[Sequence[float]], at: float) -> dict[str, float]:
        """The ratings, the anchor's at ``at``, when each meeting's bots won ``wins`` (in
        its line-up's order)."""
        won = [PRIOR_DRAWS / 2 * len(partners) for partners in self.partners]
        for (bots, _, _), shares in zip(self.tables, wins, strict=True):
            for i, share in zip(bots, shares, strict=True):
                won[i] += share
        # Hunter's minorisation–maximisation (2004, for Luce's model): each strength is its
        # wins over the games it sat at, each weighed by its seats over the table's total
        # strength; it climbs the likelihood every step. Each table's total follows each
        # bot's new strength as it is set, rather than being summed again.
        strength = [1.0] * len(self.names)
        total = [float(sum(seats)) for _, seats, _ in self.tables]
        for _ in range(10_000):
            moved = 0.0
            for i, old in enumerate(strength):
                weight = sum(PRIOR_DRAWS / (old + strength[j]) for j in self.partners[i])
                for t, n in self.sits[i]:
                    weight += self.tables[t][2] * n / total[t]
                new = won[i] / weight if weight else old
                for t, n in self.sits[i]:
                    total[t] += n * (new - old)
                moved = max(moved, abs(math.log(new / old)))
                strength[i] = new
            if moved < 1e-10:
                break
        base = math.log(strength[self.anchor])
        return {
            name: at + SCALE * (math.log(strength[i]) - base) for i, name in enumerate(self.names)
        }


def ladder(
    meetings: Sequence[Meeting],
    anchor: str = "greedy",
    at: float = 1500.0,
    seed: int = 0,
    resamples: int = RESAMPLES,
) -> list[Rating]:
    """The ratings with their 95% bootstrap intervals, strongest first."""
    if not meetings:
        raise ValueError("a ladder needs games: no arena results given")
    shape = _Shape(meetings, anchor)
    ratings = shape.ratings([m.wins for m in meetings], at)
    chances = [expected(m, ratings) for m in meetings]
    rng = random.Random(f"ladder/{seed}")
    drawn: dict[str, list[float]] = {name: [] for name in ratings}
    for _ in range(resamples):
        again = []
        for m, chance in zip(meetings, chances, strict=True):
            wins = [0.0] * len(m.bots)
            for _ in m.games:
                wins[_winner(rng.random(), chance)] += 1
            again.append(wins)
        for name, value in shape.ratings(again, at).items():
            drawn[name].append(value)
    played = {name: sum(len(m.games) for m in meetings if name in m.bots) for name in ratings}
    out = []
    for name, value in ratings.items():
        values = sorted(drawn[name])
        low, high = (_percentile(values, q) for q in (0.025, 0.975)) if values else (value, value)
        out.append(Rating(name, value, low, high, played[name]))
    return sorted(out, key=lambda rating: -rating.rating)


def expected(meeting: Meeting, ratings: Mapping[str, float]) -> list[float]:
    """Each bot's chance of winning a game of ``meeting`` by the ``ratings``."""
    weights = [
        n * 10 ** (ratings[b] / 400) for b, n in zip(meeting.bots, meeting.seats, strict=True)
    ]
    return [weight / sum(weights) for weight in weights]


def _winner(draw: float, chances: Sequence[float]) -> int:
    """The seat of the line-up that ``draw`` (uniform in [0, 1)) makes the winner by
    ``chances``: the first whose running total passes it."""
    total = 0.0
    for i, chance in enumerate(chances):
        total += chance
        if draw < total:
            return i
    return len(chances) - 1


def _percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of sorted ``values``, between neighbours linearly."""
    position = q * (len(values) - 1)
    below = math.floor(position)
    above = min(below + 1, len(values) - 1)
    return values[below] + (values[above] - values[below]) * (position - below)


def pairs(names: Iterable[str]) -> list[tuple[str, str]]:
    """Every two of the bots, once, in the order named."""
    return list(combinations(list(dict.fromkeys(names)), 2))
