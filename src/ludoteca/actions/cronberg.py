"""Cronberg: a pawn is its intersection, a tile laid the edge of its two triangles; chance
turns up a kind of tile."""

from __future__ import annotations

from ludoteca.engine import Move, State
from ludoteca.games.cronberg.board import BOARD
from ludoteca.games.cronberg.components import TILES
from ludoteca.games.cronberg.moves import DRAW, Draw, Drawn, Lay, PlacePawn

from . import Actions, Blocks

_TILE = {tile.id: i for i, tile in enumerate(TILES)}


class CronbergActions(Actions):
    decisions = Blocks([("pawn", len(BOARD.point_names)), ("draw", 1), ("lay", len(BOARD.edges))])
    outcomes = Blocks([("tile", len(TILES))])

    def encode(self, move: Move, state: State) -> int:
        if isinstance(move, PlacePawn):
            return self.decisions.at("pawn", BOARD.point_by_name[move.point])
        if isinstance(move, Draw):
            return self.decisions.at("draw", 0)
        if isinstance(move, Lay):
            first, second = (BOARD.triangle_by_name[t] for t in move.triangles)
            edge = BOARD.edge_by_pair.get((first, second), BOARD.edge_by_pair.get((second, first)))
            if edge is None:
                raise ValueError(f"{move}: the two triangles are not side by side")
            return self.decisions.at("lay", edge)
        if isinstance(move, Drawn):
            return self.outcomes.at("tile", _TILE[move.tile])
        raise ValueError(f"{move!r} is not a move of Cronberg")

    def decode(self, action: int, state: State, chance: bool = False) -> Move:
        if chance:
            return Drawn(TILES[self.outcomes.find(action)[1]].id)
        kind, i = self.decisions.find(action)
        if kind == "pawn":
            return PlacePawn(BOARD.point_names[i])
        if kind == "draw":
            return DRAW
        return Lay(BOARD.edge_names[i])


ACTIONS = CronbergActions()
