"""Keltis: Das Kartenspiel, Reiner Knizia, Kosmos 2009."""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ludoteca.engine import Game, Move, OptionValue, State

from . import moves, position, unseen, view
from .components import (
    CARDS,
    COLOUR,
    COLOUR_LETTERS,
    COLOURS,
    COPIES,
    END,
    END_ROWS_TO_FINISH,
    HAND_SIZE,
    KIND,
    NAMES,
    NUMBER,
    NUMBER_ON,
    PILE_LETTERS,
    POINT,
    POINT_LETTER,
    STONES,
    removed_unseen,
)
from .scoring import ROW_POINTS, STONE_POINTS
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
    verbs = moves.VERBS

    def new_state(self, players: int, options: Mapping[str, OptionValue]) -> KeltisState:
        return opening(players)

    def parse_move(self, text: str) -> Move:
        return moves.parse_move(text)

    def load_position(
        self, position_data: Mapping[str, Any], players: int, options: Mapping[str, OptionValue]
    ) -> KeltisState:
        return position.load(position_data, players)

    def dump_position(self, state: State) -> dict[str, Any]:
        if not isinstance(state, KeltisState):
            raise TypeError("dump_position() needs a state of Keltis")
        return position.dump(state)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        if not isinstance(state, KeltisState):
            raise TypeError("view() needs a state of Keltis")
        return view.view(state, seat)

    def fill_log(self, view_data: Mapping[str, Any], rng: random.Random) -> list[str]:
        return unseen.fill_log(view_data, rng)

    def simple_move(self, state: State, rng: random.Random) -> Move:
        if not isinstance(state, KeltisState):
            raise TypeError("simple_move() needs a state of Keltis")
        return simple_move(state, rng)

    def components(self) -> dict[str, Any]:
        """The cards, colours, wish stones and scoring tables, as a board draws them."""
        kinds = {NUMBER: "number", END: "end"}
        return {
            "cards": [
                {
                    "id": NAMES[card],
                    "kind": kinds.get(KIND[card], "point"),
                    # a number or end card's colour letter; None for a point card
                    "colour": COLOUR_LETTERS[COLOUR[card]] if KIND[card] != POINT else None,
                    "number": NUMBER_ON[card] if KIND[card] != END else None,
                    "copies": COPIES[card],
                }
                for card in CARDS
            ],
            "colours": [
                {"letter": letter, "name": name}
                for letter, name in zip(COLOUR_LETTERS, COLOURS, strict=True)
            ],
            "piles": list(PILE_LETTERS),
            "point_letter": POINT_LETTER,
            "stones": list(STONES),
            "hand_size": HAND_SIZE,
            "end_rows_to_finish": END_ROWS_TO_FINISH,
            "removed_unseen": {str(n): removed_unseen(n) for n in range(2, 5)},
            # points by cards in a colour row (the last entry: that many or more)
            "row_points": list(ROW_POINTS),
            # points by wish stones held (the last entry: that many or more)
            "stone_points": list(STONE_POINTS),
        }

    def render(self, view_data: Mapping[str, Any], full: bool = True) -> str:
        return view.render(view_data, full)


GAME = Keltis()
