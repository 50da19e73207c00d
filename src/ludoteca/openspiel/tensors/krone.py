"""Um Krone und Kragen's observation tensor: its whole position."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ludoteca.games.krone.components import CARDS
from ludoteca.games.krone.state import DICE, ROLLING, START

from . import Tensor, one, put

if TYPE_CHECKING:
    from ..game import LudotecaState


_CARD = {card.id: i for i, card in enumerate(CARDS)}
_PHASES = (START, DICE, ROLLING)
_FACES = 6


class KronePosition(Tensor):
    """Um Krone und Kragen's whole position (every seat sees it), in this order: the
    round; the start player and the turn in the round (one-hot); the cards left in the
    display (a count per card); per seat its cards (one per card), Jesters, Charlatans
    and dice a turn; the turn: whose (one-hot), its phase (start, dice, rolling), active
    and set-aside dice (a count per face), cards used, set aside since the roll, dice
    being rolled, a roll of the turn, cards the result may take; the King: taken, by whom,
    the bid's dice and face; the final round: begun, each place's seat, whose turn it is,
    the standing best, each seat's result (dice, face) or pass; over; the King's holder."""

    def __init__(self, players: int) -> None:
        self.players = players
        p, c = players, len(CARDS)
        self.size = (
            1 + 2 * p + c + p * (c + 3)
            + p + len(_PHASES) + 2 * _FACES + c + 3 + c
            + 1 + p + 1 + _FACES
            + 1 + p * p + 1 + 1 + _FACES + p * (1 + _FACES + 1)
            + 1 + p
        )  # fmt: skip

    def write(self, state: LudotecaState, seat: int, out: np.ndarray) -> None:
        data: Mapping[str, Any] = state.view_now(seat)["position"]
        p = self.players
        values: list[float] = [data["round"], *one(data["start_player"], p)]
        values += one(data["turn_in_round"], p)
        values += _cards(data["display"])
        for player in data["players"]:
            values += _cards(dict.fromkeys(player["cards"], 1))
            values += (player["jesters"], player["charlatans"], player["turn_dice"])
        turn = data["turn"]
        values += one(turn["seat"], p) + one(_PHASES.index(turn["phase"]), len(_PHASES))
        values += _faces(turn["active"]) + _faces(turn["aside"])
        values += _cards(dict.fromkeys(turn["used"], 1))
        values += (turn["kept_since_roll"], turn["rolling"], turn["main_roll"])
        values += _cards(dict.fromkeys(turn["can_take"], 1))
        king = data["king"]
        values += [0.0] * (2 + p + _FACES) if king is None else [
            1, *one(king["buyer"], p), king["bid"][0], *one(king["bid"][1] - 1, _FACES)
        ]  # fmt: skip
        final = data["final_round"]
        if final is None:
            values += [0.0] * (3 + p * p + _FACES + p * (2 + _FACES))
        else:
            values.append(1)
            for at in final["order"]:  # every seat, the Queen's holder last
                values += one(at, p)
            values += (final["index"], final["best"][0], *one(final["best"][1] - 1, _FACES))
            for result in final["results"]:
                if isinstance(result, list):
                    values += (result[0], *one(result[1] - 1, _FACES), 0)
                else:
                    values += (0, *one(None, _FACES), result == "pass")
        values += (data["over"], *one(data["king_holder"], p))
        put(values, out, "Krone")


def _cards(counts: Mapping[str, int]) -> list[float]:
    found = [0.0] * len(CARDS)
    for card, count in counts.items():
        found[_CARD[card]] = count
    return found


def _faces(dice: Sequence[int]) -> list[float]:
    found = [0.0] * _FACES
    for face in dice:
        found[face - 1] += 1
    return found
