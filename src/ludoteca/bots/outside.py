"""Anyone's bot, by import path: ``MODULE:CALLABLE`` beside the levels, for the arena and
the other commands that take a bot (``ludoteca arena keltis --bots mypkg.mybot:choose,greedy``).

The callable is a bot (it has ``choose(match, rng)``), a factory that returns one (a
class, or a function called without arguments), or a bare ``choose(match, rng)`` that
returns a move or its notation. ``MODULE:CALLABLE:ARGUMENT`` calls the factory with the
text ``ARGUMENT`` (a budget, say), as ``mcts:400`` gives the search its iterations.

An outside bot sees only what its seat may know: it is handed ``Match.from_view`` of the
seat's view, a match in which everything hidden from the seat is drawn anew, never the
real match with the other hands in it. The levels are the project's own and determinize
for themselves.

The room seats levels only (``bot``): a name typed at a table never imports code.
"""

from __future__ import annotations

import importlib
import inspect
import random
from collections.abc import Callable
from typing import Any

from ludoteca.engine import Match, Move

from .policies import BOTS, Bot, bot
from .seat import seat_to_move

#: What a bot's name may be, for the messages of refusals.
ALLOWED = f"a level ({', '.join(BOTS)}, mcts:N, mcts:Ss) or MODULE:CALLABLE[:ARGUMENT]"


class UnknownBot(ValueError):
    """A bot's name that names no bot: neither a level nor a callable that can be imported
    and plays."""


Choose = Callable[[Match, random.Random], Move | str]


class OutsideBot:
    """A bot from outside the project, named by the text that loaded it, that decides on
    a match rebuilt from its seat's view."""

    def __init__(self, name: str, choose: Choose) -> None:
        self.name = name
        self._choose = choose

    def choose(self, match: Match, rng: random.Random) -> Move:
        seat = seat_to_move(match)
        return self.choose_seen(Match.from_view(match.view(seat), rng), rng)

    def choose_seen(self, seen: Match, rng: random.Random) -> Move:
        """The writer's choice on a match already rebuilt from the seat's view (what
        ``ludoteca.client`` keeps from move to move)."""
        move = self._choose(seen, rng)
        if isinstance(move, str):
            return seen.parse(move)
        return move


def resolve(name: str) -> Bot:
    """A bot by its name: a level (``bot``) when the part before the first ``:`` is one,
    else a callable loaded from ``MODULE:CALLABLE`` or ``MODULE:CALLABLE:ARGUMENT``."""
    level = name.partition(":")[0]
    if level not in BOTS and ":" in name:
        return load(name)
    try:
        return bot(name)
    except ValueError as error:  # no such level, or a budget mcts cannot read
        hint = "" if level in BOTS else ", or MODULE:CALLABLE for a bot of your own"
        raise UnknownBot(f"{error}{hint}") from None


def load(name: str) -> OutsideBot:
    """The bot that ``MODULE:CALLABLE[:ARGUMENT]`` names, wrapped to see only its view."""
    path, _, rest = name.partition(":")
    attribute, colon, argument = rest.partition(":")
    if not path or not attribute:
        raise UnknownBot(f"no bot {name!r}: a bot is {ALLOWED}")
    try:
        module = importlib.import_module(path)
    except ModuleNotFoundError as error:
        missing = error.name or ""
        if path == missing or path.startswith(f"{missing}."):
            raise UnknownBot(
                f"bot {name!r}: no module {path!r} to import (a bot is {ALLOWED})"
            ) from None
        raise UnknownBot(f"bot {name!r}: importing {path!r} failed: {error}") from None
    except ImportError as error:
        raise UnknownBot(f"bot {name!r}: importing {path!r} failed: {error}") from None
    found: Any = module
    for part in attribute.split("."):
        if not hasattr(found, part):
            raise UnknownBot(f"bot {name!r}: {path!r} has no {attribute!r}")
        found = getattr(found, part)
    if not callable(found) and not _has_choose(found):
        raise UnknownBot(
            f"bot {name!r}: {path}.{attribute} is not callable; name a bot (with "
            "choose(match, rng)), a factory of one, or a function choose(match, rng)"
        )
    if colon:
        return OutsideBot(name, _made(name, found, (argument,)).choose)
    if inspect.isclass(found):
        return OutsideBot(name, _made(name, found, ()).choose)
    if _has_choose(found):
        return OutsideBot(name, found.choose)
    if _takes(found, 0):
        return OutsideBot(name, _made(name, found, ()).choose)
    if _takes(found, 2):
        return OutsideBot(name, found)
    raise UnknownBot(
        f"bot {name!r}: {path}.{attribute} takes neither no arguments (a factory of a bot) "
        "nor (match, rng) (a function that chooses)"
    )


def _has_choose(found: Any) -> bool:
    return callable(getattr(found, "choose", None))


def _takes(found: Any, count: int) -> bool:
    """``found`` can be called with ``count`` positional arguments."""
    try:
        inspect.signature(found).bind(*range(count))
    except TypeError:
        return False
    except ValueError:  # no signature to read (some builtins): try it as a function
        return count == 2
    return True


def _made(name: str, factory: Any, arguments: tuple[str, ...]) -> Bot:
    """The bot ``factory`` makes from ``arguments``, or an error that says what it made."""
    if not _takes(factory, len(arguments)):
        wanted = "one argument, the text after the second ':'" if arguments else "no arguments"
        raise UnknownBot(f"bot {name!r}: the factory must take {wanted}")
    try:
        made = factory(*arguments)
    except ValueError as error:
        raise UnknownBot(f"bot {name!r}: {error}") from None
    if not _has_choose(made):
        raise UnknownBot(
            f"bot {name!r}: the factory made {type(made).__name__}, which has no choose(match, rng)"
        )
    return made  # type: ignore[no-any-return]
