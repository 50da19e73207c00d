"""Scoring a kingdom: properties, crowns, the bonuses of the options, the tie-break figures."""

from __future__ import annotations

from dataclasses import dataclass

from .components import TERRAINS
from .kingdom import Kingdom

MIDDLE_KINGDOM_BONUS = 10
HARMONY_BONUS = 5


@dataclass(frozen=True, slots=True)
class Property:
    terrain: int
    squares: int
    crowns: int

    @property
    def points(self) -> int:
        return self.squares * self.crowns

    @property
    def name(self) -> str:
        """The terrain in words: wheat, forest, lake, grass, swamp or mine."""
        return TERRAINS[self.terrain]


@dataclass(frozen=True, slots=True)
class Score:
    """One kingdom's score sheet."""

    properties: tuple[Property, ...]
    middle_kingdom: int  # the bonus earned: 0 or 10 (0 whenever the option is off)
    harmony: int  # 0 or 5
    discards: int

    @property
    def property_points(self) -> int:
        return sum(p.points for p in self.properties)

    @property
    def total(self) -> int:
        return self.property_points + self.middle_kingdom + self.harmony

    @property
    def largest_property(self) -> int:
        """Squares of the largest property, crowned or not: the first tie-break."""
        return max((p.squares for p in self.properties), default=0)

    @property
    def crowns(self) -> int:
        """Crowns in the whole kingdom: the second tie-break."""
        return sum(p.crowns for p in self.properties)

    def to_json(self) -> dict[str, object]:
        return {
            "score": self.total,
            "property_points": self.property_points,
            "middle_kingdom": self.middle_kingdom,
            "harmony": self.harmony,
            "largest_property": self.largest_property,
            "crowns": self.crowns,
            "discards": self.discards,
            "properties": [
                {"terrain": TERRAINS[p.terrain], "squares": p.squares, "crowns": p.crowns}
                for p in self.properties
            ],
        }


def properties(kingdom: Kingdom) -> tuple[Property, ...]:
    """Every property: orthogonally connected squares of one terrain (the castle is none)."""
    frame = kingdom.frame
    one, two, three = kingdom.crowns
    found = []
    for terrain, mask in enumerate(kingdom.terrain):
        while mask:
            group = mask & -mask
            while True:
                grown = (group | frame.expand(group)) & mask
                if grown == group:
                    break
                group = grown
            mask &= ~group
            crowns = (group & one).bit_count() + (group & two).bit_count()
            crowns += (group & three).bit_count()
            found.append(Property(terrain, group.bit_count(), crowns))
    return tuple(found)


def centred(kingdom: Kingdom) -> bool:
    """The castle is the middle square of the kingdom's bounding box (ruling: a kingdom
    smaller than the full square counts too; only the box decides)."""
    centre = kingdom.frame.centre
    rows, columns = kingdom.rows, kingdom.columns
    return rows[0] + rows[1] == 2 * centre and columns[0] + columns[1] == 2 * centre


def score(kingdom: Kingdom, middle_kingdom: bool, harmony: bool) -> Score:
    discards = kingdom.discards
    return Score(
        properties(kingdom),
        MIDDLE_KINGDOM_BONUS if middle_kingdom and centred(kingdom) else 0,
        HARMONY_BONUS if harmony and not discards else 0,
        discards,
    )
