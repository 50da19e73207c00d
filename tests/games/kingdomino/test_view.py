"""The table as text: dominoes in words, the own kingdom next to the lines, the end."""

import random

from ludoteca.engine import CHANCE

from .helpers import GAME


def play_until(match, rng, stop):
    while not match.is_over and not stop(match):
        if match.to_move is CHANCE:
            match.play_chance(rng)
        else:
            match.play(rng.choice(match.legal_moves()))
    return match


def test_each_domino_of_the_lines_is_spelled_out_with_its_king():
    match = GAME.new_match(2)
    for number in (25, 26, 36, 48):
        match.play(f"draw {number}")
    text = GAME.render(match.view(0))
    assert "25 forest♛ + wheat" in text
    assert "36 wheat + grass♛" in text
    assert "48 wheat + mine♛♛♛" in text
    assert "[-]" not in text
    assert "W wheat F forest L lake" in text  # the legend of the grid's letters
    assert "None" not in text


def test_the_own_kingdom_sits_next_to_the_lines_and_fits_a_small_terminal():
    rng = random.Random(2)
    for players in (2, 3, 4):
        match = play_until(GAME.new_match(players), rng, lambda m: m.moves_played > 40)
        match = play_until(match, rng, lambda m: m.to_move == 0)
        text = GAME.render(match.view(0))
        lines = text.splitlines()
        assert max(len(line) for line in lines) <= 80
        assert len(lines) <= 22, text
        own = next(i for i, line in enumerate(lines) if line.startswith("You (seat 0)"))
        assert "line in play" in lines[own] or "next line" in lines[own]
        for seat in range(1, players):
            assert f"seat {seat}: " in text
        assert "you place domino" in lines[0] or "you pick from" in lines[0]
        during = GAME.render(match.view(0), full=False)
        assert "seat 1: " not in during.splitlines()[1]  # the others' kingdoms left out


def test_the_end_shows_every_score_and_what_it_is_made_of():
    rng = random.Random(3)
    match = play_until(GAME.new_match(3, {"middle_kingdom": True}), rng, lambda m: False)
    text = GAME.render(match.view(1))
    assert "Final scores (each crowned property: squares × crowns):" in text
    result = match.result()
    for seat, score in enumerate(result.scores):
        who = "you" if seat == 1 else f"seat {seat}"
        assert f"  {who}: {score} point" in text
    assert "largest property" in text
    assert "Ties go to the largest property" in text


def test_pages_show_every_kingdom_and_every_domino():
    match = GAME.new_match(2)
    assert set(GAME.pages) == {"kingdoms", "dominoes"}
    dominoes = GAME.page("dominoes", match.view(0))
    assert "48 wheat + mine♛♛♛  (unseen)" in dominoes
    kingdoms = GAME.page("kingdoms", match.view(0))
    assert "You (seat 0): 0 points" in kingdoms
    assert "seat 1: 0 points" in kingdoms


def test_a_kingdom_is_shown_anew_only_when_it_grows_and_always_as_it_stands():
    # Each kingdom's part of the view (entries, squares, score) is worked out once per
    # placement and shared until the next: it must always equal what a position loaded
    # afresh, with nothing remembered, shows.
    rng = random.Random(4)
    match = GAME.new_match(2, {"middle_kingdom": True, "harmony": True})
    previous = None
    while not match.is_over:
        if match.to_move is CHANCE:
            match.play_chance(rng)
            continue
        shown = match.view(None)["position"]["players"]
        fresh = GAME.view(GAME.load_position(match.position(), 2, match.options), None)
        assert shown == fresh["players"]
        if previous is not None:
            for now, before in zip(shown, previous, strict=True):
                assert (now is before) == (len(now["kingdom"]) == len(before["kingdom"]))
        previous = shown
        match.play(rng.choice(match.legal_moves()))
    # the document's kingdoms are the caller's own lists
    match.position()["players"][0]["kingdom"].append("discard 1")
    assert match.view(None)["position"]["players"][0]["kingdom"][-1] != "discard 1"
