"""Advice for a person at the table, where a game offers it (Krone: the odds advisor).

A game's strategy module may define ``advice(state) -> str``: what the seat to move would
want to know now. The terminal shows it on ``odds``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from ludoteca.engine import Match


def offers_advice(match: Match) -> bool:
    """Whether the game's strategy has advice for a person (``odds`` in the terminal)."""
    return _advice(match) is not None


def _advice(match: Match) -> Callable[[Any], object] | None:
    try:
        module = importlib.import_module(f"ludoteca.games.{match.game.id}.strategy")
    except ModuleNotFoundError:
        return None
    found = getattr(module, "advice", None)
    return found if callable(found) else None


def advise(match: Match) -> str:
    found = _advice(match)
    if found is None:
        return f"{match.game.title} offers no odds"
    if match.is_over:
        return "the game is over"
    return str(found(match.state))
