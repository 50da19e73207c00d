"""Game.components(): the dominoes and terrains a client draws, from the package's data."""

import json

import ludoteca
from ludoteca.games.kingdomino.components import DOMINOES, TERRAINS

COMPONENTS = ludoteca.game("kingdomino").components()


def test_components_are_json():
    assert json.loads(json.dumps(COMPONENTS)) == COMPONENTS


def test_the_48_dominoes_as_the_package_lists_them():
    assert [d["number"] for d in COMPONENTS["dominoes"]] == list(range(1, 49))
    for entry in COMPONENTS["dominoes"]:
        domino = DOMINOES[entry["number"]]
        assert entry["first"] == {"terrain": TERRAINS[domino.first.terrain],
                                  "crowns": domino.first.crowns}  # fmt: skip
        assert entry["second"] == {"terrain": TERRAINS[domino.second.terrain],
                                   "crowns": domino.second.crowns}  # fmt: skip
        assert entry["symmetric"] == domino.symmetric
    assert COMPONENTS["dominoes"][47] == {
        "number": 48, "first": {"terrain": "wheat", "crowns": 0},
        "second": {"terrain": "mine", "crowns": 3}, "symmetric": False,
    }  # fmt: skip


def test_terrains_columns_and_setups():
    assert COMPONENTS["terrains"] == ["wheat", "forest", "lake", "grass", "swamp", "mine"]
    assert COMPONENTS["columns"].startswith("abcdefghi")
    assert COMPONENTS["setups"]["2"] == {"kings_per_seat": 2, "dominoes": 24, "size": 5}
    assert COMPONENTS["setups"]["3"] == {"kings_per_seat": 1, "dominoes": 36, "size": 5}
    assert COMPONENTS["setups"]["mighty_duel"]["size"] == 7
