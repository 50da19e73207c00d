"""The match document: a versioned JSON format a person can also write by hand.

See docs/formats.md. A document names the game, the players and the options, then either
a ``log`` replayed from the opening (or from ``start``), or just a ``position``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .errors import IllegalMove, OptionError, PositionError
from .log import actor_to_json

if TYPE_CHECKING:
    from .game import Game
    from .match import Match

FORMAT = "ludoteca-match"
VERSION = 1


def dump(match: Match) -> dict[str, Any]:
    document: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": match.game.id,
        "players": match.players,
        "options": dict(match.options),
    }
    if match.start is not None:
        document["start"] = match.start
    document["log"] = [
        {"by": actor_to_json(entry.actor), "move": entry.text} for entry in match.log
    ]
    document["position"] = match.position()
    return document


def load(game: Game, document: str | Mapping[str, Any]) -> Match:
    from .match import Match

    doc = _parse(document)
    if doc.get("format", FORMAT) != FORMAT:
        raise PositionError(f"'format' must be {FORMAT!r}, not {doc['format']!r}")
    if doc.get("version", VERSION) != VERSION:
        raise PositionError(f"'version' must be {VERSION}, not {doc['version']!r}")
    if doc.get("game") != game.id:
        raise PositionError(f"'game' must be {game.id!r}, not {doc.get('game')!r}")
    options = doc.get("options", {})
    if not isinstance(options, dict):
        raise PositionError("'options' must be an object of option names and values")
    try:
        checked = game.check_setup(doc.get("players"), options)
    except OptionError as error:
        raise PositionError(str(error)) from None
    players: int = doc["players"]

    log = doc.get("log")
    position = doc.get("position")
    start = doc.get("start")
    if start is None and log is None:
        start = position  # a hand-written position with no history
    if start is not None and not isinstance(start, dict):
        raise PositionError("'start' and 'position' must be objects")
    state = (
        game.new_state(players, checked)
        if start is None
        else game.load_position(start, players, checked)
    )
    match = Match(game, players, checked, state, start=start)

    if log is not None:
        _replay(match, log)
        if position is not None:
            replayed = json.loads(json.dumps(match.position()))
            where = _first_difference(replayed, position, "position")
            if where is not None:
                raise PositionError(f"the position does not match the log: {where}")
    return match


def _parse(document: str | Mapping[str, Any]) -> dict[str, Any]:
    if isinstance(document, str):
        try:
            document = json.loads(document)
        except json.JSONDecodeError as error:
            raise PositionError(f"not valid JSON: {error}") from None
    if not isinstance(document, Mapping):
        raise PositionError("a match document must be a JSON object")
    return dict(document)


def _replay(match: Match, log: object) -> None:
    if not isinstance(log, list):
        raise PositionError("'log' must be a list of moves")
    for number, entry in enumerate(log, start=1):
        if isinstance(entry, str):
            text, by = entry, actor_to_json(match.to_move)
        elif isinstance(entry, dict) and isinstance(entry.get("move"), str):
            text, by = entry["move"], entry.get("by", actor_to_json(match.to_move))
        else:
            raise PositionError(f"log entry {number} must be a move text or {{by, move}}")
        expected = actor_to_json(match.to_move)
        if by != expected:
            who = "nobody (the game is over)" if expected is None else repr(expected)
            raise PositionError(f"log entry {number} ({text!r}) is by {by!r}, but {who} moves")
        try:
            match.play(text)
        except IllegalMove as error:
            raise PositionError(f"log entry {number} ({text!r}): {error}") from None


def _first_difference(actual: object, expected: object, path: str) -> str | None:
    if isinstance(actual, dict) and isinstance(expected, dict):
        for key in sorted(set(actual) | set(expected)):
            if key not in actual or key not in expected:
                return f"{path}.{key} is only in one of them"
            found = _first_difference(actual[key], expected[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(actual, list) and isinstance(expected, list):
        if len(actual) != len(expected):
            return f"{path} has {len(actual)} items after the log, {len(expected)} given"
        for index, (a, e) in enumerate(zip(actual, expected, strict=True)):
            found = _first_difference(a, e, f"{path}[{index}]")
            if found:
                return found
        return None
    if actual != expected:
        return f"{path} is {actual!r} after the log, {expected!r} given"
    return None
