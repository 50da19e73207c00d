"""Which rating model predicts results better: the room's pairwise Elo or OpenSkill's
Plackett-Luce (docs/ratings.md, "Elo or OpenSkill").

Each match, in the order played, is first predicted by both models from the ratings so
far, then rated by both. A prediction is pairwise: for every two players of a match who
did not share a place, the chance each model gave the one placed better of being
ahead (Elo: ``ratings.expected``; OpenSkill: its ``predict_win`` for the two). Printed:
the pairs' log-loss (lower is better) and accuracy (the share of pairs whose better
placed player the model favoured; a tie of ratings counts a half), over all matches and
over the second half (when both have had time to learn), and how far each player's Elo
rating after n matches is from where it ends (the "?" of docs/ratings.md).

The matches come from a room's database (``--db URL``: its rated matches) or are played
here between bots of unequal strength (``--game``): a pool of players, ``--copies`` of
each bot level, from which every match seats 3 to ``--most`` of them drawn at random;
all of it from ``--seed``. Needs openskill 6.2.0 (the ``test`` extra).

    nice -n 10 .venv/bin/python scripts/compare_ratings.py --game kingdomino --matches 2000
    .venv/bin/python scripts/compare_ratings.py --db sqlite+aiosqlite:///room.db
"""

from __future__ import annotations

import argparse
import asyncio
import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

from openskill.models import PlackettLuce, PlackettLuceRating

from ludoteca.server.ratings import START, Rated, changes, expected
from ludoteca.server.storage import Store
from ludoteca.tools.arena import Setup, play_game

#: Matches a player has played at which their Elo is compared with where it ends.
AFTER = (5, 10, 15, 20, 30)


@dataclass
class Score:
    """One model's pairwise predictions: log-loss and hits, over all and the late half."""

    pairs: list[tuple[int, float]] = field(default_factory=list)  # (match number, P(right))

    def add(self, number: int, chance: float) -> None:
        self.pairs.append((number, min(max(chance, 1e-9), 1 - 1e-9)))

    def chances(self, since: int = 0) -> list[float]:
        return [chance for number, chance in self.pairs if number >= since]

    def loss(self, since: int = 0) -> float:
        return -statistics.fmean(math.log(chance) for chance in self.chances(since))

    def accuracy(self, since: int = 0) -> float:
        return statistics.fmean(
            1.0 if c > 0.5 else 0.5 if c == 0.5 else 0.0 for c in self.chances(since)
        )

    def figures(self, since: int = 0) -> str:
        count = len(self.chances(since))
        if not count:
            return "no pairs"
        return (
            f"log-loss {self.loss(since):.4f}, accuracy {self.accuracy(since):.3f} ({count} pairs)"
        )


@dataclass
class Predictions:
    """Each model's score, and every player's Elo after each of their matches."""

    scores: dict[str, Score]
    elo: dict[int, list[float]]


ELO, OPENSKILL = "Elo (pairwise, K=32)", "OpenSkill Plackett-Luce"


def predict(matches: Sequence[Rated]) -> Predictions:
    """Each match predicted by both models from the ratings before it, then rated."""
    model = PlackettLuce()
    elo: dict[int, list[float]] = {}
    skill: dict[int, PlackettLuceRating] = {}
    scores = {ELO: Score(), OPENSKILL: Score()}
    for number, match in enumerate(matches):
        players = list(match.players)
        place = {seat: index for index, group in enumerate(match.standing) for seat in group}
        before = [elo.get(user, [START])[-1] for user in players]
        mine = [skill.setdefault(user, model.rating(name=str(user))) for user in players]
        for a in range(len(players)):
            for b in range(len(players)):
                if place[a] < place[b]:
                    scores[ELO].add(number, expected(before[a], before[b]))
                    scores[OPENSKILL].add(number, model.predict_win([[mine[a]], [mine[b]]])[0])
        moved = changes(before, match.standing)
        for seat, user in enumerate(players):
            elo.setdefault(user, []).append(before[seat] + moved[seat])
        ranks = [place[seat] for seat in range(len(players))]
        rated = model.rate([[rating] for rating in mine], ranks=ranks)
        for seat, user in enumerate(players):
            skill[user] = rated[seat][0]
    return Predictions(scores, elo)


def compare(matches: Sequence[Rated], levels: dict[int, str] | None = None) -> None:
    found = predict(matches)
    half = len(matches) // 2
    print(f"{len(matches)} matches, {len(found.elo)} players")
    for name, score in found.scores.items():
        print(f"  {name}: all: {score.figures()}; second half: {score.figures(half)}")
    final = {user: after[-1] for user, after in found.elo.items()}
    if levels is not None:
        print("  final Elo by level: " + ", ".join(
            f"{level} {statistics.fmean(final[u] for u in final if levels[u] == level):.0f}"
            for level in dict.fromkeys(levels.values())
        ))  # fmt: skip
    for n in AFTER:
        gaps = [
            abs(after[n - 1] - after[-1]) for after in found.elo.values() if len(after) >= 3 * n
        ]
        if gaps:
            print(
                f"  Elo after {n} matches: {statistics.fmean(gaps):.0f} from where it ends "
                f"on average, {max(gaps):.0f} at most ({len(gaps)} players of {3 * n}+ matches)"
            )


def bot_matches(
    game: str, levels: Sequence[str], copies: int, most: int, count: int, seed: int
) -> tuple[list[Rated], dict[int, str]]:
    """``count`` matches between a pool of bots, ``copies`` players of each level."""
    pool = dict(enumerate(level for level in levels for _ in range(copies)))
    rng = random.Random(seed)
    matches = []
    for number in range(count):
        players = rng.sample(sorted(pool), rng.randint(3, most))
        result, _timing = play_game(
            Setup(game, len(players), {}, [pool[p] for p in players], seed, number)
        )
        matches.append(Rated(game, players, result.to_json()["ranking"]))
    return matches, pool


async def stored_matches(url: str) -> list[Rated]:
    store = Store(url)
    try:
        found = await store.rated_matches()
    finally:
        await store.close()
    return [
        Rated(m.game, [chair["user_id"] for chair in m.seats], (m.result or {})["standing"])
        for m in found
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", help="a room's database URL: compare on its rated matches")
    parser.add_argument("--game", default="kingdomino")
    parser.add_argument("--levels", default="random,simple,greedy")
    parser.add_argument("--copies", type=int, default=4, help="players of each level")
    parser.add_argument("--most", type=int, default=4, help="most players a match (3 or more)")
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.db:
        compare(asyncio.run(stored_matches(args.db)))
        return
    levels = args.levels.split(",")
    print(
        f"{args.game}, 3 to {args.most} players, {args.copies} each of {', '.join(levels)}, "
        f"seed {args.seed}"
    )
    compare(*bot_matches(args.game, levels, args.copies, args.most, args.matches, args.seed))


if __name__ == "__main__":
    main()
