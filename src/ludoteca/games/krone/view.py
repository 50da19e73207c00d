"""What a seat sees of Um Krone und Kragen, and the same as text for the terminal.

Nothing is hidden in this game: every seat sees the whole position. The view adds what a
player at the table reads off the board: whose turn, how many dice each player rolls, and
which cards the result can take.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .components import BY_ID, CARDS
from .position import dump
from .state import DICE, START, KroneState


def view(state: KroneState, seat: int | None) -> dict[str, Any]:
    data = dump(state)
    for player, holding in zip(data["players"], state.holdings, strict=True):
        player["turn_dice"] = holding.turn_dice()
    data["king_holder"] = state.king_holder()
    ended_dice = state.phase == DICE and not any(state.active)
    data["turn"]["can_take"] = state.buyable() if ended_dice and state.final is None else []
    return data


def render(data: Mapping[str, Any], full: bool = True) -> str:
    """A view as text: the display, the players, and the turn in progress."""
    position = data["position"]
    if not full:
        return "" if position["over"] else _turn_line(position["turn"])
    lines = []
    header = f"Round {position['round']}"
    if position["final_round"]:
        header += " — final round"
    lines.append(header)
    for row in range(6):
        cards = [c for c in CARDS if c.row == row and c.id in position["display"]]
        shown = [f"{c.en} ×{position['display'][c.id]}" for c in cards]
        if shown:
            lines.append(f"  row {row}: " + ", ".join(shown))
    turn = position["turn"]
    for seat, player in enumerate(position["players"]):
        names = [BY_ID[c].en for c in player["cards"]]
        names += ["Jester"] * player["jesters"] + ["Charlatan"] * player["charlatans"]
        marker = "▶" if seat == turn["seat"] and not position["over"] else " "
        you = " (you)" if seat == data["seat"] else ""
        lines.append(
            f"{marker} seat {seat}{you}: {player['turn_dice']} dice; "
            f"{', '.join(names) or 'no cards'}"
        )
    if not position["over"]:
        lines.append(_turn_line(turn))
    return "\n".join(lines)


def _turn_line(turn: dict[str, Any]) -> str:
    if turn["phase"] == START:
        return f"  seat {turn['seat']} is about to roll"
    parts = [f"  active: {' '.join(map(str, turn['active'])) or '—'}"]
    parts.append(f"set aside: {' '.join(map(str, turn['aside'])) or '—'}")
    if turn["used"]:
        parts.append(f"used: {', '.join(turn['used'])}")
    if turn["can_take"]:
        parts.append(f"can take: {', '.join(turn['can_take'])}")
    return " | ".join(parts)
