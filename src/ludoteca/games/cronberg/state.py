"""The position of a match of Cronberg, and the flow of turns.

A turn is one of: ``pawn <intersection>``; or ``draw``, then the chance event that turns
the tile up, then ``lay`` by the same seat. A seat that can do neither is skipped; the
game ends, with the final scoring, when no seat can move.

The board is kept as bitmasks over the numbers of ``board.py`` (uncovered triangles,
edges with both triangles uncovered, intersections touching an uncovered triangle, ...)
so that the legal moves and the end of the game are found without searching.
"""

from __future__ import annotations

import random
from enum import StrEnum
from fractions import Fraction
from typing import Any, Self

from ludoteca.engine import CHANCE, Actor, IllegalMove, Move, Result, State, StateError
from ludoteca.engine.chance import draw, draw_probabilities
from ludoteca.engine.result import rank_by
from ludoteca.engine.text import listing

from .board import BOARD, bits, select
from .components import PAWNS_PER_PLAYER, TILE_BY_ID, TILES
from .moves import DRAW, Draw, Drawn, Lay, PlacePawn
from .scoring import PawnScore, active_triangles, final_note, final_scoring


class Step(StrEnum):
    """The steps of a turn, as a position writes them."""

    MOVE = "move"
    DRAWING = "drawing"
    LAYING = "laying"


# The rules compare with these names: a module's global is found quicker than a member.
MOVE, DRAWING, LAYING = Step.MOVE, Step.DRAWING, Step.LAYING

# Every move value made once: the legal moves are picked from these by bitmask.
PAWN_MOVES: tuple[Move, ...] = tuple(PlacePawn(name) for name in BOARD.point_names)
LAY_MOVES: tuple[Move, ...] = tuple(
    Lay((BOARD.triangle_names[a], BOARD.triangle_names[b])) for a, b in BOARD.edge_by_pair
)
DRAWN_MOVES = {tile.id: Drawn(tile.id) for tile in TILES}
_GUARD_CORNERS = tuple((g, sum(1 << p for p in BOARD.corners[g])) for g in BOARD.guards)


