"""The reconstructed board and tiles, and the geometry derived from them."""

from itertools import combinations

import pytest

from ludoteca.games.cronberg.board import BOARD, Board, corners_of
from ludoteca.games.cronberg.components import LAYOUT, TILES, Layout


def names(indices):
    return {BOARD.triangle_names[t] for t in indices}


def test_intersections_are_the_lattice_points_of_the_rule():
    expected = {(x, y) for x in range(8) for y in range(8) if 3 <= x + y <= 11}
    assert set(BOARD.points) == expected
    assert len(BOARD.points) == 52


def test_triangles_are_those_with_three_corners_on_the_board():
    points = set(BOARD.points)
    expected = set()
    for x in range(-1, 9):
        for y in range(-1, 9):
            if {(x, y), (x + 1, y), (x, y + 1)} <= points:
                expected.add(f"U{x}{y}")
            if {(x + 1, y), (x, y + 1), (x + 1, y + 1)} <= points:
                expected.add(f"D{x}{y}")
    assert set(BOARD.triangle_names) == expected
    assert len(BOARD.triangles) == 80
    assert BOARD.corners[BOARD.triangle_by_name["U23"]] == tuple(
        BOARD.point_by_name[n] for n in ("23", "33", "24")
    )
    assert {BOARD.point_names[p] for p in BOARD.corners[BOARD.triangle_by_name["D23"]]} == {
        "33",
        "24",
        "34",
    }


def test_triangles_are_adjacent_exactly_when_they_share_an_edge():
    for a, b in combinations(range(len(BOARD.triangles)), 2):
        shared = len(set(BOARD.corners[a]) & set(BOARD.corners[b]))
        assert (b in BOARD.neighbours[a]) == (shared == 2)
        assert (a in BOARD.neighbours[b]) == (shared == 2)
    assert names(BOARD.neighbours[BOARD.triangle_by_name["U23"]]) == {"D13", "D22", "D23"}
    assert names(BOARD.neighbours[BOARD.triangle_by_name["D20"]]) == {"U21", "U30"}
    assert len(BOARD.edges) == 109


def test_interior_intersections_touch_six_triangles_and_wall_ones_two_or_three():
    def on_wall(x, y):
        return x in (0, 7) or y in (0, 7) or x + y in (3, 11)

    corners_of_the_hexagon = {"30", "70", "03", "74", "07", "47"}
    for p, (x, y) in enumerate(BOARD.points):
        name = BOARD.point_names[p]
        touching = len(BOARD.around[p])
        assert (p in BOARD.wall_points) == on_wall(x, y)
        if name in corners_of_the_hexagon:
            assert touching == 2
        elif on_wall(x, y):
            assert touching == 3
        else:
            assert touching == 6
    assert len(BOARD.wall_points) == 22
    assert names(BOARD.around[BOARD.point_by_name["27"]]) == {"D16", "U26", "D26"}


def test_special_triangles_are_those_of_the_rules_page():
    assert names(BOARD.parks) == {
        "D23", "U33", "D33", "U43", "D62", "U04", "U51", "D15", "U52", "D14", "D25", "U41",
    }  # fmt: skip
    assert names(BOARD.guards) == {"U54", "D12", "U46", "D20"}
    assert names(BOARD.coats_of_arms) == {"D60", "U06", "U05", "D61", "D30", "U36"}
    # The park strip: a tile can cover two parks, a pawn can touch three.
    for point in ("34", "43"):
        around = BOARD.around_mask[BOARD.point_by_name[point]]
        assert (around & BOARD.park_mask).bit_count() == 3


def test_the_layout_is_symmetric_under_the_half_turn():
    def turned(name):
        kind, x, y = name[0], int(name[1]), int(name[2])
        # (x, y) -> (7 - x, 7 - y) turns U(x,y) into D(6-x,6-y) and back.
        return f"{'D' if kind == 'U' else 'U'}{6 - x}{6 - y}"

    for group in (LAYOUT.parks, LAYOUT.guards, LAYOUT.coats_of_arms):
        assert {turned(name) for name in group} == set(group)
    for kind, x, y in BOARD.triangles:
        assert turned(f"{kind}{x}{y}") in BOARD.triangle_by_name


def test_a_tile_has_its_wide_corners_on_the_shared_edge():
    edge = BOARD.edges[BOARD.edge_by_pair[tuple(sorted(
        (BOARD.triangle_by_name["D22"], BOARD.triangle_by_name["U32"])
    ))]]  # fmt: skip
    assert {BOARD.point_names[p] for p in edge.obtuse} == {"32", "33"}
    assert {BOARD.point_names[p] for p in edge.acute} == {"23", "42"}


def test_the_28_tiles_of_the_rules_page():
    table = {tile.id: (tile.acute, tile.obtuse, tile.copies) for tile in TILES}
    assert table == {
        "townhall": (4, 8, 1), "cathedral": (4, 8, 1), "church": (3, 6, 2),
        "guildhall": (3, 6, 2), "market": (2, 4, 2), "fountain": (2, 4, 2), "inn": (2, 4, 2),
        "houses": (1, 2, 7), "stables": (-1, -2, 2), "tannery": (-1, -2, 2),
        "cemetery": (-2, -4, 3), "dungeon": (-3, -6, 1), "gallows": (-4, -8, 1),
    }  # fmt: skip
    assert sum(tile.copies for tile in TILES) == 28
    for tile in TILES:
        assert tile.obtuse == 2 * tile.acute
        assert abs(tile.acute) > 0
        assert abs(tile.obtuse) <= 8
        assert set(tile.names) == {"en", "it", "de"}


def test_another_layout_can_be_dropped_in():
    # The smallest hexagon: six triangles round one intersection.
    small = Board(Layout((0, 2), (0, 2), (1, 3), ("U01",), ("D10",), ("U10",)))
    assert len(small.points) == 7
    assert set(small.triangle_names) == {"U01", "D00", "U10", "D01", "U11", "D10"}
    centre = small.point_by_name["11"]
    assert len(small.around[centre]) == 6
    assert small.wall_points == frozenset(p for p in range(7) if p != centre)
    assert len(small.edges) == 6  # a ring
    assert corners_of("U", 0, 1) == ((0, 1), (1, 1), (0, 2))


@pytest.mark.parametrize(
    ("layout", "message"),
    [
        (Layout((0, 2), (0, 2), (1, 3), ("U99",), (), ()), "not on the board"),
        (Layout((0, 2), (0, 2), (1, 3), ("U01",), ("U01",), ()), "twice"),
        (Layout((0, 12), (0, 2), (1, 3), (), (), ()), "0 to 9"),
    ],
)
def test_a_broken_layout_is_refused(layout, message):
    with pytest.raises(ValueError, match=message):
        Board(layout)
