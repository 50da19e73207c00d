"""Game.components(): the court as a board client reads it once."""

import json

from ludoteca.games.krone import GAME
from ludoteca.games.krone.components import CARDS, copies


def test_components_list_every_card_with_names_cost_ability_and_copies():
    data = GAME.components()
    assert json.loads(json.dumps(data)) == data  # JSON-ready
    assert [c["id"] for c in data["cards"]] == [card.id for card in CARDS]
    for shown, card in zip(data["cards"], CARDS, strict=True):
        assert shown["names"] == {"en": card.en, "it": card.it, "de": card.de}
        assert shown["row"] == card.row
        assert shown["cost"] == card.cost
        assert shown["ability"] == card.ability
        assert shown["copies"] == {str(n): copies(card.id, n) for n in range(2, 6)}
    assert data["rows"] == [0, 1, 2, 3, 4, 5]
    assert data["max_dice"] == 12
    assert data["start_dice"] == 3


def test_the_kind_tells_a_board_how_a_card_is_used():
    kinds = {c["id"]: (c["kind"], c["amount"]) for c in GAME.components()["cards"]}
    assert kinds["jester"] == ("reroll_one", 0)
    assert kinds["merchant"] == ("reroll_any", 0)
    assert kinds["guard"] == ("bring_in", 2)
    assert kinds["queen"] == ("bring_in", None)  # any face
    assert kinds["general"] == ("extra_dice", 2)
    assert kinds["alchemist"] == ("change", 0)
    assert kinds["king"] == ("none", 0)


def test_copies_match_a_new_display():
    data = GAME.components()
    for players in (2, 3, 4, 5):
        display = GAME.new_match(players).position()["display"]
        for card in data["cards"]:
            if card["id"] in display:
                assert display[card["id"]] == card["copies"][str(players)]
