"""A kingdom on its frame: where dominoes may go, and what is there.

The frame is every square a kingdom of side N could reach from its castle: 2N-1 squares a
side with the castle in the middle (9×9, castle e5; 13×13, castle g7 in the Mighty Duel).
A kingdom is a handful of bitmasks over the frame, one bit per square, so that finding
every legal placement is a few shifts and ands instead of a walk over the squares.
Each row of a mask has one spare bit past its last square; shifting a mask sideways then
moves edge squares onto a spare bit instead of onto the next row.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from ludoteca.engine import Move

from .components import DOMINOES, TERRAINS, Domino
from .moves import COLUMNS, Place, Square, square_name

# Directions from a domino's first half to its second: right, down, left, up.
DIRECTIONS = ((1, 0), (0, 1), (-1, 0), (0, -1))


class Frame:
    """The squares one kingdom size can use, and the masks that go with them."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.side = 2 * size - 1
        self.stride = self.side + 1  # the spare bit closing each row
        self.centre = size - 1
        self.castle = self.cell((self.centre, self.centre))
        self.castle_bit = 1 << self.castle
        cells = [self.cell((c, r)) for r in range(self.side) for c in range(self.side)]
        self.full = sum(1 << cell for cell in cells)
        row = sum(1 << c for c in range(self.side))
        self._rows = [row << (r * self.stride) for r in range(self.side)]
        column = sum(1 << (r * self.stride) for r in range(self.side))
        self._columns = [column << c for c in range(self.side)]
        self._moves: dict[int, tuple[list[Place], ...]] = {}

    def __reduce__(self) -> tuple[Callable[[int], Frame], tuple[int]]:
        # One frame per size is shared by every kingdom (``frame``): a pickled state (a bot
        # thinking in another process) names it, rather than copying its tables.
        return frame, (self.size,)

    def cell(self, square: Square) -> int:
        return square[1] * self.stride + square[0]

    def square(self, cell: int) -> Square:
        row, column = divmod(cell, self.stride)
        return column, row

    def contains(self, square: Square) -> bool:
        return 0 <= square[0] < self.side and 0 <= square[1] < self.side

    def expand(self, mask: int) -> int:
        """The squares orthogonally next to any square of ``mask``."""
        s = self.stride
        return ((mask << 1) | (mask >> 1) | (mask << s) | (mask >> s)) & self.full

    def band(self, low: int, high: int, rows: bool) -> int:
        lines = self._rows if rows else self._columns
        return sum(lines[low : high + 1])

    def extent(self) -> str:
        """The squares of the frame, in words."""
        return f"{COLUMNS[0]}-{COLUMNS[self.side - 1]} and 1-{self.side}"

    def moves(self, number: int) -> tuple[list[Place], ...]:
        """For each direction, the placement of this domino with its first half on each cell.

        Built once per domino, so that listing legal placements creates no objects.
        """
        table = self._moves.get(number)
        if table is None:
            table = tuple(self._direction_moves(number, d) for d in DIRECTIONS)
            self._moves[number] = table
        return table

    def _direction_moves(self, number: int, step: tuple[int, int]) -> list[Place]:
        # Cells whose neighbour lies off the frame never appear in a legal mask: any
        # placeholder will do there.
        row: list[Place] = []
        for cell in range(self.stride * self.side):
            first = self.square(cell)
            second = (first[0] + step[0], first[1] + step[1])
            row.append(Place(number, first, second if self.contains(second) else first))
        return row


@cache
def frame(size: int) -> Frame:
    return Frame(size)


