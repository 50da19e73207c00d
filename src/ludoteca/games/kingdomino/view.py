"""What a seat sees of Kingdomino, and the same as text for the terminal.

Kingdoms, lines and kings lie open on the table, so every seat sees the same. What stays
hidden is the box: the view tells how many dominoes are still to come out of it, never
which. (With the box modelled as "every domino not seen", see state.py, there is nothing
else to hide.)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .components import DOMINOES, TERRAIN_LETTERS, TERRAINS
from .kingdom import Kingdom
from .moves import COLUMNS, Place, square_name
from .position import dump
from .state import KingdominoState


def view(state: KingdominoState, seat: int | None) -> dict[str, Any]:
    data = dump(state)
    data["phase"] = state.phase
    data["kingdom_size"] = state.setup.size
    data["castle"] = square_name((state.frame.centre, state.frame.centre))
    data["dominoes_left"] = state.setup.dominoes - state.drawn
    for player, kingdom, sheet in zip(data["players"], state.kingdoms, state.scores(), strict=True):
        player["squares"] = squares(kingdom)
        player["score"] = sheet.to_json()
    if state.dynasty:
        data["dynasty_totals"] = [
            sum(game[s][0] for game in state.earlier) for s in range(state.players)
        ]
    return data


def squares(kingdom: Kingdom) -> dict[str, str]:
    """Every filled square by name: 'castle', or a terrain with its crowns, 'forest(1)'."""
    found = {square_name((kingdom.frame.centre, kingdom.frame.centre)): "castle"}
    for entry in kingdom.history:
        if isinstance(entry, Place):
            domino = DOMINOES[entry.domino]
            found[square_name(entry.first)] = str(domino.first)
            found[square_name(entry.second)] = str(domino.second)
    return found


def render(data: Mapping[str, Any], full: bool = True) -> str:
    """A view as text: each kingdom on its grid, then the lines and whose turn it is.

    Always the whole table (``full`` is ignored): a placement is chosen on the grid.
    """
    position = data["position"]
    side = 2 * position["kingdom_size"] - 1
    letters = dict(zip(TERRAINS, TERRAIN_LETTERS, strict=True))
    lines = []
    if "dynasty_totals" in position:
        lines.append(f"Dynasty, game {position['game']} of 3; totals so far: "
                     f"{position['dynasty_totals']}")  # fmt: skip
    for seat, player in enumerate(position["players"]):
        you = " (you)" if seat == data["seat"] else ""
        lines.append(f"seat {seat}{you}: {player['score']['score']} points")
        lines.append("    " + " ".join(f"{c} " for c in COLUMNS[:side]))
        for row in range(side):
            cells = []
            for column in range(side):
                name = player["squares"].get(square_name((column, row)), "")
                terrain, _, crowns = name.partition("(")
                cells.append(
                    "C " if name == "castle"
                    else f"{letters[terrain]}{crowns[:1] or ' '}" if name
                    else ". "
                )  # fmt: skip
            lines.append(f"{row + 1:>3} " + " ".join(cells))
    for title, key in (("line", "line"), ("next line", "next_line")):
        slots = position[key]
        if slots:
            shown = [f"{s['domino']}[{'-' if s['king'] is None else s['king']}]" for s in slots]
            lines.append(f"{title}: {' '.join(shown)}")
    lines.append(f"{position['dominoes_left']} dominoes still to come; to move: {data['to_move']}")
    return "\n".join(lines)
