"""Random games checked against the rules written out plainly, without the bitmasks.

The engine keeps the board as precomputed bitmasks; here the legal moves, the values and
the active triangles are worked out again from the position's JSON and the triangles'
corners alone, at every decision of random games.
"""

import random
from itertools import combinations

from ludoteca import CHANCE
from ludoteca.games.cronberg.board import BOARD
from ludoteca.games.cronberg.components import PAWNS_PER_PLAYER, TILE_BY_ID, TILES

from .helpers import GAME

CORNERS = {
    name: {BOARD.point_names[p] for p in BOARD.corners[t]}
    for t, name in enumerate(BOARD.triangle_names)
}
ADJACENT = {
    frozenset((a, b)) for a, b in combinations(CORNERS, 2) if len(CORNERS[a] & CORNERS[b]) == 2
}
GUARDS = {BOARD.triangle_names[t] for t in BOARD.guards}


def board_order(name):
    return name[2], name[1], name[0] != "U"


class Plainly:
    """The rules' notions computed from a view's position, one definition each."""

    def __init__(self, position):
        self.position = position
        self.face_down = sum(position["face_down"].values())
        covered = {name for tile in position["tiles"] for name in tile["on"]}
        self.uncovered = set(CORNERS) - covered
        self.free_pairs = {pair for pair in ADJACENT if pair <= self.uncovered}
        exhausted = self.face_down == 0 and position["drawn"] is None
        self.active = {
            t for t in self.uncovered
            if exhausted or not any(frozenset((t, o)) in ADJACENT for o in self.uncovered)
        }  # fmt: skip
        self.pawns = {p for player in position["players"] for p in player["pawns"]}
        self.placeable = {p for p in BOARD.point_names if p not in self.pawns and self.open(p)}

    def touches(self, point, triangles):
        return any(point in CORNERS[t] for t in triangles)

    def open(self, point):
        """Touching an uncovered triangle and no active guard."""
        return self.touches(point, self.uncovered) and not self.touches(point, self.active & GUARDS)

    def values(self):
        values = {}
        for tile in self.position["tiles"]:
            kind = TILE_BY_ID[tile["tile"]]
            first, second = tile["on"]
            shared = CORNERS[first] & CORNERS[second]
            for point in CORNERS[first] | CORNERS[second]:
                values[point] = values.get(point, 0) + (
                    kind.obtuse if point in shared else kind.acute
                )
        return values

    def moves(self, seat):
        if self.position["step"] == "laying":
            return {"lay " + " ".join(sorted(pair, key=board_order)) for pair in self.free_pairs}
        moves = {f"pawn {p}" for p in self.placeable} if self.position["supply"][seat] else set()
        if self.face_down and self.free_pairs:
            moves.add("draw")
        return moves


def check(m):
    position = m.view(None)["position"]
    plainly = Plainly(position)
    assert set(position["active"]) == plainly.active
    assert position["values"] == plainly.values()
    laid = len(position["tiles"]) + (position["drawn"] is not None)
    assert plainly.face_down + laid == sum(tile.copies for tile in TILES)
    for seat, player in enumerate(position["players"]):
        assert len(player["pawns"]) + position["supply"][seat] == PAWNS_PER_PLAYER
    for pawn in plainly.pawns:
        assert plainly.open(pawn), f"the pawn on {pawn} should have scored or gone back"
    if m.is_over:
        assert all(not plainly.moves(seat) for seat in range(m.players))
    elif m.to_move is not CHANCE:
        legal = {str(move) for move in m.legal_moves()}
        assert legal == plainly.moves(m.to_move)
        assert legal, "a seat to move can move"


def test_random_games_follow_the_plain_rules():
    rng = random.Random(21)
    for game in range(24):
        m = GAME.new_match(2 + game % 3)
        while not m.is_over:
            check(m)
            if m.to_move is CHANCE:
                m.play_chance(rng)
            else:
                m.play(rng.choice(m.legal_moves()))
        check(m)
