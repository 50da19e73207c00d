"""The 48 dominoes and the set-up by player count (rules/kingdomino.md)."""

import re
from collections import Counter
from pathlib import Path

import pytest

from ludoteca.games.kingdomino.components import DOMINOES, TERRAINS, setup

RULES = Path(__file__).parents[4] / "shared" / "rules" / "kingdomino.md"


def test_the_box_holds_48_dominoes_numbered_1_to_48():
    assert sorted(DOMINOES) == list(range(1, 49))
    assert all(number == d.number for number, d in DOMINOES.items())


def test_squares_and_crowns_per_terrain_match_the_totals_of_the_rules():
    squares, crowns = Counter(), Counter()
    for domino in DOMINOES.values():
        for half in (domino.first, domino.second):
            squares[TERRAINS[half.terrain]] += 1
            crowns[TERRAINS[half.terrain]] += half.crowns
    # The rulebook: squares wheat 26, forest 22, lake 18, grass 14, swamp 10, mine 6;
    # crowns 5, 6, 6, 6, 6, 10 (39 in all).
    assert squares == {"wheat": 26, "forest": 22, "lake": 18, "grass": 14, "swamp": 10,
                       "mine": 6}  # fmt: skip
    assert crowns == {"wheat": 5, "forest": 6, "lake": 6, "grass": 6, "swamp": 6, "mine": 10}
    assert sum(crowns.values()) == 39


@pytest.mark.skipif(not RULES.exists(), reason="the shared rules folder is not next to the repo")
def test_the_list_is_the_one_of_the_rules_file_domino_by_domino():
    text = RULES.read_text()
    listed = {}
    for number, first, second in re.findall(r"(\d+) ([a-z]+(?:\(\d\))?) ([a-z]+(?:\(\d\))?)",
                                             text.split("```")[1]):  # fmt: skip
        listed[int(number)] = f"{number} {first} {second}"
    assert listed == {number: str(domino) for number, domino in DOMINOES.items()}


@pytest.mark.parametrize(
    ("players", "duel", "kings_each", "dominoes", "line", "lines", "size"),
    [
        (2, False, 2, 24, 4, 6, 5),
        (3, False, 1, 36, 3, 12, 5),
        (4, False, 1, 48, 4, 12, 5),
        (2, True, 2, 48, 4, 12, 7),
    ],
)
def test_set_up_by_player_count(players, duel, kings_each, dominoes, line, lines, size):
    found = setup(players, duel)
    assert found.kings_per_seat == kings_each
    assert found.dominoes == dominoes
    assert found.kings(players) == line
    assert found.lines(players) == lines
    assert found.size == size
