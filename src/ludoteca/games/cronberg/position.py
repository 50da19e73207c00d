"""The position of Cronberg as JSON (docs/games/cronberg.md).

Only what cannot be derived is stored: the scores, where the pawns stand, which tiles
lie where, whose turn it is and at which step. The supplies, the face-down tiles (all
tiles minus those laid and drawn: there is no order to store), the values at the
intersections and the active triangles follow from these. ``load`` accepts a position
written by hand and refuses every impossible one with a ``PositionError`` naming where.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.fields import Fields

from .board import BOARD, bits
from .components import PAWNS_PER_PLAYER, TILE_BY_ID, TILES
from .state import DRAWING, LAYING, MOVE, CronbergState, Step

KEYS = ("players", "tiles", "seat", "step", "drawn", "round")


def dump(state: CronbergState) -> dict[str, Any]:
    on_edge = BOARD.edge_names
    return {
        "players": _players(state),
        "tiles": [{"tile": tile, "on": list(on_edge[edge])} for tile, edge in state.laid],
        "seat": state.seat,
        "step": state.step,
        "drawn": state.drawn,
        "round": state.round,
    }


def _players(state: CronbergState) -> list[dict[str, Any]]:
    names = BOARD.point_names
    pawns: list[list[str]] = [[] for _ in range(state.players)]
    owner = state.owner
    for point in bits(state.occupied):  # the pawns, in the order of the intersections
        pawns[owner[point]].append(names[point])
    return [
        {"score": score, "pawns": held} for score, held in zip(state.scores, pawns, strict=True)
    ]


# Each tile on each edge as ``dump`` writes it: compared with a document's tiles all at
# once, never handed out.
_LAID = {
    (tile.id, edge): {"tile": tile.id, "on": list(names)}
    for tile in TILES
    for edge, names in enumerate(BOARD.edge_names)
}


def is_dumped(state: CronbergState, data: object) -> bool:
    """``dump(state) == data``, without writing the position: a loaded document's
    position is checked this way (most of ``dump``'s cost is one dict per tile)."""
    if type(data) is not dict or len(data) != len(KEYS):
        return False
    try:
        if (
            data["seat"] != state.seat
            or data["step"] != state.step
            or data["drawn"] != state.drawn
            or data["round"] != state.round
            or data["tiles"] != list(map(_LAID.__getitem__, state.laid))
        ):
            return False
        players = data["players"]
    except KeyError:
        return False
    same: bool = _players(state) == players
    return same


def load(data: object, players: int) -> CronbergState:
    top = Fields(data)
    top.only(KEYS)
    state = CronbergState(players)
    for index, entry in enumerate(top.seq("tiles", [])):
        _lay(state, Fields(entry, f"{top.at('tiles')}[{index}]"))
    drawn = _drawn(top)
    _count_tiles(top, state, drawn)
    state.drawn = drawn
    state.round = top.number("round", 1, low=1)
    entries = top.items("players")
    if len(entries) != players:
        top.fail(f"lists {len(entries)} players, but the match has {players}", "players")
    state.activate_guards()  # before the pawns: none is expelled, and none may stand there
    for seat, entry in enumerate(entries):
        _player(state, entry, seat)
    _turn(top, state)
    return state


def _lay(state: CronbergState, entry: Fields) -> None:
    entry.only(("tile", "on"))
    tile = entry.text("tile", TILE_BY_ID)
    names = entry.seq("on")
    if len(names) != 2 or not all(isinstance(name, str) for name in names):
        entry.fail('must name the two triangles the tile covers, e.g. ["D23", "U33"]', "on")
    triangles = []
    for name in names:
        t = BOARD.triangle_by_name.get(name)
        if t is None:
            entry.fail(f"names {name!r}, which is not a triangle of the board (e.g. U23)", "on")
        if not state.uncovered >> t & 1:
            other = state.cover[t]
            entry.fail(f"covers {name}, which tiles[{other}] covers too: tiles never overlap",
                       "on")  # fmt: skip
        triangles.append(t)
    edge = BOARD.edge_by_pair.get((min(triangles), max(triangles)))
    if edge is None:
        entry.fail(f"covers {names[0]} and {names[1]}, which do not share an edge", "on")
    state.cover_edge(tile, edge)


def _drawn(top: Fields) -> str | None:
    if top.data.get("drawn") is None:
        return None
    tile: str = top.text("drawn", TILE_BY_ID)
    return tile


def _count_tiles(top: Fields, state: CronbergState, drawn: str | None) -> None:
    for tile in TILES:
        used = sum(laid == tile.id for laid, _ in state.laid) + (drawn == tile.id)
        if used > tile.copies:
            extra = " (with the one drawn)" if drawn == tile.id else ""
            top.fail(f"hold {used} {tile.id} tiles{extra}, but the game has {tile.copies}",
                     "tiles")  # fmt: skip
        state.pool[tile.id] = tile.copies - used
    state.face_down = sum(state.pool.values())


def _player(state: CronbergState, entry: Fields, seat: int) -> None:
    entry.only(("score", "pawns"))
    state.scores[seat] = entry.number("score", 0)
    names = entry.seq("pawns", [])
    if len(names) > PAWNS_PER_PLAYER:
        entry.fail(f"has {len(names)} pawns on the board; each player has {PAWNS_PER_PLAYER}",
                   "pawns")  # fmt: skip
    for name in names:
        point = BOARD.point_by_name.get(name) if isinstance(name, str) else None
        if point is None:
            entry.fail(f'names {name!r}, which is not an intersection (e.g. "23")', "pawns")
        if state.owner[point] >= 0:
            entry.fail(f"puts a pawn on {name}, where seat {state.owner[point]} has one",
                       "pawns")  # fmt: skip
        if not state.open >> point & 1:
            entry.fail(f"has a pawn on {name}, whose triangles are all covered: it would "
                       "have scored and gone back", "pawns")  # fmt: skip
        if state.blocked >> point & 1:
            entry.fail(f"has a pawn on {name}, which touches an active guard: it would have "
                       "been sent back", "pawns")  # fmt: skip
        state.owner[point] = seat
        state.occupied |= 1 << point
        state.supply[seat] -= 1


def _turn(top: Fields, state: CronbergState) -> None:
    state.step = Step(top.text("step", Step, MOVE))
    seat = top.data.get("seat", 0)
    if seat is None:
        state.seat = None
        if state.step is not MOVE or state.drawn is not None:
            top.fail("must be 'move' with no tile drawn once the game is over (seat null)",
                     "step")  # fmt: skip
        for other in range(state.players):
            if state.can_move(other):
                top.fail(f"is null (the game is over), but seat {other} can still move", "seat")
        return
    state.seat = seat = top.number("seat", 0, low=0, high=state.players - 1)
    if (state.step is LAYING) != (state.drawn is not None):
        top.fail("names the tile being laid exactly when the step is 'laying'", "drawn")
    if state.step is MOVE and not state.can_move(seat):
        top.fail(f"is {seat}, who can neither place a pawn nor draw a tile: the turn would "
                 "have passed on", "seat")  # fmt: skip
    if state.step is DRAWING and not state.can_draw():
        top.fail("is 'drawing', but no tile can be drawn and laid", "step")
    if state.step is LAYING and not state.free_edges:
        top.fail("is 'laying', but no two adjacent triangles are uncovered", "step")
