"""Kingdomino, Bruno Cathala, Blue Orange 2016."""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ludoteca.engine import Game, Move, Option, OptionError, OptionValue, State

from . import moves, position, view
from .components import DOMINOES, TERRAINS, Half, setup
from .moves import COLUMNS
from .state import KingdominoState, opening
from .strategy import simple_move


class Kingdomino(Game):
    id = "kingdomino"
    names = MappingProxyType({"en": "Kingdomino", "it": "Kingdomino", "de": "Kingdomino"})
    min_players = 2
    max_players = 4
    options = (
        Option("middle_kingdom", False,
               "Middle Kingdom: 10 points for a castle in the middle of its kingdom"),
        Option("harmony", False, "Harmony: 5 points for a kingdom with no domino discarded"),
        Option("mighty_duel", False,
               "Mighty Duel, 2 players only: all 48 dominoes, 7×7 kingdoms"),
        Option("dynasty", False, "Dynasty: three games in a row; the totals decide"),
    )  # fmt: skip

    def check_option_combination(self, players: int, options: Mapping[str, OptionValue]) -> None:
        if options.get("mighty_duel") and players != 2:
            raise OptionError(
                f"the Mighty Duel (mighty_duel) is for 2 players, not {players}; "
                "leave it off for 3 or 4"
            )

    def new_state(self, players: int, options: Mapping[str, OptionValue]) -> KingdominoState:
        return opening(players, options)

    def parse_move(self, text: str) -> Move:
        return moves.parse_move(text)

    def load_position(
        self, position_data: Mapping[str, Any], players: int, options: Mapping[str, OptionValue]
    ) -> KingdominoState:
        return position.load(position_data, players, options)

    def simple_move(self, state: State, rng: random.Random) -> Move:
        if not isinstance(state, KingdominoState):
            raise TypeError("simple_move() needs a state of Kingdomino")
        return simple_move(state, rng)

    def components(self) -> dict[str, Any]:
        """The 48 dominoes, the terrains, and the set-up by player count, for a client."""
        return components()

    def render(self, view_data: Mapping[str, Any], full: bool = True) -> str:
        return view.render(view_data, full)


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
