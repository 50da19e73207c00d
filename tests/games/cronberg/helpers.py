"""Hand-built positions for the rules tests, and helpers to write and play them.

Tiles are written like the move notation, ``"church U23 D13"``: the tile, then the two
triangles it covers.
"""

from __future__ import annotations

from typing import Any

import ludoteca
from ludoteca.engine import Match

GAME = ludoteca.game("cronberg")


def position(
    tiles: tuple[str, ...] | list[str] = (),
    pawns: tuple[list[str], ...] | list[list[str]] = ([], []),
    scores: tuple[int, ...] | list[int] | None = None,
    **turn: Any,
) -> dict[str, Any]:
    """A position as JSON: one list of pawns per player (which sets the player count)."""
    scores = scores or [0] * len(pawns)
    return {
        "players": [
            {"score": score, "pawns": list(mine)} for score, mine in zip(scores, pawns, strict=True)
        ],
        "tiles": [tile(text) for text in tiles],
        **turn,
    }


def tile(text: str) -> dict[str, Any]:
    kind, first, second = text.split()
    return {"tile": kind, "on": [first, second]}


def load(data: dict[str, Any]) -> Match:
    return GAME.load({"game": "cronberg", "players": len(data["players"]), "position": data})


def match(*args: Any, **kwargs: Any) -> Match:
    return load(position(*args, **kwargs))


def lay(m: Match, kind: str, first: str, second: str) -> None:
    """A whole option B: draw, the tile turned up (forced), lay it."""
    m.play("draw")
    m.play(f"tile {kind}")
    m.play(f"lay {first} {second}")


def scores(m: Match) -> list[int]:
    return [player["score"] for player in m.position()["players"]]


def supply(m: Match) -> list[int]:
    return list(m.view(None)["position"]["supply"])


def pawns(m: Match) -> list[list[str]]:
    return [player["pawns"] for player in m.position()["players"]]


# The rulebook's closing example on our board (its "Final scoring"). Four players:
# seat 0 green (Otto/Karl), 1 blue (Anna), 2 red (Ulla), 3 yellow (Gerd). 27 tiles lie,
# the town hall is the last one face down; every pawn is on the board, so seat 0 can only
# draw. Laying the town hall on U16 D16 surrounds green's pawn on 27 (tannery -2, town
# hall +4: it scores 2) and, the tiles being out, wakes the guard U46, which sends blue's
# pawn on 47 back. Then blue places a pawn on 35, red and yellow cannot move, green
# places one on 33, and nobody can move: green's 33 scores (2 + 3) x 4 = 20, blue's 35
# (6 + 2) x 2 = 16, red's 40 |-4| = 4 with the coat of arms D30, yellow's 73 4 x 2 = 8.
CLOSING_TILES = (
    "gallows D20 U30",  # 40: -4 (acute)
    "houses D22 U32",  # 33: +2 (obtuse)
    "church U23 D13",  # 33: +3 (acute)
    "church U25 D24",  # 35: +6 (obtuse)
    "houses U34 D34",  # 35: +2 (obtuse)
    "market U63 D63",  # 73: +4 (obtuse)
    "tannery U26 D26",  # 27: -2 (obtuse)
    "cathedral D51 U51",
    "guildhall U14 D14",
    "guildhall U42 D41",
    "market D31 U41",
    "fountain D03 U03",
    "fountain U22 D21",
    "inn U64 D54",
    "inn D40 U50",
    "houses D44 U54",
    "houses U62 D61",
    "houses D53 U53",
    "houses U13 D12",
    "houses U60 D60",
    "stables D04 U04",
    "stables U06 D06",
    "tannery U05 D05",
    "cemetery D52 U52",
    "cemetery D35 U36",
    "cemetery D33 U43",
    "dungeon U15 D15",
)
CLOSING_PAWNS = (
    ["50", "21", "12", "27"],
    ["61", "42", "03", "47"],
    ["53", "44", "25", "40"],
    ["55", "65", "37", "73"],
)
CLOSING_SCORES = (10, 8, 12, 9)


def closing() -> Match:
    return match(CLOSING_TILES, CLOSING_PAWNS, CLOSING_SCORES, seat=0, round=9)


# A board where no tile fits any more although two tiles (town hall, gallows) are still
# face down: the last 26th tile, the dungeon on U51 D51, leaves only isolated triangles.
# Seat 0 has all four pawns out, seat 1 one in supply.
STUCK_TILES = (
    "houses D20 U21",
    "houses D02 U12",
    "houses D03 U13",
    "houses D30 U40",
    "houses D21 U22",
    "houses D04 U14",
    "houses D05 U06",
    "stables D22 U23",
    "stables D15 U16",
    "tannery D14 U24",
    "tannery D31 U41",
    "cemetery D32 U33",
    "cemetery U50 D50",
    "cemetery D25 U26",
    "market U36 D36",
    "market D60 U61",
    "fountain D24 U34",
    "fountain U45 D45",
    "inn D34 U35",
    "inn D54 U64",
    "church D53 U63",
    "church D52 U62",
    "guildhall U43 D43",
    "guildhall D44 U54",
    "cathedral U42 D42",
)
STUCK_PAWNS = (["43", "62", "30", "55"], ["24", "06", "71"])


def stuck() -> Match:
    """Seat 0 is about to lay the dungeon that leaves the board stuck."""
    return match(STUCK_TILES, STUCK_PAWNS, [5, -10], seat=0, step="laying", drawn="dungeon")