class CronbergState(State):
    def __init__(self, players: int) -> None:
        """The opening: an empty city, every tile face down, seat 0 (the youngest) to move."""
        self.players = players
        self.scores = [0] * players
        self.supply = [PAWNS_PER_PLAYER] * players
        self.seat: int | None = 0  # None once the game is over
        self.step = MOVE
        self.drawn: str | None = None  # the tile turned up, waiting to be laid
        self.round = 1
        self.pool = {tile.id: tile.copies for tile in TILES}  # face down, in no order
        self.face_down = sum(self.pool.values())
        self.laid: list[tuple[str, int]] = []  # (tile, edge) in the order laid
        self.cover = [-1] * len(BOARD.triangles)  # which of ``laid`` covers a triangle
        self.owner = [-1] * len(BOARD.points)  # the seat whose pawn stands there
        self.value = [0] * len(BOARD.points)  # sum of the tile corners at an intersection
        self.magnitude = [0] * len(BOARD.points)  # the same, each corner counted positive
        # Bitmasks: triangles, edges (two adjacent triangles), intersections.
        self.uncovered = BOARD.all_triangles
        self.free_edges = BOARD.all_edges  # both triangles uncovered: a tile fits there
        self.open = (1 << len(BOARD.points)) - 1  # touching an uncovered triangle
        self.occupied = 0
        self.blocked = 0  # corners of active guards
        self.active_guards = 0
        # What each tile laid in this match did (not those of a loaded position): for views.
        self.interim: list[dict[str, Any]] = []

    # -- whose turn --------------------------------------------------------------------

    def to_move(self) -> Actor:
        if self.step is DRAWING:
            return CHANCE
        return self.seat

    def placeable(self) -> int:
        """Intersections where a pawn may go: free, by an uncovered triangle, no guard."""
        return self.open & ~self.blocked & ~self.occupied

    def can_draw(self) -> bool:
        return self.face_down > 0 and self.free_edges != 0

    def can_move(self, seat: int) -> bool:
        return self.can_draw() or (self.supply[seat] > 0 and self.placeable() != 0)

    # -- moves -------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        if self.seat is None:
            return []
        if self.step is LAYING:
            return select(LAY_MOVES, self.free_edges)
        if self.step is not MOVE:
            return []
        moves = select(PAWN_MOVES, self.placeable()) if self.supply[self.seat] else []
        if self.face_down and self.free_edges:
            moves.append(DRAW)
        return moves

    def check(self, move: Move) -> None:
        if self.seat is None:
            raise IllegalMove("the game is over: no more moves can be played")
        if isinstance(move, Drawn):
            self._check_drawn(move)
        elif self.step is DRAWING:
            raise IllegalMove("a tile is being drawn: the next move is the tile turned up")
        elif self.step is LAYING:
            if not isinstance(move, Lay):
                raise IllegalMove(
                    f"you drew the {self._tile_name(self.drawn)}: lay it on two adjacent "
                    "uncovered triangles, e.g. 'lay D23 U33'"
                )
            self.edge_of(move)
        elif isinstance(move, PlacePawn):
            self.point_for(move, self.seat)
        elif isinstance(move, Draw):
            self._check_draw()
        elif isinstance(move, Lay):
            raise IllegalMove("draw a tile first ('draw'); then lay the tile you drew")
        else:
            raise IllegalMove(f"{move} is not a move of Cronberg")

    def point_for(self, move: PlacePawn, seat: int) -> int:
        """The intersection a pawn move names, or ``IllegalMove`` saying why not there."""
        if not self.supply[seat]:
            raise IllegalMove(
                f"all your {PAWNS_PER_PLAYER} pawns are on the board: draw a tile ('draw')"
            )
        point = BOARD.point_by_name.get(move.point)
        if point is None:
            raise IllegalMove(f"there is no intersection {move.point} on the board")
        bit = 1 << point
        if self.occupied & bit:
            raise IllegalMove(
                f"seat {self.owner[point]}'s pawn stands on {move.point}: one pawn per intersection"
            )
        if self.blocked & bit:
            raise IllegalMove(
                f"{move.point} touches an active guard: no pawn may be placed there again"
            )
        if not self.open & bit:
            raise IllegalMove(
                f"every triangle around {move.point} is covered: a pawn needs an "
                "intersection touching at least one uncovered triangle"
            )
        return point

    def _check_draw(self) -> None:
        if not self.face_down:
            raise IllegalMove("no face-down tiles are left to draw: place a pawn")
        if not self.free_edges:
            raise IllegalMove(
                "no two adjacent triangles are uncovered, so a drawn tile could not be laid"
            )

    def _check_drawn(self, move: Drawn) -> None:
        if self.step is not DRAWING:
            raise IllegalMove("no tile is being drawn now")
        if not self.pool.get(move.tile):
            left = ", ".join(tile for tile, n in self.pool.items() if n)
            raise IllegalMove(f"no {move.tile} is left face down; the tiles left: {left}")

    def edge_of(self, move: Lay) -> int:
        """The edge a tile placement names, or ``IllegalMove`` saying why not there."""
        first_name, second_name = move.triangles
        if first_name == second_name:
            raise IllegalMove(f"name two different triangles: a tile covers two, not {first_name}")
        first, second = self._uncovered(first_name), self._uncovered(second_name)
        edge = BOARD.edge_by_pair.get((min(first, second), max(first, second)))
        if edge is None:
            raise IllegalMove(
                f"{first_name} and {second_name} do not share an edge: a tile covers two "
                "adjacent triangles"
            )
        return edge

    def _uncovered(self, name: str) -> int:
        t = BOARD.triangle_by_name.get(name)
        if t is None:
            raise IllegalMove(f"there is no triangle {name} on the board")
        if not self.uncovered >> t & 1:
            tile = self._tile_name(self.laid[self.cover[t]][0])
            raise IllegalMove(f"{name} is covered by the {tile}: tiles never overlap")
        return t

    @staticmethod
    def _tile_name(tile: str | None) -> str:
        return "tile" if tile is None else TILE_BY_ID[tile].en.lower()

    def apply(self, move: Move) -> None:
        seat = self.seat
        if seat is None:
            raise StateError("the game is over: no more moves can be played")
        if isinstance(move, PlacePawn):
            point = BOARD.point_by_name[move.point]
            self.owner[point] = seat
            self.occupied |= 1 << point
            self.supply[seat] -= 1
            told = self._next_turn(seat)
        elif isinstance(move, Lay) and self.drawn is not None:
            tile, edge = self.drawn, self.edge_of(move)
            corners = self.cover_edge(tile, edge)
            self.drawn = None
            self.step = MOVE
            scored = self._score_surrounded(corners)
            guards, expelled = self.activate_guards()
            laid = {
                "seat": seat,
                "tile": tile,
                "on": [BOARD.triangle_names[t] for t in BOARD.edges[edge].triangles],
                "scored": scored,
                "guards": guards,
                "expelled": expelled,
            }
            self.interim.append(laid)
            told = interim_words(laid)
            told += self._next_turn(seat)
        else:
            if isinstance(move, Draw):
                self.step = DRAWING
            elif isinstance(move, Drawn):
                self.pool[move.tile] -= 1
                self.face_down -= 1
                self.drawn = move.tile
                self.step = LAYING
            return
        if told:  # what the move caused, for the log (Match clears it)
            self.notes = tuple(told)

    # -- laying a tile -----------------------------------------------------------------

    def cover_edge(self, tile: str, edge_number: int) -> tuple[int, int, int, int]:
        """Lay ``tile`` on an edge: the board changes, nobody scores. Returns its corners."""
        edge = BOARD.edges[edge_number]
        first, second = edge.triangles
        self.cover[first] = self.cover[second] = len(self.laid)
        self.laid.append((tile, edge_number))
        self.uncovered &= ~((1 << first) | (1 << second))
        self.free_edges &= ~(BOARD.edges_of[first] | BOARD.edges_of[second])
        acute, obtuse = TILE_BY_ID[tile].acute, TILE_BY_ID[tile].obtuse
        for points, amount in ((edge.acute, acute), (edge.obtuse, obtuse)):
            for p in points:
                self.value[p] += amount
                self.magnitude[p] += abs(amount)
                if not BOARD.around_mask[p] & self.uncovered:
                    self.open &= ~(1 << p)
        return (*edge.acute, *edge.obtuse)

    def _score_surrounded(self, corners: tuple[int, ...]) -> list[dict[str, Any]]:
        """Interim scoring: pawns (anyone's) whose triangles are now all covered.

        Returns what each pawn scored: ``{"seat", "pawn", "points"}``.
        """
        scored = []
        for p in corners:
            seat = self.owner[p]
            if seat >= 0 and not self.open >> p & 1:
                self.scores[seat] += self.value[p]
                scored.append({"seat": seat, "pawn": BOARD.point_names[p], "points": self.value[p]})
                self._return_pawn(p)
        return scored

    def activate_guards(self) -> tuple[list[str], list[dict[str, Any]]]:
        """Guards no tile can cover any more expel the pawns on their corners.

        Returns the guards that became active and the pawns they sent back
        (``{"seat", "pawn", "guard"}``).
        """
        exhausted = self.exhausted()
        uncovered = self.uncovered
        guards, expelled = [], []
        for guard, corners in _GUARD_CORNERS:
            if self.active_guards >> guard & 1 or not uncovered >> guard & 1:
                continue
            if exhausted or not BOARD.neighbour_mask[guard] & uncovered:
                self.active_guards |= 1 << guard
                self.blocked |= corners
                name = BOARD.triangle_names[guard]
                guards.append(name)
                for p in bits(corners & self.occupied):
                    expelled.append({"seat": self.owner[p], "pawn": BOARD.point_names[p],
                                     "guard": name})  # fmt: skip
                    self._return_pawn(p)
        return guards, expelled

    def _return_pawn(self, point: int) -> None:
        self.supply[self.owner[point]] += 1
        self.owner[point] = -1
        self.occupied &= ~(1 << point)

    # -- turns and the end -------------------------------------------------------------

    def _next_turn(self, seat: int) -> list[str]:
        """Clockwise from ``seat`` to the next seat that can move, skipping the others.
        When nobody can, the final scoring: returned pawn by pawn, for the log."""
        players = self.players
        for ahead in range(1, players + 1):
            candidate = (seat + ahead) % players
            if self.can_move(candidate):
                if seat + ahead >= players:
                    self.round += 1
                self.seat = candidate
                return []
        self.seat = None
        told = ["nobody can place a pawn or lay a tile: the game ends with the final scoring"]
        for pawn in self.final_scoring():
            self.scores[pawn.seat] += pawn.points
            told.append(final_note(pawn))
        return told

    def exhausted(self) -> bool:
        """No tile is left to lay: every uncovered triangle is active."""
        return self.face_down == 0 and self.drawn is None

    def active(self) -> int:
        """The active triangles, as a bitmask."""
        return active_triangles(self.uncovered, self.exhausted())

    def final_scoring(self) -> list[PawnScore]:
        return final_scoring(self.owner, self.value, self.magnitude, self.active())

    def result(self) -> Result:
        if self.seat is not None:
            raise StateError("the game is not over")
        pawns = self.final_scoring()
        final = [0] * self.players
        for pawn in pawns:
            final[pawn.seat] += pawn.points
        return Result(
            ranking=rank_by(range(self.players), self.scores.__getitem__),
            scores=tuple(self.scores),
            rounds=self.round,
            details={
                "before_final_scoring": [s - f for s, f in zip(self.scores, final, strict=True)],
                "final_scoring": [pawn.to_json() for pawn in pawns],
            },
        )

    # -- chance ------------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[Move, Fraction]]:
        if self.step is not DRAWING:
            return []
        return [(DRAWN_MOVES[tile], p) for tile, p in draw_probabilities(self.pool)]

    def sample_chance(self, rng: random.Random) -> Move:
        return DRAWN_MOVES[draw(self.pool, rng)]

    # -- copies and documents ----------------------------------------------------------

    def copy(self) -> Self:
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        for name in ("scores", "supply", "laid", "cover", "owner", "value", "magnitude"):
            setattr(twin, name, list(getattr(self, name)))
        twin.pool = dict(self.pool)
        twin.interim = list(self.interim)
        return twin


def interim_words(laid: dict[str, Any]) -> list[str]:
    """What laying a tile caused (its record in ``interim``), in words for the log."""
    told = [
        f"interim scoring: every triangle around {pawn['pawn']} is covered; "
        f"seat {pawn['seat']}'s pawn there scores {pawn['points']:+d} and goes back to "
        "its supply"
        for pawn in laid["scored"]
    ]
    for guard in laid["guards"]:
        expelled = [
            f"seat {pawn['seat']}'s pawn on {pawn['pawn']}"
            for pawn in laid["expelled"]
            if pawn["guard"] == guard
        ]
        corners = BOARD.corners[BOARD.triangle_by_name[guard]]
        points = listing([BOARD.point_names[p] for p in corners])
        sent = f"{listing(expelled)} goes back unscored" if expelled else "no pawn"
        if len(expelled) > 1:
            sent = f"{listing(expelled)} go back unscored"
        told.append(
            f"the guard on {guard} is active (no tile can cover it any more): {sent}, "
            f"and {points} are closed to pawns"
        )
    return told
