"""Game.components(): the cards, colours, stones and scoring tables a board reads once."""

import json
from collections import Counter

from ludoteca.games.keltis import GAME
from ludoteca.games.keltis.scoring import row_points, stone_points


def test_components_list_the_101_cards_with_kind_colour_number_and_copies():
    data = GAME.components()
    assert json.loads(json.dumps(data)) == data  # JSON-ready
    cards = {c["id"]: c for c in data["cards"]}
    assert sum(c["copies"] for c in data["cards"]) == 101
    assert cards["r7"] == {"id": "r7", "kind": "number", "colour": "r", "number": 7, "copies": 2}
    assert cards["v10"]["copies"] == 1
    assert cards["g-end"] == {"id": "g-end", "kind": "end", "colour": "g", "number": None,
                              "copies": 2}  # fmt: skip
    assert cards["p0"] == {"id": "p0", "kind": "point", "colour": None, "number": 0, "copies": 1}
    kinds = Counter(c["kind"] for c in data["cards"] for _ in range(c["copies"]))
    assert kinds == {"number": 80, "end": 10, "point": 11}


def test_table_layout_and_scoring_tables():
    data = GAME.components()
    assert [c["letter"] for c in data["colours"]] == ["r", "y", "g", "b", "v"]
    assert data["piles"] == ["r", "y", "g", "b", "v", "p"]
    assert data["stones"] == list(range(1, 10))
    assert data["hand_size"] == 8
    assert data["end_rows_to_finish"] == 5
    assert data["removed_unseen"] == {"2": 30, "3": 0, "4": 0}
    table = data["row_points"]
    for cards in range(12):
        assert table[min(cards, len(table) - 1)] == row_points(cards)
    stones = data["stone_points"]
    for held in range(9):
        assert stones[min(held, len(stones) - 1)] == stone_points(held)
