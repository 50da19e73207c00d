"""What a seat sees of Keltis, and the same as text for the terminal.

A seat sees its own hand; of the others only how many cards they hold and the cards
everyone saw them take from a discard pile. Everything on the table is public: rows,
point rows, wish stones, the discard piles (all of each pile, not just the top), and how
many cards are in the deck and in the box. Which cards are in the deck and the box is
shown to nobody.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any

from ludoteca.engine.text import plural, points

from .components import COLOUR_LETTERS, COLOURS, pile_name
from .position import names, piles_json, turn_json
from .rows import DIRECTIONS
from .scoring import row_points, total
from .state import DRAWING, EXTRA, OVER, PLAYING, KeltisState
from .table import listed


def view(state: KeltisState, seat: int | None) -> dict[str, Any]:
    players = []
    for index, player in enumerate(state.table):
        shown: dict[str, Any] = {"hand_size": player.hand_size()}
        if index == seat:
            shown["hand"] = names(listed(player.hand))
        shown["taken"] = names(listed(player.taken))
        shown["rows"] = {
            letter: {
                "cards": names(row.cards),
                "direction": "closed" if row.ends == 2 else DIRECTIONS[row.direction],
                "points": row_points(len(row.cards)),
            }
            for letter, row in zip(COLOUR_LETTERS, player.rows, strict=True)
        }
        shown["point_row"] = names(player.point_row)
        shown["stones"] = sorted(player.stones)
        # Everything the score counts lies open on the table: anyone may add it up.
        shown["score"] = total(player.rows, player.point_row, player.stones)
        players.append(shown)
    return {
        "round": state.round,
        "turn": turn_json(state),
        "ended_by": state.ended_by,
        "players": players,
        "piles": piles_json(state),
        "stones": [n for n in range(1, 10) if state.in_middle[n]],
        "end_rows": state.end_rows,
        "deck_size": state.deck_size,
        "box_size": state.box_size,
    }


def render(data: Mapping[str, Any], full: bool = True) -> str:
    """A view as text: piles and stones, then each player's rows, then the turn.

    ``full=False``: only the seat's hand and the turn, which is what changes between the
    play and the draw of one turn.
    """
    position = data["position"]
    if not full:
        me = position["players"][data["seat"]] if data["seat"] is not None else {}
        hand = f"  hand: {' '.join(me['hand'])}\n" if "hand" in me else ""
        return hand + "  " + _turn_line(position["turn"])
    tops = [
        f"{pile_name(i)} {cards[-1]} ({len(cards)})" if cards else f"{pile_name(i)} —"
        for i, cards in enumerate(position["piles"].values())
    ]
    lines = [
        f"Round {position['round']} · deck {position['deck_size']} · "
        f"end cards in {position['end_rows']} of 5 rows",
        *textwrap.wrap(
            "piles: " + ", ".join(tops), 78, initial_indent="  ", subsequent_indent="    "
        ),
        "  wish stones: " + (" ".join(map(str, position["stones"])) or "none left"),
    ]
    now = position["turn"]
    for index, player in enumerate(position["players"]):
        marker = "▶" if index == now["seat"] and now["phase"] != OVER else " "
        you = " (you)" if index == data["seat"] else ""
        lines.append(
            f"{marker} seat {index}{you}: {points(player['score'])} so far, "
            f"{plural(player['hand_size'], 'card')} in hand"
        )
        for letter, colour in zip(COLOUR_LETTERS, COLOURS, strict=True):
            row = player["rows"][letter]
            if row["cards"]:
                lines.append(
                    f"    {colour:<6} {' '.join(row['cards'])} ({row['direction']}, "
                    f"{row['points']:+d})"
                )
        if player["point_row"]:
            lines.append(f"    points {' '.join(player['point_row'])}")
        if player["stones"]:
            lines.append(f"    wish stones {' '.join(map(str, player['stones']))}")
        if "hand" in player:
            lines.append(f"    hand: {' '.join(player['hand'])}")
        elif player["taken"]:
            lines.append(f"    took from the piles: {' '.join(player['taken'])}")
    lines.append("  " + _turn_line(now))
    if data.get("result"):
        lines.extend(final_scores(data))
    return "\n".join(lines)


def final_scores(data: Mapping[str, Any]) -> list[str]:
    """Every seat's total and what it is made of: rows, point row, wish stones."""
    result = data["result"]
    how = "the deck ran out" if result["details"]["ending"] == "deck" else "end cards in 5 rows"
    ender = result["details"]["ended_by"]
    lines = [f"Final scores (the game ended: {how}, by seat {ender}):"]
    for seat, sheet in enumerate(result["details"]["players"]):
        parts = [
            f"{COLOURS[COLOUR_LETTERS.index(letter)]} {plural(len(row['cards']), 'card')} "
            f"{row['points']:+d}"
            for letter, row in sheet["rows"].items()
            if row["cards"]
        ]
        parts.append(f"point row {sheet['point_row']['points']:+d}")
        stones = sheet["wish_stones"]
        parts.append(f"{plural(len(stones['stones']), 'wish stone')} {stones['points']:+d}")
        who = "you" if seat == data["seat"] else f"seat {seat}"
        text = f"{who}: {points(sheet['total'])} = {', '.join(parts)}"
        lines.append(textwrap.fill(text, 78, initial_indent="  ", subsequent_indent="      "))
    return lines


def _turn_line(now: Mapping[str, Any]) -> str:
    phase, seat = now["phase"], now["seat"]
    if phase == PLAYING:
        return f"seat {seat} plays, discards or makes a wish"
    if phase == DRAWING:
        blocked = f" (not from {', '.join(now['blocked'])})" if now["blocked"] else ""
        return f"seat {seat} draws {now['draws_left']}{blocked}"
    if phase == EXTRA:
        return f"the game has ended: seat {seat} may play {2 - now['extra_played']} more"
    if phase == OVER:
        return "the game is over"
    return "cards are being dealt"
