"""Keltis: a play is its card (and the colour row a point card goes onto), a wish its two
cards, a draw its pile; chance deals or boxes a card."""

from __future__ import annotations

from ludoteca.engine import Move, State
from ludoteca.games.keltis.components import CARDS, COLOURS, KIND, PILE_LETTERS, POINT
from ludoteca.games.keltis.moves import (
    DEAL,
    DISCARD,
    DONE,
    DRAW_DECK,
    DRAW_PILE,
    PLAY,
    PLAY_ONTO,
    REMOVE,
    Deal,
    Discard,
    Done,
    Draw,
    Play,
    Remove,
    Wish,
    wish,
)

from . import Actions, Blocks

_N = len(CARDS)
_C = len(COLOURS)


class KeltisActions(Actions):
    decisions = Blocks(
        [
            ("play", _N),
            ("onto", _N * _C),
            ("discard", _N),
            ("wish", _N * _N),
            ("deck", 1),
            ("pile", len(PILE_LETTERS)),
            ("done", 1),
        ]
    )
    outcomes = Blocks([("remove", _N), ("deal", _N)])

    def encode(self, move: Move, state: State) -> int:
        d, o = self.decisions, self.outcomes
        if isinstance(move, Play):
            if move.onto is None:
                return d.at("play", move.card)
            return d.at("onto", move.card * _C + move.onto)
        if isinstance(move, Discard):
            return d.at("discard", move.card)
        if isinstance(move, Wish):
            return d.at("wish", move.cards[0] * _N + move.cards[1])
        if isinstance(move, Draw):
            return d.at("deck", 0) if move.pile is None else d.at("pile", move.pile)
        if isinstance(move, Done):
            return d.at("done", 0)
        if isinstance(move, Remove):
            return o.at("remove", move.card)
        if isinstance(move, Deal):
            return o.at("deal", move.card)
        raise ValueError(f"{move!r} is not a move of Keltis")

    def decode(self, action: int, state: State, chance: bool = False) -> Move:
        if chance:
            kind, i = self.outcomes.find(action)
            return (REMOVE if kind == "remove" else DEAL)[i]
        kind, i = self.decisions.find(action)
        if kind == "play":
            return PLAY[i]
        if kind == "onto":
            card, colour = divmod(i, _C)
            if KIND[card] != POINT:
                raise ValueError(f"action {action}: only a point card goes onto a colour row")
            return PLAY_ONTO[card][colour]
        if kind == "discard":
            return DISCARD[i]
        if kind == "wish":
            return wish(*divmod(i, _N))
        if kind == "deck":
            return DRAW_DECK
        if kind == "pile":
            return DRAW_PILE[i]
        return DONE


ACTIONS = KeltisActions()
