"""The physical game as data: terrains, the 48 dominoes, kings and lines by player count."""

from __future__ import annotations

from dataclasses import dataclass

TERRAINS = ("wheat", "forest", "lake", "grass", "swamp", "mine")
TERRAIN_INDEX = {name: index for index, name in enumerate(TERRAINS)}
# One letter per terrain for the text board; the castle is "C".
TERRAIN_LETTERS = ("W", "F", "L", "G", "S", "M")


@dataclass(frozen=True, slots=True)
class Half:
    terrain: int
    crowns: int

    def __str__(self) -> str:
        name = TERRAINS[self.terrain]
        return f"{name}({self.crowns})" if self.crowns else name


@dataclass(frozen=True, slots=True)
class Domino:
    number: int
    first: Half
    second: Half

    @property
    def symmetric(self) -> bool:
        """Both halves alike: turning the domino around changes nothing."""
        return self.first == self.second

    def __str__(self) -> str:
        return f"{self.number} {self.first} {self.second}"


def _half(text: str) -> Half:
    name, _, crowns = text.partition("(")
    return Half(TERRAIN_INDEX[name], int(crowns.rstrip(")")) if crowns else 0)


# The 48 dominoes as the rulebook lists them: number, first half, second half.
_LIST = """
 1 wheat wheat          17 forest lake          33 lake(1) forest
 2 wheat wheat          18 forest grass         34 lake(1) forest
 3 forest forest        19 wheat(1) forest      35 lake(1) forest
 4 forest forest        20 wheat(1) lake        36 wheat grass(1)
 5 forest forest        21 wheat(1) grass       37 lake grass(1)
 6 forest forest        22 wheat(1) swamp       38 wheat swamp(1)
 7 lake lake            23 wheat(1) mine        39 grass swamp(1)
 8 lake lake            24 forest(1) wheat      40 mine(1) wheat
 9 lake lake            25 forest(1) wheat      41 wheat grass(2)
10 grass grass          26 forest(1) wheat      42 lake grass(2)
11 grass grass          27 forest(1) wheat      43 wheat swamp(2)
12 swamp swamp          28 forest(1) lake       44 grass swamp(2)
13 wheat forest         29 forest(1) grass      45 mine(2) wheat
14 wheat lake           30 lake(1) wheat        46 swamp mine(2)
15 wheat grass          31 lake(1) wheat        47 swamp mine(2)
16 wheat swamp          32 lake(1) forest       48 wheat mine(3)
"""


def _dominoes() -> dict[int, Domino]:
    words = _LIST.split()
    found = {}
    for at in range(0, len(words), 3):
        number = int(words[at])
        found[number] = Domino(number, _half(words[at + 1]), _half(words[at + 2]))
    return dict(sorted(found.items()))


DOMINOES: dict[int, Domino] = _dominoes()
NUMBERS: tuple[int, ...] = tuple(DOMINOES)


@dataclass(frozen=True, slots=True)
class Setup:
    """What the player count and the Mighty Duel decide before the first line."""

    kings_per_seat: int
    dominoes: int  # dominoes that come out of the box in one game
    size: int  # the kingdom's side: 5 (7 in the Mighty Duel)

    def kings(self, players: int) -> int:
        """Kings in play, which is also the number of dominoes in a line."""
        return self.kings_per_seat * players

    def lines(self, players: int) -> int:
        return self.dominoes // self.kings(players)


def setup(players: int, mighty_duel: bool = False) -> Setup:
    if mighty_duel:
        return Setup(kings_per_seat=2, dominoes=48, size=7)
    if players == 2:
        return Setup(kings_per_seat=2, dominoes=24, size=5)
    return Setup(kings_per_seat=1, dominoes=12 * players, size=5)