class Kingdom:
    """One player's castle and dominoes, in the order they were added or discarded."""

    __slots__ = (
        "cached",
        "columns",
        "crowns",
        "frame",
        "history",
        "occupied",
        "open",
        "rows",
        "terrain",
    )

    def __init__(self, frame: Frame) -> None:
        self.frame = frame
        self.terrain = [0] * len(TERRAINS)
        # Squares with at least one, two, three crowns: a square's crowns are the count of
        # masks it is in, so a property's crowns are three popcounts.
        self.crowns = [0, 0, 0]
        self.occupied = frame.castle_bit
        self.rows = (frame.centre, frame.centre)  # the bounding box, castle included
        self.columns = (frame.centre, frame.centre)
        self.open = frame.full & ~frame.castle_bit  # free squares the box still allows
        self.history: list[Place | int] = []  # a placement, or the number of a discarded domino
        # What views and scores worked out from this kingdom, by name, with the length of
        # the history they were worked out at: a kingdom changes once or twice a line.
        self.cached: dict[str, tuple[int, object]] = {}

    def copy(self) -> Kingdom:
        twin = Kingdom.__new__(Kingdom)
        twin.frame = self.frame
        twin.terrain = list(self.terrain)
        twin.crowns = list(self.crowns)
        twin.occupied = self.occupied
        twin.rows, twin.columns = self.rows, self.columns
        twin.open = self.open
        twin.history = list(self.history)
        twin.cached = dict(self.cached)  # the values are never changed, only replaced
        return twin

    def remembered(self, name: str) -> object | None:
        """What was worked out as ``name`` for the kingdom as it is now, if anything."""
        found = self.cached.get(name)
        return found[1] if found is not None and found[0] == len(self.history) else None

    def remember(self, name: str, value: object) -> None:
        self.cached[name] = (len(self.history), value)

    @property
    def discards(self) -> int:
        return sum(isinstance(entry, int) for entry in self.history)

    # -- where a domino may go ---------------------------------------------------------

    def _direction_masks(self, domino: Domino) -> tuple[int, int, int, int]:
        """For right, down, left, up: the cells where the first half may legally go."""
        f = self.frame
        s, free = f.stride, self.open
        touch = f.expand(self.terrain[domino.first.terrain] | f.castle_bit) & free
        if domino.symmetric:
            # Either way round is the same placement: only first-half-left or -above.
            right = (touch & (free >> 1)) | (free & (touch >> 1))
            down = (touch & (free >> s)) | (free & (touch >> s))
            return right, down, 0, 0
        other = f.expand(self.terrain[domino.second.terrain] | f.castle_bit) & free
        return (
            (touch & (free >> 1)) | (free & (other >> 1)),
            (touch & (free >> s)) | (free & (other >> s)),
            (touch & (free << 1)) | (free & (other << 1)),
            (touch & (free << s)) | (free & (other << s)),
        )

    def placements(self, domino: Domino) -> list[Move]:
        found: list[Move] = []
        table = self.frame.moves(domino.number)
        for mask, row in zip(self._direction_masks(domino), table, strict=True):
            while mask:
                low = mask & -mask
                found.append(row[low.bit_length() - 1])
                mask ^= low
        return found

    def fits(self, domino: Domino) -> bool:
        return any(self._direction_masks(domino))

    def refusal(self, move: Place) -> str | None:
        """Why ``move`` cannot go into this kingdom, or None when it can."""
        f = self.frame
        domino = DOMINOES[move.domino]
        for square in (move.first, move.second):
            if not f.contains(square):
                return (
                    f"{square_name(square)} is off the board: squares run "
                    f"{f.extent()}, with the castle on {square_name(f.square(f.castle))}"
                )
        first, second = f.cell(move.first), f.cell(move.second)
        for cell in (first, second):
            if cell == f.castle:
                return f"{square_name(f.square(cell))} is your castle"
            if self.occupied >> cell & 1:
                return f"{square_name(f.square(cell))} is already taken"
        for cell in (first, second):
            if not self.open >> cell & 1:
                return self._too_big(cell)
        near_first = f.expand(1 << first) & (self.terrain[domino.first.terrain] | f.castle_bit)
        near_second = f.expand(1 << second) & (self.terrain[domino.second.terrain] | f.castle_bit)
        if not near_first and not near_second:
            return (
                f"neither half touches your castle or a square of its own terrain "
                f"({TERRAINS[domino.first.terrain]} on {square_name(move.first)}, "
                f"{TERRAINS[domino.second.terrain]} on {square_name(move.second)})"
            )
        return None

    def _too_big(self, cell: int) -> str:
        column, row = self.frame.square(cell)
        size = self.frame.size
        low_r, high_r = min(self.rows[0], row), max(self.rows[1], row)
        low_c, high_c = min(self.columns[0], column), max(self.columns[1], column)
        if high_c - low_c >= size:
            span = f"{high_c - low_c + 1} squares wide (columns {COLUMNS[low_c]}-{COLUMNS[high_c]})"
        else:
            span = f"{high_r - low_r + 1} squares tall (rows {low_r + 1}-{high_r + 1})"
        return f"the kingdom would be {span}; it must fit in {size}×{size} squares"

    # -- adding ------------------------------------------------------------------------

    def place(self, move: Place) -> None:
        """Add a placement that ``refusal`` accepted."""
        f = self.frame
        domino = DOMINOES[move.domino]
        for square, half in ((move.first, domino.first), (move.second, domino.second)):
            bit = 1 << f.cell(square)
            self.terrain[half.terrain] |= bit
            for level in range(half.crowns):
                self.crowns[level] |= bit
            self.occupied |= bit
            column, row = square
            self.rows = (min(self.rows[0], row), max(self.rows[1], row))
            self.columns = (min(self.columns[0], column), max(self.columns[1], column))
        self.history.append(move)
        self._reopen()

    def discard(self, number: int) -> None:
        self.history.append(number)

    def _reopen(self) -> None:
        # A square is allowed while the bounding box with it stays within size × size.
        f, size = self.frame, self.frame.size
        rows = f.band(self.rows[1] - size + 1, self.rows[0] + size - 1, rows=True)
        columns = f.band(self.columns[1] - size + 1, self.columns[0] + size - 1, rows=False)
        self.open = rows & columns & ~self.occupied
