"""The match document: a versioned JSON format a person can also write by hand.

See docs/formats.md. A document names the game, the players and the options, then either
a ``log`` replayed from the opening (or from ``start``), or just a ``position``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .chance import CHANCE
from .errors import IllegalMove, OptionError, PositionError
from .log import actor_to_json
from .match import Match, known_moves, read_move

if TYPE_CHECKING:
    from .game import Game

FORMAT = "ludoteca-match"
VERSION = 1
KEYS = ("format", "version", "game", "players", "options", "start", "log", "position")
_KNOWN_KEYS = frozenset(KEYS)  # each key of a document is looked up, not compared in turn


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
    document["log"] = match.log_json()
    document["position"] = match.position()
    return document


def parse(document: str | Mapping[str, Any]) -> dict[str, Any]:
    """The document as a dict, its top-level keys checked."""
    if isinstance(document, str):
        try:
            document = json.loads(document)
        except json.JSONDecodeError as error:
            raise PositionError(f"not valid JSON: {error}") from None
    if not isinstance(document, Mapping):
        raise PositionError("a match document must be a JSON object")
    for key in document:
        if key not in _KNOWN_KEYS:
            # A typo or a wrapper (say {"match": {...}}) would otherwise load silently as
            # a fresh match.
            raise PositionError(
                f"{key!r} is not part of a match document; its keys are: {', '.join(KEYS)}"
            )
    return dict(document)


def load(game: Game, document: str | Mapping[str, Any]) -> Match:
    doc = parse(document)
    if doc.get("format", FORMAT) != FORMAT:
        raise PositionError(f"'format' must be {FORMAT!r}, not {doc['format']!r}")
    if doc.get("version", VERSION) != VERSION:
        raise PositionError(f"'version' must be {VERSION}, not {doc['version']!r}")
    if "game" not in doc:
        raise PositionError(
            f'\'game\' is missing: a match of {game.title} says "game": "{game.id}"'
        )
    if doc["game"] != game.id:
        raise PositionError(f"'game' must be {game.id!r}, not {doc['game']!r}")
    if "players" not in doc:
        raise PositionError(
            f"'players' is missing: {game.title} is for {game.min_players} to "
            f"{game.max_players} players"
        )
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

    def opening() -> Match:
        state = (
            game.new_state(players, checked)
            if start is None
            else game.load_position(start, players, checked)
        )
        return Match(game, players, checked, state, start=start)

    match = opening()
    if log is not None:
        if not isinstance(log, list):
            raise PositionError("'log' must be a list of moves")
        if not match._replay_written(log):
            match = opening()
            _replay(match, log)
        if position is not None:
            _compare(match, position)
    return match


def _replay(match: Match, log: list[Any]) -> None:
    """Play every entry of ``log``, each checked like a move played now.

    Each text is read once per game and kept (``read_move``), and the canonical text goes
    into the log entry, so a long log costs about what playing its moves as values costs.
    """
    game, play, to_move = match.game, match._play, match.state.to_move
    known = known_moves(game).get  # text -> (move, canonical text): each text is read once
    for number, entry in enumerate(log, start=1):
        if type(entry) is dict:
            text, by = entry.get("move"), entry.get("by", _ANYONE)
        else:
            text, by = entry, _ANYONE
        if type(text) is not str:
            raise PositionError(f"log entry {number} must be a move text or {{by, move}}")
        actor = to_move()
        if by is not _ANYONE and by != ("chance" if actor is CHANCE else actor):
            who = (
                "nobody (the game is over)" if actor is None else _actor_words(actor_to_json(actor))
            )
            raise PositionError(
                f"log entry {number} ({text!r}) is by {_actor_words(by)}, but {who} moves"
            )
        try:
            move, canonical = known(text) or read_move(game, text)
            play(actor, move, canonical)
        except IllegalMove as error:
            raise PositionError(f"log entry {number} ({text!r}): {error}") from None


_ANYONE: Any = object()  # a log entry that does not say who played it


def _actor_words(by: object) -> str:
    """Who a log entry's ``by`` names, in words: "seat 1", "chance", "nobody"."""
    if by is None:
        return "nobody"
    if type(by) is int:
        return f"seat {by}"
    return "chance" if by == "chance" else repr(by)


def _compare(match: Match, position: object) -> None:
    """Refuse a ``position`` that is not the one the log led to.

    A hand-written position may leave out fields that have defaults; it is compared after
    the game has filled them in, so only a real difference is reported.
    """
    if match.game.is_position(match.state, position):
        return
    replayed = json.loads(json.dumps(match.position()))
    if replayed == position:
        return
    if not isinstance(position, dict):
        raise PositionError("'position' must be an object")
    try:
        game = match.game
        given = game.dump_position(game.load_position(position, match.players, match.options))
    except PositionError as error:
        raise PositionError(f"the position does not match the log: {error}") from None
    where = _first_difference(replayed, json.loads(json.dumps(given)), "position")
    if where is not None:
        raise PositionError(f"the position does not match the log: {where}")


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
