"""What a seat sees of Um Krone und Kragen, and the same as text for the terminal.

Nothing is hidden in this game: every seat sees the whole position. The view adds what a
player at the table reads off the board: whose turn, how many dice each player rolls, and
which cards the result can take.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any

from ludoteca.engine.text import plural

from .components import BY_ID, CARDS
from .position import dump
from .state import DICE, START, KroneState, group_text


def view(state: KroneState, seat: int | None) -> dict[str, Any]:
    data = dump(state)
    for player, holding in zip(data["players"], state.holdings, strict=True):
        player["turn_dice"] = holding.turn_dice()
    data["king_holder"] = state.king_holder()
    ended_dice = state.phase is DICE and not any(state.active)
    data["turn"]["can_take"] = state.buyable() if ended_dice and state.final is None else []
    return data


ROWS = ("0", "I", "II", "III", "IV", "V")


def render(data: Mapping[str, Any], full: bool = True) -> str:
    """A view as text: the court, each seat's cards, the final round, the turn.

    ``full=False`` gives only the turn line (what changes during the seat's own turn).
    """
    position = data["position"]
    if not full:
        return "" if position["over"] else _turn_line(position["turn"], data)
    lines = [_header(data)]
    for row in range(6):
        cards = [c for c in CARDS if c.row == row and position["display"].get(c.id)]
        shown = [f"{c.en} ×{position['display'][c.id]}" for c in cards]
        if shown:
            lines.append(f"  row {ROWS[row]:<3} " + ", ".join(shown))
    turn = position["turn"]
    for seat, player in enumerate(position["players"]):
        names = [BY_ID[c].en for c in player["cards"]]
        names += ["Jester"] * player["jesters"] + ["Charlatan"] * player["charlatans"]
        marker = "▶" if seat == turn["seat"] and not position["over"] else " "
        you = " (you)" if seat == data["seat"] else ""
        held = plural(len(names), "card") if names else "no cards"
        lines.extend(
            textwrap.wrap(
                f"{marker} seat {seat}{you}: {plural(player['turn_dice'], 'die', 'dice')} a "
                f"turn; {held}{': ' if names else ''}{', '.join(names)}",
                78,
                subsequent_indent="    ",
            )
        )
    if position["final_round"]:
        lines.extend(_final_round(data))
    if not position["over"]:
        lines.append(_turn_line(turn, data))
    if data.get("result"):
        lines.extend(final_results(data))
    return "\n".join(lines)


def _header(data: Mapping[str, Any]) -> str:
    position = data["position"]
    if position["over"]:
        return "Um Krone und Kragen · the game is over"
    if position["final_round"]:
        return f"Um Krone und Kragen · round {position['round']}: the final round"
    return (
        f"Um Krone und Kragen · round {position['round']}, started by "
        f"{_who(position['start_player'], data)} · the court:"
    )


def _who(seat: int, data: Mapping[str, Any]) -> str:
    return f"you (seat {seat})" if seat == data["seat"] else f"seat {seat}"


def _group(group: list[int]) -> str:
    return group_text((group[0], group[1]))


def _final_round(data: Mapping[str, Any]) -> list[str]:
    """The standing best, who holds the King, and every result so far."""
    position = data["position"]
    final, king = position["final_round"], position["king"]
    holder = position["king_holder"]
    lines = _wrapped(
        f"the standing best: {_group(final['best'])}; {_who(holder, data)} holds the King. "
        f"The Queen's holder, {_who(king['buyer'], data)}, plays last and wins by matching it."
    )
    results = []
    for index, seat in enumerate(final["order"]):
        result = final["results"][seat]
        if result == "pass":
            said = "passed"
        elif result is not None:
            said = _group(result)
        elif index == final["index"] and not position["over"]:
            said = "to play now"
        else:
            said = "still to play"
        results.append(f"{_who(seat, data)}: {said}")
    lines.extend(_wrapped("results in playing order: " + "; ".join(results)))
    return lines


def _wrapped(text: str) -> list[str]:
    return textwrap.wrap(text, 78, initial_indent="  ", subsequent_indent="    ")


def _turn_line(turn: Mapping[str, Any], data: Mapping[str, Any]) -> str:
    if turn["phase"] == START:
        if turn["seat"] == data["seat"]:
            return "  your turn: roll your dice ('roll')"
        return f"  seat {turn['seat']} is about to roll"
    parts = [f"  active: {' '.join(map(str, turn['active'])) or '—'}"]
    parts.append(f"set aside: {' '.join(map(str, turn['aside'])) or '—'}")
    if turn["used"]:
        parts.append(f"used: {', '.join(BY_ID[c].en for c in turn['used'])}")
    if turn["can_take"]:
        parts.append(f"can take: {', '.join(BY_ID[c].en for c in turn['can_take'])}")
    return "\n".join(textwrap.wrap(" | ".join(parts), 78, subsequent_indent="    "))


def final_results(data: Mapping[str, Any]) -> list[str]:
    """How the game was decided: the King's bid, each final-round result, the ranking."""
    details, ranking = data["result"]["details"], data["result"]["ranking"]
    lines = [
        f"Final results: {_who(details['queen'], data)} took the King and the Queen with "
        f"{_group(details['bid'])}.",
        "In the final round:",
    ]
    for seat, result in enumerate(details["final_round"]):
        said = (
            "passed" if result == "pass" else "did not play" if result is None else _group(result)
        )
        lines.append(f"  {_who(seat, data)}: {said}")
    order = ", ".join(f"{place}. {_who(seats[0], data)}" for place, seats in
                      enumerate(ranking, start=1))  # fmt: skip
    lines.extend(
        _wrapped(f"{_who(details['king'], data)} holds the King and wins; ranking: {order}")
    )
    return lines


PAGES = {"cards": "every card's cost and ability, and how many are left"}


def page(name: str, data: Mapping[str, Any]) -> str:
    """The ``cards`` page: every card, row by row."""
    display = data["position"]["display"]
    lines = []
    for card in CARDS:
        left = "" if card.id in ("charlatan", "queen") else f" — {display.get(card.id, 0)} left"
        lines.append(f"row {ROWS[card.row]:<3} {card.en} ({card.it} / {card.de}){left}")
        lines.append(f"          cost: {card.cost}")
        lines.append(f"          ability: {card.ability}")
    return "\n".join(lines)
