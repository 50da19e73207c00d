"""Kingdomino, Bruno Cathala, Blue Orange 2016."""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ludoteca.engine import Game, Move, Option, OptionValue, State

from . import moves, position, view
from .state import KingdominoState, opening
from .strategy import simple_move


class Kingdomino(Game):
    id = "kingdomino"
    title = "Kingdomino"
    names = MappingProxyType({"en": "Kingdomino", "it": "Kingdomino", "de": "Kingdomino"})
    min_players = 2
    max_players = 4
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

    def simple_move(self, state: State, rng: random.Random) -> Move:
        if not isinstance(state, KingdominoState):
            raise TypeError("simple_move() needs a state of Kingdomino")
        return simple_move(state, rng)

    def render(self, view_data: Mapping[str, Any], full: bool = True) -> str:
        return view.render(view_data, full)

    def page(self, name: str, view_data: Mapping[str, Any]) -> str:
        if name not in self.pages:
            return super().page(name, view_data)
        return view.page(name, view_data)


GAME = Kingdomino()
