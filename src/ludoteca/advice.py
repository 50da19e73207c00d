"""Advice for a person at the table, where a game offers it (Krone: the odds advisor).

A game's strategy module may define ``advice(state) -> str``: what the seat to move would
want to know now. The terminal shows it on ``odds``.
"""

from __future__ import annotations

import importlib

from ludoteca.engine import Match


def advise(match: Match) -> str:
    try:
        module = importlib.import_module(f"ludoteca.games.{match.game.id}.strategy")
    except ModuleNotFoundError:
        module = None
    found = getattr(module, "advice", None)
    if not callable(found):
        return f"{match.game.names['en']} offers no odds"
    if match.is_over:
        return "the game is over"
    return str(found(match.state))
