"""What a game's ``strategy`` module offers the bots beyond ``Game.simple_move``.

Each game package may define, in ``games/<id>/strategy.py``:

* ``greedy_move(state, rng) -> Move`` — the game's heuristic written from its rules;
* ``search_move(state, rng) -> Move`` — the move the tree search plays where it has
  nothing to weigh (else ``greedy_move``);
* ``ranked_moves(state) -> list[Move]`` — the legal moves, the most promising first, maybe
  only the promising ones: the tree search looks at these;
* ``PUBLIC = True`` — nothing but chance is hidden (see ``public``);
* ``DECISIONS_ONLY = True`` — the search tree keeps the decisions only (see
  ``decisions_only``);
* ``playout_move(state, rng)``, ``evaluate(state) -> list[float]`` and ``PLAYOUT_MOVES`` —
  the search's playouts: the policy (else ``Game.simple_move``), and after
  ``PLAYOUT_MOVES`` moves a judgement of the position, each seat's share in [0, 1]
  (else the playout goes to the end);
* ``think_ahead(state)`` — where the seat's one move is forced and the decision has a
  deadline (the room's), work out what its coming decisions will want, remembered
  between decisions (Krone: a turn's plan before its first roll; see ``think_ahead``);
* ``forget()`` — drop what the strategy remembers between decisions (Krone's odds). A
  decision whose counted budget runs out depends on what was remembered, so the arena
  calls it before each game: a game then follows from its seed and number alone, not
  from the games its process played before (see ``forget``);
* ``memory(owner)`` — a context in which what the strategy remembers is ``owner``'s own
  (a bot level's): where a budget counts only what is not remembered, a level's strength
  would otherwise borrow the work of other levels deciding in the same process;
* ``remember_within(nbytes)`` — keep what the strategy remembers within about ``nbytes``
  (see ``remember_within``);
* ``advice(state) -> str`` and ``advice_json(state) -> dict`` — what the seat to move
  would want to know now, for a person rather than a bot (Krone: the odds advisor; see
  ``advice.py``).

They are found by name, so adding a game touches nothing here. The functions read a whole
state; the bots hand them a determinization (``State.determinize``) of their seat's view.
"""

from __future__ import annotations

import contextlib
import importlib
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import ModuleType

from ludoteca.engine import Game, Move, State

MovePicker = Callable[[State, random.Random], Move]
Ranker = Callable[[State], list[Move]]


def _module(game: Game) -> ModuleType | None:
    try:
        return importlib.import_module(f"ludoteca.games.{game.id}.strategy")
    except ModuleNotFoundError:
        return None


def greedy(game: Game) -> MovePicker:
    """The game's greedy policy, or its simple one where it has none."""
    found = getattr(_module(game), "greedy_move", None)
    if callable(found):
        return found  # type: ignore[no-any-return]
    return game.simple_move


def deferred(game: Game) -> MovePicker:
    """What the tree search plays where the ranking leaves nothing to weigh: the game's
    ``search_move``, else its greedy policy."""
    found = getattr(_module(game), "search_move", None)
    if callable(found):
        return found  # type: ignore[no-any-return]
    return greedy(game)


def ranker(game: Game) -> Ranker:
    """The game's move ranking for the tree search, or all legal moves as they come."""
    found = getattr(_module(game), "ranked_moves", None)
    if callable(found):
        return found  # type: ignore[no-any-return]
    return lambda state: state.legal_moves()


def public(game: Game) -> bool:
    """Whether a position is known whole once the chance outcomes are (the game says so
    with ``PUBLIC = True``): then a search node always stands for the same position."""
    return getattr(_module(game), "PUBLIC", False) is True


def decisions_only(game: Game) -> bool:
    """Whether the search tree should keep only the decisions (``DECISIONS_ONLY = True``):
    the moves the ranking offers alone and the chance outcomes between two decisions are
    played through, not kept, and a decision is known by the seat and the moves offered.

    For a game whose chance has many outcomes met once each (Krone's rolls), so that a
    tree branching on them would never see the same decision twice.
    """
    return getattr(_module(game), "DECISIONS_ONLY", False) is True


Evaluator = Callable[[State], list[float]]


def playout(game: Game) -> tuple[MovePicker, Evaluator | None, int | None]:
    """The search's playout policy, and where to stop and judge (None: at the end)."""
    module = _module(game)
    policy = getattr(module, "playout_move", None)
    judge = getattr(module, "evaluate", None)
    moves = getattr(module, "PLAYOUT_MOVES", None)
    return (
        policy if callable(policy) else game.simple_move,
        judge if callable(judge) else None,
        moves if isinstance(moves, int) and callable(judge) else None,
    )


@dataclass(frozen=True)
class Advisor:
    """A game's advice for a person about the seat to move: a line of text, and the same
    JSON-ready."""

    text: Callable[[State], str]
    data: Callable[[State], dict[str, object]]


def advisor(game: Game) -> Advisor | None:
    """The game's ``advice`` and ``advice_json``, or None where it offers none."""
    module = _module(game)
    text = getattr(module, "advice", None)
    data = getattr(module, "advice_json", None)
    if callable(text) and callable(data):
        return Advisor(text, data)
    return None


def think_ahead(game: Game) -> Callable[[State], None] | None:
    """The game's ``think_ahead``, or None where it has none: what a bot does with the
    time of a forced move, for the decisions after it."""
    found = getattr(_module(game), "think_ahead", None)
    return found if callable(found) else None


def forget(game: Game) -> None:
    """Drop what the game's strategy remembers between decisions, where it remembers any
    (``forget()`` in its strategy module)."""
    found = getattr(_module(game), "forget", None)
    if callable(found):
        found()


@contextlib.contextmanager
def memory(game: Game, owner: str) -> Iterator[None]:
    """Decide in ``owner``'s memory of the game's strategy, where it remembers any
    (``memory(owner)`` in its strategy module)."""
    found = getattr(_module(game), "memory", None)
    if not callable(found):
        yield
        return
    with found(owner):
        yield


def remember_within(nbytes: int) -> None:
    """Keep what each game's strategy remembers between decisions within about ``nbytes``
    (``remember_within(nbytes)`` in its strategy module; Krone's odds, the only such
    memory): a bot process sharing the machine with others takes its share of it."""
    import ludoteca

    for game_id in ludoteca.game_ids():
        found = getattr(_module(ludoteca.game(game_id)), "remember_within", None)
        if callable(found):
            found(nbytes)
