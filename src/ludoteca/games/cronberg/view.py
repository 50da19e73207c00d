"""What a seat sees of Cronberg, and the board as text.

Nothing is secret: the face-down tiles have no order (each draw is a chance event over
the tiles left), and which tiles are left follows from those laid. So every seat sees
the whole position, plus what a player reads off the table: the supplies, the tiles
still face down, the values at the intersections, the active triangles.

The board picture puts each intersection at (x + y/2, y) like the board itself, eight
columns to a step of x, so that triangle names fit between the intersections.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping
from typing import Any

from ludoteca.engine.text import plural, points

from .board import BOARD, bits
from .components import TILE_BY_ID, TILES
from .position import dump
from .state import DRAWING, LAYING, CronbergState

_MARKS = {"park": "P", "guard": "G", "coat of arms": "W", None: ""}


def view(state: CronbergState, seat: int | None) -> dict[str, Any]:
    data = dump(state)
    data["supply"] = list(state.supply)
    data["face_down"] = dict(state.pool)
    data["values"] = {
        BOARD.point_names[p]: state.value[p] for p in range(len(BOARD.points)) if state.magnitude[p]
    }
    data["active"] = [BOARD.triangle_names[t] for t in bits(state.active())]
    data["blocked"] = [BOARD.point_names[p] for p in bits(state.blocked)]
    data["interim"] = [dict(event) for event in state.interim]
    return data


def picture(
    point_cell: Callable[[int], str],
    triangle_cell: Callable[[int], str],
    step: int = 8,
    labels: bool = True,
) -> str:
    """The board as text, top row first, each cell centred where the board has it.

    An intersection (x, y) sits at column step·x + step/2·y; a triangle between its rows.
    ``step`` 8 fits names of three letters (the rules page), 10 names with a mark (the
    game in the terminal, 80 columns wide).
    """
    y_low, y_high = BOARD.layout.y
    half = step // 2
    left = min(step * x + half * y for x, y in BOARD.points) - 2  # fixed: cells never shift
    rows: dict[int, dict[int, str]] = {}

    def put(line: int, column: int, text: str) -> None:
        rows.setdefault(line, {})[column - left - (len(text) - 1) // 2] = text

    for p, (x, y) in enumerate(BOARD.points):
        put(2 * y, step * x + half * y, point_cell(p))
    for t, (kind, x, y) in enumerate(BOARD.triangles):
        put(2 * y + 1, step * x + half * y + (half if kind == "U" else step), triangle_cell(t))
    lines = []
    for line in range(2 * y_high, 2 * y_low - 1, -1):
        label = (f"y={line // 2} " if line % 2 == 0 else " " * 4) if labels else ""
        text = ""
        for column, cell in sorted(rows.get(line, {}).items()):
            text = text.ljust(column) + cell
        lines.append((label + text).rstrip())
    return "\n".join(lines)


def legend() -> str:
    """The board with the name of every intersection and triangle."""
    return picture(BOARD.point_names.__getitem__, BOARD.triangle_names.__getitem__)


def symbols() -> str:
    """The board with its special triangles: P park, G guard, W coat of arms."""
    return picture(
        BOARD.point_names.__getitem__,
        lambda t: _MARKS[BOARD.special_kind(t)] + ("^" if BOARD.is_up(t) else "v"),
    )


KEY = (
    "23(1) seat 1's pawn   23x closed by a guard   CH a tile laid (codes below)",
    "U33P park  D12G guard  U05W coat of arms  P* *: no tile can cover it (active)",
)


def render(data: Mapping[str, Any], full: bool = True) -> str:
    """A view as text: the board, then the players, the tiles and the pawns' values.

    Every uncovered triangle that a tile may still cover shows its name, as ``lay`` writes
    it, with the mark of its symbol. Always the whole board (``full`` is ignored): laying
    a drawn tile needs all of it.
    """
    position = data["position"]
    owners = {p: seat for seat, pl in enumerate(position["players"]) for p in pl["pawns"]}
    covering = {name: tile["tile"] for tile in position["tiles"] for name in tile["on"]}
    active, blocked = set(position["active"]), set(position["blocked"])

    def point_cell(p: int) -> str:
        name = BOARD.point_names[p]
        if name in owners:
            return f"{name}({owners[name]})"
        return name + "x" if name in blocked else name

    def triangle_cell(t: int) -> str:
        name = BOARD.triangle_names[t]
        if name in covering:
            return TILE_BY_ID[covering[name]].code
        mark = _MARKS[BOARD.special_kind(t)]
        return mark + "*" if name in active else name + mark

    lines = [picture(point_cell, triangle_cell, step=10, labels=False), "", *KEY]
    lines.extend(_players(data))
    left = [
        f"{TILE_BY_ID[t].code} {TILE_BY_ID[t].en} {n}"
        for t, n in position["face_down"].items()
        if n
    ]
    count = sum(position["face_down"].values())
    lines.extend(_wrapped(f"face down ({count}): {', '.join(left) or '—'}"))
    values = position["values"]
    pawns = [f"{p}({s}) {values.get(p, 0):+d}" for p, s in sorted(owners.items())]
    lines.extend(_wrapped(f"pawns and their values: {', '.join(pawns) or '—'}"))
    if data.get("result"):
        lines.extend(final_scores(data))
    return "\n".join(lines)


def final_scores(data: Mapping[str, Any]) -> list[str]:
    """Every seat's score: before the final scoring, then pawn by pawn."""
    details = data["result"]["details"]
    lines = ["Final scores:"]
    for seat, total in enumerate(data["result"]["scores"]):
        pawns = [p for p in details["final_scoring"] if p["seat"] == seat]
        made = [f"{p['pawn']} {p['points']:+d}" for p in pawns]
        lines.extend(
            textwrap.wrap(
                f"{_who(seat, data)}: {points(total)} = {details['before_final_scoring'][seat]} "
                "before the final scoring"
                + (f", then pawns {', '.join(made)}" if made else ", no pawn on the board"),
                78,
                initial_indent="  ",
                subsequent_indent="      ",
            )
        )
    return lines


