"""Advice for a person at the table, where a game offers it (Krone: the odds advisor).

The game's strategy module says it (``advice``, ``advice_json``; found as the bots' other
heuristics are, ``strategies.advisor``). The terminal shows it on ``odds``, the command
``ludoteca odds`` prints it for a match document.
"""

from __future__ import annotations

from ludoteca.engine import Game, Match, StateError

from .strategies import advisor


def offers_advice(game: Game) -> bool:
    """Whether the game's strategy has advice for a person (``odds`` in the terminal)."""
    return advisor(game) is not None


def advise(match: Match) -> str:
    """The advice for the seat to move as one line, or why there is none."""
    found = advisor(match.game)
    if found is None:
        return f"{match.game.title} offers no odds"
    if match.is_over:
        return "the game is over"
    return found.text(match.state)


def advice_json(match: Match) -> dict[str, object]:
    """The advice for the seat to move, JSON-ready; the match must offer it and go on."""
    found = advisor(match.game)
    if found is None:
        raise StateError(f"{match.game.title} offers no odds")
    if match.is_over:
        raise StateError("the game is over: there is no turn to advise on")
    return found.data(match.state)
