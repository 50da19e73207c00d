"""What a seat sees of Cronberg, and the board as text.

Nothing is secret: the face-down tiles have no order (each draw is a chance event over
the tiles left), and which tiles are left follows from those laid. So every seat sees
the whole position, plus what a player reads off the table: the supplies, the tiles
still face down, the values at the intersections, the active triangles.

The board picture puts each intersection at (x + y/2, y) like the board itself, eight
columns to a step of x, so that triangle names fit between the intersections.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .board import BOARD, bits
from .components import TILE_BY_ID
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


def picture(point_cell: Callable[[int], str], triangle_cell: Callable[[int], str]) -> str:
    """The board as text, top row first, each cell centred where the board has it."""
    y_low, y_high = BOARD.layout.y
    left = min(8 * x + 4 * y for x, y in BOARD.points) - 2
    rows: dict[int, dict[int, str]] = {}

    def put(line: int, column: int, text: str) -> None:
        rows.setdefault(line, {})[column - left - (len(text) - 1) // 2] = text

    for p, (x, y) in enumerate(BOARD.points):
        put(2 * y, 8 * x + 4 * y, point_cell(p))
    for t, (kind, x, y) in enumerate(BOARD.triangles):
        put(2 * y + 1, 8 * x + 4 * y + (4 if kind == "U" else 8), triangle_cell(t))
    lines = []
    for line in range(2 * y_high, 2 * y_low - 1, -1):
        label = f"y={line // 2} " if line % 2 == 0 else " " * 4
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


def render(data: Mapping[str, Any], full: bool = True) -> str:
    """A view as text: the board, then the players, the tiles and the pawns' values.

    Always the whole board (``full`` is ignored): laying a drawn tile needs all of it.
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
        mark = _MARKS[BOARD.special_kind(t)] + ("^" if BOARD.is_up(t) else "v")
        return mark + "*" if name in active else mark

    lines = [picture(point_cell, triangle_cell), ""]
    lines.append("23(1): seat 1's pawn   23x: blocked by a guard   P park  G guard  "
                 "W coat of arms   *: active   two letters: a tile")  # fmt: skip
    lines.extend(_players(data))
    left = [f"{TILE_BY_ID[t].code} {t} {n}" for t, n in position["face_down"].items() if n]
    lines.append(f"face down ({sum(position['face_down'].values())}): {', '.join(left) or '—'}")
    values = position["values"]
    pawns = [f"{p}({s}) {values.get(p, 0):+d}" for p, s in sorted(owners.items())]
    lines.append(f"pawns: {', '.join(pawns) or '—'}")
    return "\n".join(lines)


def _players(data: Mapping[str, Any]) -> list[str]:
    position = data["position"]
    lines = []
    for seat, player in enumerate(position["players"]):
        marker = "▶" if seat == position["seat"] else " "
        you = " (you)" if seat == data["seat"] else ""
        pawns = position["supply"][seat]
        lines.append(f"{marker} seat {seat}{you}: {player['score']} points, "
                     f"{pawns} pawn{'' if pawns == 1 else 's'} in supply")  # fmt: skip
    if position["seat"] is None:
        lines.append("the game is over")
    elif position["step"] == DRAWING:
        lines.append(f"seat {position['seat']} is drawing a tile")
    elif position["step"] == LAYING:
        tile = TILE_BY_ID[position["drawn"]]
        lines.append(
            f"seat {position['seat']} lays the {tile.en}: {tile.acute:+d} at its sharp "
            f"corners, {tile.obtuse:+d} at its wide ones"
        )
    return lines
