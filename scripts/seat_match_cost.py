#!/usr/bin/env python3
"""What a bot client's match costs a decision: ``Match.from_view`` every move (a replay of
the whole log) against ``ludoteca.client.SeatMatch``, which keeps the match and plays the
new entries on it; over a 2-player Krone match of random against random (thousands of
log entries), seen from seat 0. docs/bots.md quotes its figures.

    .venv/bin/python scripts/seat_match_cost.py
"""

import json
import random
import time

import ludoteca
from ludoteca.client import SeatMatch
from ludoteca.engine import Match

rng = random.Random(7)
game = ludoteca.game("krone")
match = game.new_match(2, {})
views = []
while match.to_move is not None:
    if match.to_move == 0:
        views.append(json.loads(json.dumps(match.view(0))))
    if match.to_move == "chance" or not isinstance(match.to_move, int):
        match.play_chance(rng)
    else:
        match.play(rng.choice(match.legal_moves()))
print("moves", match.moves_played, "seat 0 decisions", len(views))
t = time.perf_counter()
late = []
for i, v in enumerate(views):
    s = time.perf_counter()
    Match.from_view(v, random.Random(1))
    d = time.perf_counter() - s
    if i >= len(views) * 3 // 4:
        late.append(d)
full = time.perf_counter() - t
print(
    f"from_view every move: {1000 * full / len(views):.1f} ms/decision,"
    f" last quarter {1000 * sum(late) / len(late):.1f} ms"
)
seat = SeatMatch(random.Random(1))
t = time.perf_counter()
late = []
prev = None
for i, v in enumerate(views):
    s = time.perf_counter()
    if prev is None:
        seat.update(v)
    else:
        seat.update({**v, "log_from": len(prev["log"]), "log": v["log"][len(prev["log"]) :]})
    seat.match()
    d = time.perf_counter() - s
    prev = v
    if i >= len(views) * 3 // 4:
        late.append(d)
inc = time.perf_counter() - t
print(
    f"kept and played on: {1000 * inc / len(views):.2f} ms/decision,"
    f" last quarter {1000 * sum(late) / len(late):.2f} ms;"
    f" rebuilt {seat.rebuilt}x, entries played on {seat.played_on}"
)
