"""The view, the board pictures, and the rules page that shows them."""

import json
import re
from pathlib import Path

from ludoteca.games.cronberg.board import BOARD
from ludoteca.games.cronberg.view import legend, symbols

from .positions import GAME, closing, lay, stuck
from .test_position import BY_HAND

RULES_PAGE = Path(__file__).parents[3] / "docs" / "games" / "cronberg.md"


def code_blocks(language=""):
    text = RULES_PAGE.read_text(encoding="utf-8")
    return re.findall(rf"```{language}\n(.*?)```", text, flags=re.DOTALL)


def test_the_rules_page_shows_the_board_as_the_engine_draws_it():
    blocks = [block.rstrip("\n") for block in code_blocks()]
    assert legend() in blocks
    assert symbols() in blocks


def test_the_rules_page_position_example_is_the_one_tested():
    (example,) = code_blocks("json")
    assert json.loads(example) == BY_HAND


def test_the_legend_names_every_intersection_and_triangle_once():
    words = legend().split()
    for name in (*BOARD.point_names, *BOARD.triangle_names):
        assert words.count(name) == 1, name


def test_render_shows_pawns_tiles_active_triangles_and_guards():
    m = closing()
    lay(m, "townhall", "U16", "D16")
    text = GAME.render(m.view(1))
    assert "33(" not in text  # nobody on 33 yet
    assert "40(2)" in text
    assert "73(3)" in text
    assert "47x" in text  # closed by the guard U46
    assert "TH" in text
    assert "GA" in text
    assert "G^*" in text  # the guard, active
    assert "▶ seat 1 (you): 8 points, 1 pawn in supply" in text


def test_render_says_which_tile_is_being_laid():
    text = GAME.render(stuck().view(None))
    assert "seat 0 lays the Dungeon: -3 at its sharp corners, -6 at its wide ones" in text
