"""The physical game of Cronberg as data: the board's layout and the 28 tiles.

The seed's pictures are lost, so both are our reconstruction (docs/games/cronberg.md,
rules/cronberg.md). They are plain data on purpose: ``board.py`` derives every piece of
geometry from ``LAYOUT``, and the rules only ever read ``TILES``, so another layout or
another tile list can replace these two definitions and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass

PAWNS_PER_PLAYER = 4


@dataclass(frozen=True)
class Layout:
    """A hexagonal city on the triangular lattice, and its special triangles.

    Intersections are the lattice points (x, y) with each of x, y and x + y within its
    bounds (inclusive). A triangle is on the board when its three corners are: the up
    triangle ``U(x,y)`` has corners (x,y), (x+1,y), (x,y+1); the down triangle ``D(x,y)``
    has corners (x+1,y), (x,y+1), (x+1,y+1). Special triangles are named like ``D23``.
    """

    x: tuple[int, int]
    y: tuple[int, int]
    x_plus_y: tuple[int, int]
    parks: tuple[str, ...]
    guards: tuple[str, ...]
    coats_of_arms: tuple[str, ...]


LAYOUT = Layout(
    x=(0, 7),
    y=(0, 7),
    x_plus_y=(3, 11),
    # The strip of four in the middle first: the seed lays one tile on two parks and
    # scores a pawn touching two of them.
    parks=("D23", "U33", "D33", "U43", "D62", "U04", "U51", "D15", "U52", "D14", "D25", "U41"),
    guards=("U54", "D12", "U46", "D20"),
    coats_of_arms=("D60", "U06", "U05", "D61", "D30", "U36"),
)


@dataclass(frozen=True)
class Tile:
    """A rhombus covering two adjacent triangles.

    ``acute`` is the value at its two 60° corners (the far points of the two triangles),
    ``obtuse`` the value at its two 120° corners (the ends of the edge they share).
    """

    id: str
    code: str  # two letters for the board picture
    en: str
    it: str
    de: str
    acute: int
    obtuse: int
    copies: int

    @property
    def names(self) -> dict[str, str]:
        return {"en": self.en, "it": self.it, "de": self.de}


TILES: tuple[Tile, ...] = (
    Tile("townhall", "TH", "Town hall", "Municipio", "Rathaus", 4, 8, 1),
    Tile("cathedral", "CA", "Cathedral", "Duomo", "Dom", 4, 8, 1),
    Tile("church", "CH", "Church", "Chiesa", "Kirche", 3, 6, 2),
    Tile("guildhall", "GH", "Guild hall", "Casa delle corporazioni", "Zunfthaus", 3, 6, 2),
    Tile("market", "MA", "Market", "Mercato", "Markt", 2, 4, 2),
    Tile("fountain", "FO", "Fountain", "Fontana", "Brunnen", 2, 4, 2),
    Tile("inn", "IN", "Inn", "Locanda", "Gasthaus", 2, 4, 2),
    Tile("houses", "HO", "Houses", "Case", "Wohnhäuser", 1, 2, 7),
    Tile("stables", "ST", "Stables", "Stalle", "Stallungen", -1, -2, 2),
    Tile("tannery", "TA", "Tannery", "Conceria", "Gerberei", -1, -2, 2),
    Tile("cemetery", "CE", "Cemetery", "Cimitero", "Friedhof", -2, -4, 3),
    Tile("dungeon", "DU", "Dungeon", "Prigione", "Kerker", -3, -6, 1),
    Tile("gallows", "GA", "Gallows", "Forca", "Galgen", -4, -8, 1),
)

TILE_BY_ID: dict[str, Tile] = {tile.id: tile for tile in TILES}


def alias_key(name: str) -> str:
    """A tile name as typed, reduced so that case, spaces and umlauts don't matter."""
    key = name.lower().replace("-", "").replace(" ", "").replace("_", "")
    for umlaut, plain in (("ä", "ae"), ("ö", "oe"), ("ü", "ue")):
        key = key.replace(umlaut, plain)
    return key


TILE_ALIASES: dict[str, str] = {
    alias_key(name): tile.id
    for tile in TILES
    for name in (tile.id, tile.en, tile.it, tile.de, tile.code)
}
