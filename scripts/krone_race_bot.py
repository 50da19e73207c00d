"""Krone's race as a bot of its own, for screens in the arena (a tuning tool, not a level).

The search's dice without its tree: every turn played by greedy's exact odds for
``RACE_VALUES`` (``strategy.search_move``), the card taken the one those values rank
first, the final round by greedy's plan (at two players it seldom decides). Against
``greedy`` it says what the search's dice are worth in games, apart from its tree and
its larger plan (docs/krone-search.md, "Krone's race alone": the race's dice in games).

    PYTHONPATH=scripts ludoteca arena krone --bots krone_race_bot:race:fixed,greedy \\
        --seed 31 --seeds 0:200

Arguments (after ``race:``): ``fixed`` (``RACE_VALUES``) or ``threat-K`` (at two players,
every card but the King worth ``(1 - q)^K`` of its value, ``q`` the other seat's chance
of seven of a kind in its next turn by ``power.groups``: a card pays off only in turns
the game still has); ``+large`` plays with the search's larger plan instead of greedy's.
Run it on a tuning seed, never on the seeds strength is reported on.
"""

from __future__ import annotations

import random

from ludoteca.engine import Match, Move
from ludoteca.games.krone import strategy
from ludoteca.games.krone.power import groups, holding_key
from ludoteca.games.krone.state import KroneState


class Race:
    def __init__(self, argument: str = "fixed") -> None:
        self.name = f"race:{argument}"
        large = argument.endswith("+large")
        kind, _, exponent = argument.removesuffix("+large").partition("-")
        if kind not in ("fixed", "threat") or (kind == "threat") != bool(exponent):
            raise ValueError(f"race:{argument}: write race:fixed or race:threat-K (+large)")
        try:
            self.exponent = float(exponent or 0)
        except ValueError:
            raise ValueError(f"race:{argument}: K is a number, as in race:threat-2") from None
        self.threat = kind == "threat"
        self.budget = (
            (strategy.SEARCH_BUDGET, strategy.SEARCH_WORK)
            if large
            else (strategy.GREEDY_BUDGET, strategy.GREEDY_WORK)
        )

    def values(self, state: KroneState) -> dict[str, float]:
        """What this turn's dice are played for."""
        if not self.threat or state.players != 2 or state.king_buyer is not None:
            return strategy.RACE_VALUES
        other = 1 - state.seat
        chance = groups(*holding_key(state.holdings[other]))[7]
        keep = (1 - chance) ** self.exponent
        return {
            card: value if card == "king" else value * keep
            for card, value in strategy.RACE_VALUES.items()
        }

    def choose(self, match: Match, rng: random.Random) -> Move:
        state = match.state
        if not isinstance(state, KroneState):
            raise TypeError(f"the race bot plays Krone, not {match.game.id}")
        if state.final is not None:
            return strategy.greedy_move(state, rng, strategy.RACE_VALUES)
        return strategy.search_move(state, rng, self.values(state), *self.budget)


def race(argument: str = "fixed") -> Race:
    return Race(argument)
