"""What was typed, checked: games, options, bots, player counts, seats, the arena's range
of games, match files, and OpenSpiel for ``bench --openspiel``.

Each check returns the value the command works with or raises ``CommandError`` with one
line that says what is allowed.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import ludoteca
from ludoteca.bots import Bot, resolve
from ludoteca.engine import Game, Match, OptionValue

from .group import CommandError


def game(game_id: str) -> Game:
    return ludoteca.game(game_id)  # UnknownGame lists the games


def options(game: Game, pairs: list[str] | None) -> dict[str, OptionValue]:
    declared = {option.name: option for option in game.options}
    chosen: dict[str, OptionValue] = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep:
            raise CommandError(f"options are written NAME=VALUE, e.g. harmony=true, not {pair!r}")
        if name not in declared:
            known = ", ".join(declared) or "none"
            raise CommandError(f"{game.id} has no option {name!r}; its options: {known}")
        chosen[name] = declared[name].parse(value)
    return chosen


def player(name: str) -> Bot:
    """A level, or anyone's bot by ``MODULE:CALLABLE`` (``ludoteca.bots.outside``)."""
    try:
        return resolve(name)
    except ValueError as error:
        raise CommandError(str(error)) from None


def players(game: Game, count: int | None) -> int:
    if count is None:
        return max(game.min_players, min(4, game.max_players))
    if not game.min_players <= count <= game.max_players:
        raise CommandError(
            f"{game.title} is for {game.min_players} to {game.max_players} players, not {count}"
        )
    return count


#: the arena's games when neither --games nor --seeds says how many
ARENA_GAMES = 100


def seeds(text: str | None, games: int | None) -> range:
    """The numbers of the arena's games in its seed's series: ``--seeds A:B`` (A up to,
    not including, B), or the first ``--games`` of the series."""
    if text is None:
        return range(games if games is not None else ARENA_GAMES)
    first, colon, stop = text.partition(":")
    try:
        played = range(int(first), int(stop))
    except ValueError:
        played = range(0)
    if not colon or not 0 <= played.start < played.stop:
        raise CommandError(
            f"--seeds is a range of games A:B, from A up to (not including) B, e.g. "
            f"200:800, not {text!r}"
        )
    if games is not None and games != len(played):
        raise CommandError(
            f"--seeds {text} plays {len(played)} games, not --games {games}: leave one out"
        )
    return played


def seat(seat: int, players: int) -> int:
    if not 0 <= seat < players:
        raise CommandError(f"--seat must be 0 to {players - 1} with {players} players, not {seat}")
    return seat


def open_spiel(flag: str) -> None:
    """OpenSpiel is installed (the ``rl`` extra), or one line says that ``flag`` needs
    it and how to install it."""
    try:
        importlib.import_module("pyspiel")
    except ImportError:
        raise CommandError(
            f"{flag} needs OpenSpiel, which is not installed: pip install 'ludoteca[rl]'"
        ) from None


def json_file(path: Path) -> dict[str, Any]:
    """The JSON object in the file at ``path`` (an arena's results, a ladder's)."""
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise CommandError(f"cannot read {path}: {error.strerror}") from None
    except ValueError as error:
        raise CommandError(f"{path} is not JSON: {error}") from None
    if not isinstance(value, dict):
        raise CommandError(f"{path} holds no JSON object")
    return value


def match_file(path: Path) -> Match:
    return match_text(path.read_text(encoding="utf-8"), str(path))


def match_text(text: str, source: str) -> Match:
    """The match in ``text``, read from ``source`` (a file's name, or standard input)."""
    try:
        return ludoteca.load(text)
    except ludoteca.PositionError as error:
        raise CommandError(f"{source} is not a match ludoteca can load: {error}") from None
