"""Um Krone und Kragen (To Court the King), Tom Lehmann, Amigo 2006."""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ludoteca.engine import Game, Move, OptionValue, State

from . import moves, position, view
from .abilities import MAX_DICE
from .components import (
    BRING_IN,
    BSW_ITALIAN,
    CARDS,
    CHANGE,
    EXTRA_DICE,
    NONE,
    REROLL_ANY,
    REROLL_ONE,
    copies,
)
from .state import Holding, KroneState, opening
from .strategy import simple_move


class Krone(Game):
    id = "krone"
    title = "Um Krone und Kragen"
    names = MappingProxyType(
        {"en": "To Court the King", "it": "Um Krone und Kragen", "de": "Um Krone und Kragen"}
    )
    min_players = 2
    max_players = 5
    verbs = moves.VERBS
    open_information = True
    pages = MappingProxyType(view.PAGES)

    def new_state(self, players: int, options: Mapping[str, OptionValue]) -> KroneState:
        return opening(players)

    def parse_move(self, text: str) -> Move:
        return moves.parse_move(text)

    def load_position(
        self, position_data: Mapping[str, Any], players: int, options: Mapping[str, OptionValue]
    ) -> KroneState:
        return position.load(position_data, players)

    def dump_position(self, state: State) -> dict[str, Any]:
        if not isinstance(state, KroneState):
            raise TypeError("dump_position() needs a state of Um Krone und Kragen")
        return position.dump(state)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        if not isinstance(state, KroneState):
            raise TypeError("view() needs a state of Um Krone und Kragen")
        return view.view(state, seat)

    def simple_move(self, state: State, rng: random.Random) -> Move:
        if not isinstance(state, KroneState):
            raise TypeError("simple_move() needs a state of Um Krone und Kragen")
        return simple_move(state, rng)

    def components(self) -> dict[str, Any]:
        """The court cards as a board draws them: row, names, cost, ability, copies."""
        return {
            "cards": [
                {
                    "id": card.id,
                    "row": card.row,
                    "names": card.names,
                    # by language, where Brettspielwelt's players know the card otherwise
                    "bsw_names": {"it": BSW_ITALIAN[card.id]} if card.id in BSW_ITALIAN else {},
                    "cost": card.cost,
                    "ability": card.ability,
                    "kind": _KIND_CODES[card.kind],
                    # extra dice at turn start, the face a bring-in die shows (None: any)
                    "amount": card.amount,
                    "copies": {str(n): copies(card.id, n) for n in range(2, 6)},
                }
                for card in CARDS
            ],
            "rows": sorted({card.row for card in CARDS}),
            "start_dice": Holding().turn_dice(),
            "max_dice": MAX_DICE,
        }

    def render(self, view_data: Mapping[str, Any], full: bool = True) -> str:
        return view.render(view_data, full)

    def page(self, name: str, view_data: Mapping[str, Any]) -> str:
        if name not in self.pages:
            return super().page(name, view_data)
        return view.page(name, view_data)


_KIND_CODES = {
    EXTRA_DICE: "extra_dice",
    REROLL_ONE: "reroll_one",
    REROLL_ANY: "reroll_any",
    BRING_IN: "bring_in",
    CHANGE: "change",
    NONE: "none",
}

GAME = Krone()
