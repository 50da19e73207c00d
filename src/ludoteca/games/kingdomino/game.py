"""Kingdomino, Bruno Cathala, Blue Orange 2016."""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ludoteca.engine import Game, Move, Option, OptionError, OptionValue, State

from . import moves, position, view
from .state import KingdominoState, opening
from .strategy import simple_move


class Kingdomino(Game):
    id = "kingdomino"
    names = MappingProxyType({"en": "Kingdomino", "it": "Kingdomino", "de": "Kingdomino"})
    min_players = 2
    max_players = 4
    open_information = True
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

    def render(self, view_data: Mapping[str, Any], full: bool = True) -> str:
        return view.render(view_data, full)


GAME = Kingdomino()
