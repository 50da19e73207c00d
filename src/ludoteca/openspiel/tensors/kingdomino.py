"""Kingdomino's observation tensor: its position, each kingdom in its frame."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from ludoteca.games.kingdomino.components import DOMINOES, TERRAINS
from ludoteca.games.kingdomino.moves import COLUMNS
from ludoteca.games.kingdomino.state import CLAIM, DRAW, KING, OVER, PICK, PLACE

from . import Tensor, one, put

if TYPE_CHECKING:
    from ..game import LudotecaState


_PHASES = (DRAW, KING, CLAIM, PLACE, PICK, OVER)
_SLOTS = 4  # kings on a line: four with two or four players, three with three
_SHEET = ("score", "property_points", "middle_kingdom", "harmony", "largest_property",
          "crowns", "discards")  # fmt: skip
_SQUARE_KINDS = ("castle", *TERRAINS)


class KingdominoView(Tensor):
    """Kingdomino's position (every seat sees it), in this order: the game of a dynasty;
    the phase (one-hot); who claims the first line (one-hot); dominoes left; each slot
    of the line being placed, then of the next line: its domino (one-hot by number) and
    its king's seat (one-hot); per seat its kingdom, square by square of the frame the
    castle stands in the middle of (castle or terrain one-hot, then crowns) and its score
    sheet (score, property points, middle kingdom, harmony, largest property, crowns,
    discards); each seat's dynasty total; the games played before."""

    def __init__(self, players: int, kingdom_size: int) -> None:
        self.players = players
        self.side = 2 * kingdom_size - 1  # the castle in the middle, a kingdom either way
        p, cell = players, len(_SQUARE_KINDS) + 1
        self.size = (
            1 + len(_PHASES) + p + 1
            + 2 * _SLOTS * (len(DOMINOES) + p)
            + p * (self.side * self.side * cell + len(_SHEET))
            + p + 1
        )  # fmt: skip

    def write(self, state: LudotecaState, seat: int, out: np.ndarray) -> None:
        data: Mapping[str, Any] = state.view_now(seat)["position"]
        p, side = self.players, self.side
        values: list[float] = [
            data["game"],
            *one(_PHASES.index(data["phase"]), len(_PHASES)),
        ]
        values += one(data["claiming"], p)
        values.append(data["dominoes_left"])
        for line in (data["line"], data["next_line"]):
            for slot in range(_SLOTS):
                taken = line[slot] if slot < len(line) else {"domino": None, "king": None}
                number = taken["domino"]
                values += one(None if number is None else number - 1, len(DOMINOES))
                values += one(taken["king"], p)
        cell = len(_SQUARE_KINDS) + 1
        for player in data["players"]:
            grid = [0.0] * (side * side * cell)
            for name, shown in player["squares"].items():
                at = (COLUMNS.index(name[0]) * side + int(name[1:]) - 1) * cell
                kind, _, crowns = shown.partition("(")
                grid[at + _SQUARE_KINDS.index(kind)] = 1.0
                grid[at + cell - 1] = float(crowns.rstrip(")") or 0)
            values += grid
            values += [player["score"][figure] for figure in _SHEET]
        values += data.get("dynasty_totals", [0] * p)
        values.append(len(data["earlier_games"]))
        put(values, out, "Kingdomino")
