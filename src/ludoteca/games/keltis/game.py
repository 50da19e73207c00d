"""Keltis: Das Kartenspiel, Reiner Knizia, Kosmos 2009."""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ludoteca.engine import Game, Move, OptionValue, State

from . import moves, position, view
from .state import KeltisState, opening
from .strategy import simple_move


class Keltis(Game):
    id = "keltis"
    title = "Keltis: Das Kartenspiel"
    names = MappingProxyType(
        {
            "en": "Keltis: The Card Game",
            "it": "Keltis: il gioco di carte",
            "de": "Keltis: Das Kartenspiel",
        }
    )
    min_players = 2
    max_players = 4

    def new_state(self, players: int, options: Mapping[str, OptionValue]) -> KeltisState:
        return opening(players)

    def parse_move(self, text: str) -> Move:
        return moves.parse_move(text)

    def load_position(
        self, position_data: Mapping[str, Any], players: int, options: Mapping[str, OptionValue]
    ) -> KeltisState:
        return position.load(position_data, players)

    def simple_move(self, state: State, rng: random.Random) -> Move:
        if not isinstance(state, KeltisState):
            raise TypeError("simple_move() needs a state of Keltis")
        return simple_move(state, rng)

    def render(self, view_data: Mapping[str, Any], full: bool = True) -> str:
        return view.render(view_data, full)


GAME = Keltis()
