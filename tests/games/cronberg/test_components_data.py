"""Game.components(): the board geometry and the tiles a client draws, from the package's data."""

import json
import math

import ludoteca
from ludoteca.games.cronberg.board import BOARD
from ludoteca.games.cronberg.components import LAYOUT, TILES

from .helpers import closing, lay

COMPONENTS = ludoteca.game("cronberg").components()


def test_components_are_json_and_name_things_as_the_notation_does():
    assert json.loads(json.dumps(COMPONENTS)) == COMPONENTS
    assert [p["name"] for p in COMPONENTS["points"]] == list(BOARD.point_names)
    assert [t["name"] for t in COMPONENTS["triangles"]] == list(BOARD.triangle_names)
    assert len(COMPONENTS["points"]) == 52
    assert len(COMPONENTS["triangles"]) == 80
    assert COMPONENTS["pawns_per_player"] == 4


def test_points_sit_where_the_rules_page_draws_them():
    for point in COMPONENTS["points"]:
        x, y = point["x"], point["y"]
        assert point["name"] == f"{x}{y}"
        assert point["at"][0] == x + y / 2
        assert math.isclose(point["at"][1], y * math.sqrt(3) / 2, abs_tol=1e-6)
        touching = sum(point["name"] in t["corners"] for t in COMPONENTS["triangles"])
        assert point["wall"] == (touching < 6)


def test_symbols_are_the_layouts():
    by_symbol: dict[str | None, set[str]] = {}
    for triangle in COMPONENTS["triangles"]:
        by_symbol.setdefault(triangle["symbol"], set()).add(triangle["name"])
    assert by_symbol["park"] == set(LAYOUT.parks)
    assert by_symbol["guard"] == set(LAYOUT.guards)
    assert by_symbol["coat_of_arms"] == set(LAYOUT.coats_of_arms)
    assert len(by_symbol[None]) == 80 - 22


def test_every_lay_of_the_notation_is_an_edge_with_its_corners():
    edges = {tuple(e["triangles"]): e for e in COMPONENTS["edges"]}
    assert len(edges) == len(BOARD.edges)
    for edge in COMPONENTS["edges"]:
        first, second = (
            COMPONENTS["triangles"][BOARD.triangle_by_name[n]] for n in edge["triangles"]
        )
        shared = set(first["corners"]) & set(second["corners"])
        assert set(edge["obtuse"]) == shared
        assert set(edge["acute"]) == (set(first["corners"]) | set(second["corners"])) - shared


def test_tiles_are_the_packages_list():
    assert [t["id"] for t in COMPONENTS["tiles"]] == [t.id for t in TILES]
    assert sum(t["copies"] for t in COMPONENTS["tiles"]) == 28
    church = next(t for t in COMPONENTS["tiles"] if t["id"] == "church")
    assert church == {
        "id": "church", "code": "CH", "names": {"en": "Church", "it": "Chiesa", "de": "Kirche"},
        "acute": 3, "obtuse": 6, "copies": 2,
    }  # fmt: skip


def test_the_view_tells_what_each_tile_laid_did_pawn_by_pawn():
    m = closing()
    assert m.view(None)["position"]["interim"] == []  # a loaded position: nothing yet
    lay(m, "townhall", "U16", "D16")
    (event,) = m.view(1)["position"]["interim"]
    assert event == {
        "seat": 0,
        "tile": "townhall",
        "on": ["U16", "D16"],
        "scored": [{"seat": 0, "pawn": "27", "points": 2}],
        "guards": ["U46"],
        "expelled": [{"seat": 1, "pawn": "47", "guard": "U46"}],
    }
    twin = m.copy()
    twin.play("pawn 35")
    assert len(m.view(None)["position"]["interim"]) == 1
