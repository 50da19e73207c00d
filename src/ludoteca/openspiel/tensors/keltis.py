"""Keltis's observation tensor: what one seat sees, counted per kind of card."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ludoteca.games.keltis.components import COLOUR_LETTERS, NAMES, PILE_LETTERS, STONES
from ludoteca.games.keltis.state import PHASES

from . import Tensor, one, put

if TYPE_CHECKING:
    from ..game import LudotecaState


_KINDS = {name: i for i, name in enumerate(NAMES)}
_DIRECTIONS = ("ascending", "open", "descending", "closed")


class KeltisView(Tensor):
    """What one seat sees of Keltis, in this order: the round; the turn: whose (one-hot),
    its phase (one-hot), draws left, piles blocked (one per pile), extra cards played;
    who ended the game (one-hot); the seat's own hand (a count per kind of card); per
    seat its hand size, cards taken from piles, cards in its rows (a count per kind),
    each row's direction (ascending, open, descending, closed), point row (a count per
    kind), wish stones (one per stone) and score; the discard piles (a count per kind,
    then each pile's top card, one-hot); the stones in the middle; end rows; cards in
    the deck and in the box. Other hands, the deck and the box are not in it."""

    def __init__(self, players: int) -> None:
        self.players = players
        p, k, piles, stones = players, len(NAMES), len(PILE_LETTERS), len(STONES)
        self.size = (
            1 + p + len(PHASES) + 1 + piles + 1
            + p + k
            + p * (1 + k + k + len(COLOUR_LETTERS) * len(_DIRECTIONS) + k + stones + 1)
            + k + piles * k + stones + 3
        )  # fmt: skip

    def write(self, state: LudotecaState, seat: int, out: np.ndarray) -> None:
        data: Mapping[str, Any] = state.view_now(seat)["position"]
        p, k = self.players, len(NAMES)
        turn = data["turn"]
        values: list[float] = [data["round"], *one(turn["seat"], p)]
        values += one(PHASES.index(turn["phase"]), len(PHASES))
        values.append(turn["draws_left"])
        values += [letter in turn["blocked"] for letter in PILE_LETTERS]
        values.append(turn["extra_played"])
        values += one(data["ended_by"], p)
        values += _kinds(data["players"][seat]["hand"])
        for player in data["players"]:
            values.append(player["hand_size"])
            values += _kinds(player["taken"])
            rows = player["rows"]
            values += _kinds([card for letter in COLOUR_LETTERS for card in rows[letter]["cards"]])
            for letter in COLOUR_LETTERS:
                values += one(_DIRECTIONS.index(rows[letter]["direction"]), len(_DIRECTIONS))
            values += _kinds(player["point_row"])
            values += [stone in player["stones"] for stone in STONES]
            values.append(player["score"])
        piles = data["piles"]
        values += _kinds([card for letter in PILE_LETTERS for card in piles[letter]])
        for letter in PILE_LETTERS:
            values += one(_KINDS[piles[letter][-1]] if piles[letter] else None, k)
        values += [stone in data["stones"] for stone in STONES]
        values += (data["end_rows"], data["deck_size"], data["box_size"])
        put(values, out, "Keltis")


def _kinds(cards: Sequence[str]) -> list[float]:
    found = [0.0] * len(NAMES)
    for card in cards:
        found[_KINDS[card]] += 1
    return found
