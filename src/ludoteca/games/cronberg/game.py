"""Cronberg, Roland & Tobias Goslar, Kronberger Spiele 2003 (board and tiles reconstructed)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ludoteca.engine import Game, Move, OptionValue, State

from . import moves, position, view
from .board import BOARD
from .components import PAWNS_PER_PLAYER, TILES
from .state import CronbergState
from .strategy import simple_move


class Cronberg(Game):
    id = "cronberg"
    title = "Cronberg"
    names = MappingProxyType({"en": "Cronberg", "it": "Cronberg", "de": "Cronberg"})
    min_players = 2
    max_players = 4
    verbs = moves.VERBS
    open_information = True
    pages = MappingProxyType(view.PAGES)

    def new_state(self, players: int, options: Mapping[str, OptionValue]) -> CronbergState:
        return CronbergState(players)

    def parse_move(self, text: str) -> Move:
        return moves.parse_move(text)

    def load_position(
        self, position_data: Mapping[str, Any], players: int, options: Mapping[str, OptionValue]
    ) -> CronbergState:
        return position.load(position_data, players)

    def dump_position(self, state: State) -> dict[str, Any]:
        if not isinstance(state, CronbergState):
            raise TypeError("dump_position() needs a state of Cronberg")
        return position.dump(state)

    def is_position(self, state: State, data: object) -> bool:
        if not isinstance(state, CronbergState):
            raise TypeError("is_position() needs a state of Cronberg")
        return position.is_dumped(state, data)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        if not isinstance(state, CronbergState):
            raise TypeError("view() needs a state of Cronberg")
        return view.view(state, seat)

    def simple_move(self, state: State, rng: random.Random) -> Move:
        if not isinstance(state, CronbergState):
            raise TypeError("simple_move() needs a state of Cronberg")
        return simple_move(state, rng)

    def components(self) -> dict[str, Any]:
        """The board's geometry and the tile list, for a client that draws the city.

        Each intersection has its name (as the notation writes it), its lattice (x, y) and
        ``at``, where it sits on the page with y growing upwards (x + y/2, y·√3/2); each
        triangle its name, corners and symbol; each pair of adjacent triangles (where a
        tile can lie) its two wide and two sharp corners.
        """
        return components()

    def render(self, view_data: Mapping[str, Any], full: bool = True) -> str:
        return view.render(view_data, full)

    def page(self, name: str, view_data: Mapping[str, Any]) -> str:
        if name not in self.pages:
            return super().page(name, view_data)
        return view.page(name, view_data)


GAME = Cronberg()


_SYMBOLS = {"park": "park", "guard": "guard", "coat of arms": "coat_of_arms", None: None}


def components() -> dict[str, Any]:
    half_height = 3**0.5 / 2
    return {
        "pawns_per_player": PAWNS_PER_PLAYER,
        "points": [
            {
                "name": BOARD.point_names[p],
                "x": x,
                "y": y,
                "at": [x + y / 2, round(y * half_height, 6)],
                "wall": p in BOARD.wall_points,
            }
            for p, (x, y) in enumerate(BOARD.points)
        ],
        "triangles": [
            {
                "name": BOARD.triangle_names[t],
                "kind": kind,
                "x": x,
                "y": y,
                "corners": [BOARD.point_names[p] for p in BOARD.corners[t]],
                "symbol": _SYMBOLS[BOARD.special_kind(t)],
            }
            for t, (kind, x, y) in enumerate(BOARD.triangles)
        ],
        "edges": [
            {
                "triangles": [BOARD.triangle_names[t] for t in edge.triangles],
                "obtuse": [BOARD.point_names[p] for p in edge.obtuse],
                "acute": [BOARD.point_names[p] for p in edge.acute],
            }
            for edge in BOARD.edges
        ],
        "tiles": [
            {
                "id": tile.id,
                "code": tile.code,
                "names": tile.names,
                "acute": tile.acute,
                "obtuse": tile.obtuse,
                "copies": tile.copies,
            }
            for tile in TILES
        ],
    }
