"""Kingdomino, Bruno Cathala, Blue Orange 2016."""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ludoteca.engine import Game, Move, Option, OptionValue, State

from . import moves, position, view
from .components import DOMINOES, TERRAINS, Half, setup
from .moves import COLUMNS
from .state import KingdominoState, opening
from .strategy import simple_move


class Kingdomino(Game):
    id = "kingdomino"
    title = "Kingdomino"
    names = MappingProxyType({"en": "Kingdomino", "it": "Kingdomino", "de": "Kingdomino"})
    min_players = 2
    max_players = 4
    verbs = moves.VERBS
    open_information = True
    pages = MappingProxyType(view.PAGES)
    options = (
        Option("middle_kingdom", False, "10 points for a castle in the middle of its kingdom",
               title="Middle Kingdom"),
        Option("harmony", False, "5 points for a kingdom with no domino discarded",
               title="Harmony"),
        Option("mighty_duel", False, "all 48 dominoes and 7×7 kingdoms, for 2 players",
               title="Mighty Duel", players=(2,)),
        Option("dynasty", False, "three games in a row; the totals decide", title="Dynasty"),
    )  # fmt: skip

    def new_state(self, players: int, options: Mapping[str, OptionValue]) -> KingdominoState:
        return opening(players, options)

    def parse_move(self, text: str) -> Move:
        return moves.parse_move(text)

    def load_position(
        self, position_data: Mapping[str, Any], players: int, options: Mapping[str, OptionValue]
    ) -> KingdominoState:
        return position.load(position_data, players, options)

    def dump_position(self, state: State) -> dict[str, Any]:
        if not isinstance(state, KingdominoState):
            raise TypeError("dump_position() needs a state of Kingdomino")
        return position.dump(state)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        if not isinstance(state, KingdominoState):
            raise TypeError("view() needs a state of Kingdomino")
        return view.view(state, seat)

    def simple_move(self, state: State, rng: random.Random) -> Move:
        if not isinstance(state, KingdominoState):
            raise TypeError("simple_move() needs a state of Kingdomino")
        return simple_move(state, rng)

    def components(self) -> dict[str, Any]:
        """The 48 dominoes, the terrains, and the set-up by player count, for a client."""
        return components()

    def render(self, view_data: Mapping[str, Any], full: bool = True) -> str:
        return view.render(view_data, full)

    def page(self, name: str, view_data: Mapping[str, Any]) -> str:
        if name not in self.pages:
            return super().page(name, view_data)
        return view.page(name, view_data)


GAME = Kingdomino()


def _half_json(half: Half) -> dict[str, Any]:
    return {"terrain": TERRAINS[half.terrain], "crowns": half.crowns}


def components() -> dict[str, Any]:
    setups = {str(players): setup(players) for players in range(2, 5)}
    setups["mighty_duel"] = setup(2, mighty_duel=True)
    return {
        "terrains": list(TERRAINS),
        "columns": COLUMNS,
        "dominoes": [
            {
                "number": d.number,
                "first": _half_json(d.first),
                "second": _half_json(d.second),
                "symmetric": d.symmetric,
            }
            for d in DOMINOES.values()
        ],
        "setups": {
            key: {"kings_per_seat": s.kings_per_seat, "dominoes": s.dominoes, "size": s.size}
            for key, s in setups.items()
        },
    }
