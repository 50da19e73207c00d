"""What a seat sees of Kingdomino, and the same as text for the terminal.

Kingdoms, lines and kings lie open on the table, so every seat sees the same. What stays
hidden is the box: the view tells how many dominoes are still to come out of it, never
which. (With the box modelled as "every domino not seen", see state.py, there is nothing
else to hide.)

The text is made for an 80×24 terminal: the seat's own kingdom (only the squares it can
still grow into) sits next to the lines it picks from, each domino spelled out, and the
other kingdoms (only their squares) side by side above it.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any

from ludoteca.engine.text import plural, points, side_by_side

from .components import DOMINOES, TERRAIN_LETTERS, TERRAINS, Half
from .kingdom import Kingdom
from .moves import COLUMNS, Place, square_name
from .position import dump, kingdom_texts
from .scoring import Score
from .state import CLAIM, DRAW, KING, PICK, PLACE, KingdominoState

LEGEND = (
    "W wheat F forest L lake G grass S swamp M mine",
    "C castle; a digit: crowns (♛) on the square",
)
_LETTER = dict(zip(TERRAINS, TERRAIN_LETTERS, strict=True))


def view(state: KingdominoState, seat: int | None) -> dict[str, Any]:
    players = [
        _player(kingdom, sheet)
        for kingdom, sheet in zip(state.kingdoms, state.scores(), strict=True)
    ]
    data = dump(state, players)
    data["phase"] = state.phase
    data["kingdom_size"] = state.setup.size
    data["castle"] = square_name((state.frame.centre, state.frame.centre))
    data["dominoes_left"] = state.setup.dominoes - state.drawn
    if state.dynasty:
        data["dynasty_totals"] = [
            sum(game[s][0] for game in state.earlier) for s in range(state.players)
        ]
    return data


def _player(kingdom: Kingdom, sheet: Score) -> dict[str, Any]:
    """A kingdom as views show it: its entries, its squares and its score sheet, worked
    out once for each length of its history and shared by every view until it grows (a
    kingdom grows once a line; a view is built after every move). Read-only, like all of
    a view."""
    known = kingdom.remembered("view")
    if isinstance(known, dict):
        return known
    shown = {
        "kingdom": kingdom_texts(kingdom),
        "squares": squares(kingdom),
        "score": sheet.to_json(),
    }
    kingdom.remember("view", shown)
    return shown


def squares(kingdom: Kingdom) -> dict[str, str]:
    """Every filled square by name: 'castle', or a terrain with its crowns, 'forest(1)'."""
    found = {square_name((kingdom.frame.centre, kingdom.frame.centre)): "castle"}
    for entry in kingdom.history:
        if isinstance(entry, Place):
            domino = DOMINOES[entry.domino]
            found[square_name(entry.first)] = str(domino.first)
            found[square_name(entry.second)] = str(domino.second)
    return found


def domino_text(number: int) -> str:
    """A domino in words: '25 forest♛ + wheat'."""
    domino = DOMINOES[number]
    return f"{number:>2} {_half(domino.first)} + {_half(domino.second)}"


def _half(half: Half) -> str:
    return TERRAINS[half.terrain] + "♛" * half.crowns


# -- the text for the terminal -----------------------------------------------------------


def render(data: Mapping[str, Any], full: bool = True) -> str:
    """A view as text: the other kingdoms, then the seat's own next to the lines.

    ``full=False`` (during the seat's own turn) leaves out the other kingdoms.
    """
    position, seat = data["position"], data["seat"]
    lines = [_header(data)]
    players = range(len(position["players"]))
    others = [s for s in players if s != seat]
    if full or seat is None:
        lines.extend(side_by_side([_kingdom(data, s, compact=True) for s in others], gap=3))
        lines.append("")
    panel = [*_lines(data), ""] if _lines(data) else []
    panel.extend(LEGEND)
    if seat is None:
        lines.extend(panel)
    else:
        lines.extend(side_by_side([_kingdom(data, seat, compact=False), panel], gap=3))
    if data.get("result"):
        lines.extend(["", *final_scores(data)])
    return "\n".join(lines)


def _header(data: Mapping[str, Any]) -> str:
    position = data["position"]
    parts = ["Kingdomino"]
    if "dynasty_totals" in position:
        totals = ", ".join(f"{_who(s, data)} {t}" for s, t in enumerate(position["dynasty_totals"]))
        parts.append(f"Dynasty game {position['game']} of 3 (totals before it: {totals})")
    if position["dominoes_left"]:
        parts.append(f"{plural(position['dominoes_left'], 'domino', 'dominoes')} still to come")
    parts.append(_turn(data))
    return " · ".join(parts)


def _who(seat: int, data: Mapping[str, Any], capital: bool = False) -> str:
    if seat == data["seat"]:
        return "You" if capital else "you"
    return f"seat {seat}"


def _turn(data: Mapping[str, Any]) -> str:
    position, actor = data["position"], data["to_move"]
    phase = position["phase"]
    if phase == PLACE:
        domino = position["line"][0]["domino"]
        verb = "place" if actor == data["seat"] else "places"
        return f"{_who(actor, data)} {verb} domino {domino}"
    if phase in (PICK, CLAIM):
        verb = "pick" if actor == data["seat"] else "picks"
        return f"{_who(actor, data)} {verb} from the next line"
    if phase == DRAW:
        return "a line is being drawn"
    if phase == KING:
        return "a king is being drawn for the first line"
    return "the game is over"


def _lines(data: Mapping[str, Any]) -> list[str]:
    """The line in play and the next line, each domino in words with its king."""
    position = data["position"]
    found = []
    for title, key in (("line in play, in this order:", "line"), ("next line:", "next_line")):
        slots = position[key]
        if not slots:
            continue
        found.append(title)
        for index, slot in enumerate(slots):
            king = "free" if slot["king"] is None else _who(slot["king"], data)
            acting = "▶" if key == "line" and index == 0 and data["to_move"] is not None else " "
            found.append(f" {acting}{domino_text(slot['domino']):<26} {king}")
    return found


def _kingdom(data: Mapping[str, Any], seat: int, compact: bool) -> list[str]:
    """A kingdom on its grid: only its squares (``compact``), or every square the next
    domino could cover: within two squares of the kingdom (a domino touches it), and
    where the kingdom stays within its size."""
    position = data["position"]
    player = position["players"][seat]
    filled = {_square(name): content for name, content in player["squares"].items()}
    columns = [c for c, _ in filled]
    rows = [r for _, r in filled]
    if compact:
        low_c, high_c, low_r, high_r = min(columns), max(columns), min(rows), max(rows)
    else:
        reach, last = position["kingdom_size"] - 1, 2 * position["kingdom_size"] - 2
        low_c = max(0, max(columns) - reach, min(columns) - 2)
        high_c = min(last, min(columns) + reach, max(columns) + 2)
        low_r = max(0, max(rows) - reach, min(rows) - 2)
        high_r = min(last, min(rows) + reach, max(rows) + 2)
    name = _who(seat, data, capital=True)
    if seat == data["seat"]:
        name += f" (seat {seat})"
    title = f"{name}: {points(player['score']['score'])}"
    label = len(str(high_r + 1))
    block = [
        title,
        " " * (label + 1) + " ".join(f"{COLUMNS[c]} " for c in range(low_c, high_c + 1)),
    ]
    for row in range(low_r, high_r + 1):
        cells = [_cell(filled.get((column, row))) for column in range(low_c, high_c + 1)]
        block.append(f"{row + 1:>{label}} " + " ".join(cells))
    return block


def _square(name: str) -> tuple[int, int]:
    return COLUMNS.index(name[0]), int(name[1:]) - 1


def _cell(content: str | None) -> str:
    if content is None:
        return ". "
    if content == "castle":
        return "C "
    terrain, _, crowns = content.partition("(")
    return f"{_LETTER[terrain]}{crowns[:1] or ' '}"


def final_scores(data: Mapping[str, Any]) -> list[str]:
    """Every seat's score and what it is made of, then the tie-break figures."""
    position, result = data["position"], data["result"]
    lines = ["Final scores (each crowned property: squares × crowns):"]
    for seat, player in enumerate(position["players"]):
        sheet = player["score"]
        parts = [
            f"{p['terrain']} {p['squares']}×{p['crowns']}"
            for p in sheet["properties"]
            if p["crowns"]
        ]
        if sheet["middle_kingdom"]:
            parts.append(f"Middle Kingdom {sheet['middle_kingdom']}")
        if sheet["harmony"]:
            parts.append(f"Harmony {sheet['harmony']}")
        made_of = " + ".join(parts) or "no crowned property"
        text = (
            f"{_who(seat, data)}: {points(sheet['score'])} = {made_of}; largest property "
            f"{sheet['largest_property']}, {plural(sheet['crowns'], 'crown')}"
            + (f", {plural(sheet['discards'], 'discard')}" if sheet["discards"] else "")
        )
        lines.append(textwrap.fill(text, 78, initial_indent="  ", subsequent_indent="      "))
    if "dynasty_totals" in position:
        totals = ", ".join(f"{_who(s, data)} {t}" for s, t in enumerate(result["scores"]))
        lines.append(f"  Dynasty totals over three games: {totals}")
    lines.append("  Ties go to the largest property, then to the most crowns.")
    return lines


PAGES = {
    "kingdoms": "every kingdom in full, with its score so far",
    "dominoes": "all 48 dominoes in words, and which are still unseen",
}


def page(name: str, data: Mapping[str, Any]) -> str:
    position = data["position"]
    if name == "kingdoms":
        blocks = []
        for seat, player in enumerate(position["players"]):
            sheet = player["score"]
            parts = [f"{p['terrain']} {p['squares']}×{p['crowns']}" for p in sheet["properties"]]
            block = _kingdom(data, seat, compact=False)
            said = "properties: " + (", ".join(parts) or "none")
            block += textwrap.wrap(said, 78, initial_indent="  ", subsequent_indent="    ")
            blocks.append("\n".join(block))
        return "\n\n".join(blocks)
    seen = {int(text.split()[1]) for p in position["players"] for text in p["kingdom"]}
    seen |= {slot["domino"] for key in ("line", "next_line") for slot in position[key]}
    rows = [f"{domino_text(n)}{'' if n in seen else '  (unseen)'}" for n in DOMINOES]
    half = (len(rows) + 1) // 2
    return "\n".join(side_by_side([rows[:half], rows[half:]]))
