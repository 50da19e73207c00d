"""The registered games, by id."""

from __future__ import annotations

from .errors import UnknownGame
from .game import Game

_games: dict[str, Game] = {}


def register(game: Game) -> Game:
    if game.id in _games and _games[game.id] is not game:
        raise ValueError(f"a game with id {game.id!r} is already registered")
    _games[game.id] = game
    return game


def ids() -> list[str]:
    return sorted(_games)


def get(game_id: str) -> Game:
    try:
        return _games[game_id]
    except KeyError:
        known = ", ".join(ids()) or "none"
        raise UnknownGame(f"no game {game_id!r}; the games are: {known}") from None
