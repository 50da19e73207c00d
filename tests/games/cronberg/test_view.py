"""The view, the board pictures, and the rules page that shows them."""

import json
import random
from pathlib import Path

from ludoteca.engine import CHANCE
from ludoteca.games.cronberg.board import BOARD
from ludoteca.games.cronberg.view import legend, symbols

from .helpers import GAME, closing, lay, stuck
from .test_position import BY_HAND

RULES_PAGE = Path(__file__).parents[3] / "docs" / "games" / "cronberg.md"


def code_blocks(language=""):
    """The page's fenced blocks of this language, read fence by fence (a closing fence
    looks like an opening one without a language)."""
    found, current, kind = [], None, None
    for line in RULES_PAGE.read_text(encoding="utf-8").splitlines(keepends=True):
        if line.startswith("```"):
            if current is None:
                current, kind = [], line[3:].strip()
            else:
                if kind == language:
                    found.append("".join(current))
                current = None
        elif current is not None:
            current.append(line)
    return found


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
    assert "G*" in text  # the guard, active
    assert "▶ seat 1 (you): 8 points, 1 pawn in supply" in text


def test_render_names_every_triangle_a_tile_may_still_cover():
    # A listed move such as 'lay D22 U32' can be found on the board as it is drawn.
    rng = random.Random(4)
    m = GAME.new_match(2)
    checked = 0
    while not m.is_over:
        if m.to_move is CHANCE:
            m.play_chance(rng)
            continue
        if m.state.step == "laying":
            cells = GAME.render(m.view(m.to_move)).split("\n\n")[0].split()
            for move in m.legal_moves():
                for name in str(move).split()[1:]:
                    assert any(cell.startswith(name) for cell in cells), name
            checked += 1
        m.play(rng.choice(m.legal_moves()))
    assert checked > 10
    opening = GAME.new_match(2)
    board = GAME.render(opening.view(0)).split("\n\n")[0]
    for name in (*BOARD.point_names, *BOARD.triangle_names):
        assert name in board, name
    assert "D23P" in board  # a park
    assert "U54G" in board  # a guard
    assert "D60W" in board  # a coat of arms
    assert max(len(line) for line in board.splitlines()) <= 80


def test_render_says_which_tile_is_being_laid():
    text = GAME.render(stuck().view(None))
    assert "seat 0 lays the Dungeon: -3 at its sharp corners, -6 at its wide ones" in text


def test_the_log_says_what_a_tile_caused_and_the_final_scoring_pawn_by_pawn():
    rng = random.Random(2)
    m = GAME.new_match(3)
    while not m.is_over:
        if m.to_move is CHANCE:
            m.play_chance(rng)
        else:
            m.play(rng.choice(m.legal_moves()))
    notes = [note for entry in m.log for note in entry.notes]
    assert any(n.startswith("interim scoring: every triangle around") for n in notes)
    assert any("goes back to its supply" in n for n in notes)
    assert any(n.startswith("the guard on ") and "closed to pawns" in n for n in notes)
    final = [n for n in notes if n.startswith("final scoring: ")]
    assert len(final) == len(m.result().details["final_scoring"])
    assert m.log[-1].notes[0].startswith("nobody can place a pawn or lay a tile")
    view_log = m.view(0)["log"]
    assert view_log[-1]["notes"] == list(m.log[-1].notes)
    text = GAME.render(m.view(0))
    assert "Final scores:" in text
    assert "before the final scoring" in text