def _wrapped(text: str) -> list[str]:
    return textwrap.wrap(text, 80, subsequent_indent="    ")


def _who(seat: int, data: Mapping[str, Any]) -> str:
    return "you" if seat == data["seat"] else f"seat {seat}"


def _players(data: Mapping[str, Any]) -> list[str]:
    position = data["position"]
    lines = []
    for seat, player in enumerate(position["players"]):
        marker = "▶" if seat == position["seat"] else " "
        you = " (you)" if seat == data["seat"] else ""
        pawns = position["supply"][seat]
        lines.append(f"{marker} seat {seat}{you}: {points(player['score'])}, "
                     f"{plural(pawns, 'pawn')} in supply")  # fmt: skip
    if position["seat"] is None:
        lines.append("the game is over")
    elif position["step"] == DRAWING:
        lines.append(f"seat {position['seat']} is drawing a tile")
    elif position["step"] == LAYING:
        tile = TILE_BY_ID[position["drawn"]]
        who = "you lay" if position["seat"] == data["seat"] else f"seat {position['seat']} lays"
        lines.append(
            f"{who} the {tile.en}: {tile.acute:+d} at its sharp corners, {tile.obtuse:+d} "
            "at its wide ones"
        )
    return lines


PAGES = {
    "names": "the board with the name of every intersection and triangle",
    "tiles": "every tile with its corner values and how many are left face down",
}


def page(name: str, data: Mapping[str, Any]) -> str:
    if name == "names":
        return legend()
    left = data["position"]["face_down"]
    lines = ["tile             sharp  wide  face down  (Italian / German)"]
    lines.extend(
        f"{tile.code} {tile.en:<12}  {tile.acute:>+4}  {tile.obtuse:>+4}  "
        f"{left.get(tile.id, 0):>2} of {tile.copies}     ({tile.it} / {tile.de})"
        for tile in TILES
    )
    return "\n".join(lines)
