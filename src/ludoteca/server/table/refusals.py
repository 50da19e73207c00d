"""Requests a table refuses: nothing changes, and the asker is told why.

``code`` names the kind for a client (and its translations), ``text`` says it in English,
``params`` carry the particulars the text names.
"""

from __future__ import annotations

from typing import Any

import ludoteca
from ludoteca.engine import Game, LudotecaError

RATED_GUEST = "only registered players sit at a rated table: register to play rated games"


class Refusal(Exception):
    """A request that changes nothing; ``code`` names the kind, the text says why."""

    def __init__(self, code: str, text: str, **params: Any) -> None:
        super().__init__(text)
        self.code = code
        self.text = text
        self.params = params


class Stale(Refusal):
    """A move made on an old version: the client is sent the current state."""


def game_or_refuse(game_id: str) -> Game:
    try:
        return ludoteca.game(game_id)
    except LudotecaError:
        games = ", ".join(ludoteca.game_ids())
        raise Refusal(
            "unknown_game",
            f"no game {game_id!r}; the games are: {games}",
            game=game_id,
            games=games,
        ) from None
