"""A judgement of the race for the King learnt from games: each seat's chance to win.

Before the King is taken, a seat's chance goes by the cards it holds and by how soon it
plays: ``exp(w · x_seat) / Σ exp(w · x_other)`` (a conditional logit), with one weight
for each kind of card held and one for each place in the order of the coming turns. The
weights are fitted for each number of players on positions of self-play games
(``scripts/fit_krone_judgement.py``, which writes ``judgement.json`` beside this module
and says in it how to remake each table size's weights). The same weights judge every
seat, so the judgement is symmetric between seats by construction.
"""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path

from .state import Holding, KroneState

#: The cards counted, each as held or not (the Charlatans by how many; the Jester while
#: unflipped). The King and Queen are not: this judges the race before the King is taken.
CARDS = (
    "jester", "charlatan", "farmer", "maid", "philosopher", "craftsman", "guard", "hunter",
    "astronomer", "merchant", "lady", "pawnbroker", "knight", "sorcerer", "alchemist",
    "bishop", "nobleman", "general",
)  # fmt: skip
#: Places in the order of the coming turns: 0 is the seat to play now (or next).
PLACES = 5
FEATURES = (*CARDS, *(f"place {place}" for place in range(PLACES)))
WEIGHTS_FILE = Path(__file__).with_name("judgement.json")


def seat_features(state: KroneState, seat: int, place: int) -> list[float]:
    """What the judgement reads of one seat: its cards, and its place in the coming turns."""
    return holding_features(state.holdings[seat], place)


def holding_features(holding: Holding, place: int) -> list[float]:
    """``seat_features`` of a seat holding ``holding`` at ``place``: a holding rebuilt from
    a game's record is judged as one in play."""
    cards = [
        float(holding.jesters)
        if card == "jester"
        else float(holding.charlatans)
        if card == "charlatan"
        else float(card in holding.cards)
        for card in CARDS
    ]
    return cards + [float(place == p) for p in range(PLACES)]


def places(state: KroneState) -> list[int]:
    """For each seat, how many turns come before its next one (0: the seat to move, or the
    next to play when a turn has just ended).

    The start of a round passes to the right: the last player of a round starts the next
    one, so that seat plays two turns in a row.
    """
    players = state.players
    start, turn = state.start_player, state.turn_in_round
    found: dict[int, int] = {}
    steps = 0
    while len(found) < players:
        found.setdefault((start + turn) % players, steps)
        steps += 1
        turn += 1
        if turn == players:
            turn = 0
            start = (start - 1) % players
    return [found[seat] for seat in range(players)]


def features(state: KroneState) -> list[list[float]]:
    """Each seat's features, seat by seat."""
    order = places(state)
    return [seat_features(state, seat, order[seat]) for seat in range(state.players)]


@cache
def weights(players: int) -> tuple[float, ...]:
    """The fitted weights for a table of ``players``, in the order of ``FEATURES``."""
    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    if data["features"] != list(FEATURES):
        remake = "; ".join(data["commands"].values())
        raise ValueError(
            f"{WEIGHTS_FILE.name} was fitted on features {data['features']}, but the "
            f"judgement reads {list(FEATURES)}: remake it with {remake}"
        )
    found = data["weights"].get(str(players))
    if found is None:
        raise ValueError(
            f"{WEIGHTS_FILE.name} has no weights for {players} players; it has them for "
            f"{', '.join(sorted(data['weights']))}"
        )
    return tuple(float(w) for w in found)


def shares(state: KroneState) -> list[float]:
    """Each seat's chance to win the race, by the learnt weights (they sum to 1)."""
    w = weights(state.players)
    scores = [sum(a * b for a, b in zip(w, x, strict=True)) for x in features(state)]
    top = max(scores)
    exps = [math.exp(score - top) for score in scores]
    total = sum(exps)
    return [e / total for e in exps]
