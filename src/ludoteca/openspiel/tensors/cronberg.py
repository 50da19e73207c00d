"""Cronberg's observation tensor: its position on the fixed board."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from ludoteca.games.cronberg.board import BOARD
from ludoteca.games.cronberg.components import TILES
from ludoteca.games.cronberg.state import DRAWING, LAYING, MOVE

from . import Tensor, marks, one, put

if TYPE_CHECKING:
    from ..game import LudotecaState


_STEPS = (MOVE, DRAWING, LAYING)
_TILE = {tile.id: i for i, tile in enumerate(TILES)}
_EDGE = {names: e for e, names in enumerate(BOARD.edge_names)}


class CronbergView(Tensor):
    """Cronberg's position (every seat sees it), in this order: the round; whose turn
    (one-hot); its step (move, drawing, laying); the tile drawn (one-hot); per seat its
    score and its pawns (one per intersection); the tiles laid (per edge of two
    triangles, the tile on it, one-hot); each seat's tiles in supply; the face-down
    tiles left of each kind; each intersection's value; the active triangles; the
    blocked intersections. The events of the last interim scoring are not in it."""

    def __init__(self, players: int) -> None:
        self.players = players
        p, points, tiles = players, len(BOARD.points), len(TILES)
        self.size = (
            1 + p + len(_STEPS) + tiles
            + p * (1 + points)
            + len(BOARD.edges) * tiles
            + p + tiles + points + len(BOARD.triangles) + points
        )  # fmt: skip

    def write(self, state: LudotecaState, seat: int, out: np.ndarray) -> None:
        data: Mapping[str, Any] = state.view_now(seat)["position"]
        p, tiles = self.players, len(TILES)
        point, triangle = BOARD.point_by_name, BOARD.triangle_by_name
        values: list[float] = [data["round"], *one(data["seat"], p)]
        values += one(_STEPS.index(data["step"]), len(_STEPS))
        values += one(None if data["drawn"] is None else _TILE[data["drawn"]], tiles)
        for player in data["players"]:
            values.append(player["score"])
            values += marks([point[name] for name in player["pawns"]], len(BOARD.points))
        laid = [0.0] * (len(BOARD.edges) * tiles)
        for tile in data["tiles"]:
            laid[_EDGE[tuple(tile["on"])] * tiles + _TILE[tile["tile"]]] = 1.0
        values += laid
        values += data["supply"]
        values += [data["face_down"].get(tile.id, 0) for tile in TILES]
        worth = [0.0] * len(BOARD.points)
        for name, value in data["values"].items():
            worth[point[name]] = value
        values += worth
        values += marks([triangle[name] for name in data["active"]], len(BOARD.triangles))
        values += marks([point[name] for name in data["blocked"]], len(BOARD.points))
        put(values, out, "Cronberg")
