"""Cronberg, Roland & Tobias Goslar, Kronberger Spiele 2003 (board and tiles reconstructed)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ludoteca.engine import Game, Move, OptionValue, State

from . import moves, position, view
from .state import CronbergState
from .strategy import simple_move


class Cronberg(Game):
    id = "cronberg"
    title = "Cronberg"
    names = MappingProxyType({"en": "Cronberg", "it": "Cronberg", "de": "Cronberg"})
    min_players = 2
    max_players = 4
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

    def simple_move(self, state: State, rng: random.Random) -> Move:
        if not isinstance(state, CronbergState):
            raise TypeError("simple_move() needs a state of Cronberg")
        return simple_move(state, rng)

    def render(self, view_data: Mapping[str, Any], full: bool = True) -> str:
        return view.render(view_data, full)

    def page(self, name: str, view_data: Mapping[str, Any]) -> str:
        if name not in self.pages:
            return super().page(name, view_data)
        return view.page(name, view_data)


GAME = Cronberg()
