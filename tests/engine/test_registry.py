"""The public entry points of the library."""

import sys

import pytest

import ludoteca


def test_game_ids_lists_registered_ids_sorted():
    ids = ludoteca.game_ids()
    assert "krone" in ids
    assert ids == sorted(ids)


def test_the_games_package_imports_in_every_form_and_lists_the_games_when_called():
    # ludoteca.games is the package of the rules and, called, the list of ids (the
    # spelling before ludoteca.game_ids(), kept working): the usual import forms, which
    # walk the package's attributes, must reach the modules.
    import ludoteca.games.kingdomino.study as study
    import ludoteca.games.krone.costs as costs

    assert costs.pays("Lady in waiting", [6, 6, 6, 2, 2])  # a full house
    assert not costs.pays("Dama di Corte", [6, 6, 6, 2, 1])
    assert study.score_kingdom("C W1 W .").properties[0].crowns == 1
    assert ludoteca.games.krone.GAME is ludoteca.game("krone")
    assert ludoteca.games() == ["cronberg", "keltis", "kingdomino", "krone"]
    assert ludoteca.games() == ludoteca.game_ids()
    assert sys.modules["ludoteca.games"] is ludoteca.games


def test_game_by_id_and_unknown_ids():
    assert ludoteca.game("krone").id == "krone"
    with pytest.raises(ludoteca.UnknownGame, match="the games are: .*krone"):
        ludoteca.game("chess")


def test_error_hierarchy():
    assert issubclass(ludoteca.IllegalMove, ValueError)
    assert issubclass(ludoteca.MoveSyntaxError, ludoteca.IllegalMove)
    assert issubclass(ludoteca.PositionError, ValueError)
    for error in (ludoteca.IllegalMove, ludoteca.OptionError, ludoteca.StateError):
        assert issubclass(error, ludoteca.LudotecaError)


def test_the_design_example_runs():
    g = ludoteca.game("krone")
    m = g.new_match(players=4, options={})
    assert m.to_move == 0
    m.play("roll")
    assert m.to_move is ludoteca.CHANCE
    outcomes = m.chance_outcomes()
    assert sum(p for _, p in outcomes) == 1
    assert len(outcomes) == 56  # three dice by value
    m.play("dice 6 5 2")
    assert [e.actor for e in m.log] == [0, ludoteca.CHANCE]
    assert str(m.log[1].move) == "dice 6 5 2"
    with pytest.raises(ludoteca.IllegalMove, match="chance outcome"):
        m.play("dice 1 1")


def test_a_move_shows_its_notation_in_repr():
    for game_id in ludoteca.game_ids():
        match = ludoteca.game(game_id).new_match(2)
        while match.to_move is ludoteca.CHANCE:
            match.play(match.chance_outcomes()[0][0])
        for move in match.legal_moves()[:3]:
            assert repr(move) == f"<{type(move).__name__} {str(move)!r}>"


def test_printing_a_match_shows_the_table_as_the_terminal_does():
    for game_id in ludoteca.game_ids():
        match = ludoteca.game(game_id).new_match(2)
        assert str(match) == match.game.render(match.view(None))
        assert str(match).strip()


def test_games_have_their_own_names_and_the_editions_names():
    krone = ludoteca.game("krone")
    assert krone.title == "Um Krone und Kragen"
    assert krone.full_name() == "Um Krone und Kragen (To Court the King)"
    assert krone.full_name("de") == "Um Krone und Kragen"
    assert ludoteca.game("keltis").title == "Keltis: Das Kartenspiel"
    for game_id in ludoteca.game_ids():
        described = ludoteca.game(game_id).describe()
        assert set(described["names"]) == {"en", "it", "de"}
        assert described["title"]


def test_counts_are_written_with_the_right_word():
    from ludoteca.engine.text import listing, plural, points

    assert points(1) == "1 point"
    assert points(-1) == "-1 point"
    assert points(0) == "0 points"
    assert plural(2, "die", "dice") == "2 dice"
    assert listing(["a", "b", "c"]) == "a, b and c"
