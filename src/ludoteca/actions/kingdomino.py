"""Kingdomino: a placement is the square of the domino's first half and the direction of
its second (the domino is the one the position has the player place), a pick its domino;
chance draws a domino or a king."""

from __future__ import annotations

from ludoteca.engine import Move, State
from ludoteca.games.kingdomino.components import DOMINOES
from ludoteca.games.kingdomino.moves import COLUMNS, Discard, Draw, DrawKing, Pick, Place
from ludoteca.games.kingdomino.state import PLACE, KingdominoState

from . import Actions, Blocks

_SIDE = len(COLUMNS)  # the widest frame, the Mighty Duel's
_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1))
_DOMINOES = max(DOMINOES) + 1
_KINGS = 4


class KingdominoActions(Actions):
    decisions = Blocks(
        [("place", _SIDE * _SIDE * len(_DIRECTIONS)), ("discard", 1), ("pick", _DOMINOES)]
    )
    outcomes = Blocks([("draw", _DOMINOES), ("king", _KINGS)])

    def encode(self, move: Move, state: State) -> int:
        if isinstance(move, Place):
            (x, y), (u, v) = move.first, move.second
            direction = _DIRECTIONS.index((u - x, v - y))
            return self.decisions.at("place", (x * _SIDE + y) * len(_DIRECTIONS) + direction)
        if isinstance(move, Discard):
            return self.decisions.at("discard", 0)
        if isinstance(move, Pick):
            return self.decisions.at("pick", move.domino)
        if isinstance(move, Draw):
            return self.outcomes.at("draw", move.domino)
        if isinstance(move, DrawKing):
            return self.outcomes.at("king", move.seat)
        raise ValueError(f"{move!r} is not a move of Kingdomino")

    def decode(self, action: int, state: State, chance: bool = False) -> Move:
        if chance:
            kind, i = self.outcomes.find(action)
            return Draw(i) if kind == "draw" else DrawKing(i)
        kind, i = self.decisions.find(action)
        if kind == "pick":
            return Pick(i)
        if not isinstance(state, KingdominoState) or state.phase != PLACE:
            raise ValueError(f"action {action} places a domino, but none is being placed now")
        domino = state.line[0].domino
        if kind == "discard":
            return Discard(domino)
        square, direction = divmod(i, len(_DIRECTIONS))
        x, y = divmod(square, _SIDE)
        dx, dy = _DIRECTIONS[direction]
        return Place(domino, (x, y), (x + dx, y + dy))


ACTIONS = KingdominoActions()
