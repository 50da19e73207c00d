"""Options and player counts: validated with errors that name what is allowed."""

import pytest

from ludoteca.engine import Option, OptionError
from ludoteca.engine.options import check_options

FLAG = Option("harmony", False, "a flag")
COUNT = Option("games", 3, "a number", minimum=1, maximum=5)
CHOICE = Option("board", "standard", "a choice", choices=("standard", "large"))


def test_defaults_are_filled_in():
    assert check_options("g", [FLAG, COUNT, CHOICE], None) == {
        "harmony": False, "games": 3, "board": "standard"
    }  # fmt: skip


@pytest.mark.parametrize(
    ("given", "fragment"),
    [
        ({"harmonie": True}, "unknown option 'harmonie' for g; its options are: board, games"),
        ({"harmony": 1}, "'harmony' must be true or false, not 1"),
        ({"games": True}, "'games' must be a whole number from 1 to 5, not True"),
        ({"games": 9}, "'games' must be a whole number from 1 to 5, not 9"),
        ({"board": "huge"}, "'board' must be one of standard, large, not 'huge'"),
    ],
)
def test_bad_options_are_refused_by_name(given, fragment):
    with pytest.raises(OptionError) as error:
        check_options("g", [FLAG, COUNT, CHOICE], given)
    assert fragment in str(error.value)


def test_options_typed_by_a_person():
    assert FLAG.parse("yes") is True
    assert FLAG.parse("off") is False
    assert COUNT.parse("4") == 4
    with pytest.raises(OptionError, match="whole number"):
        COUNT.parse("four")
    with pytest.raises(OptionError, match="true or false"):
        FLAG.parse("maybe")


def test_option_errors_are_value_errors():
    assert issubclass(OptionError, ValueError)


def test_an_option_for_some_player_counts_only():
    duel = Option("mighty_duel", False, "for two", title="Mighty Duel", players=(2,))
    assert check_options("g", [duel], {"mighty_duel": True}, players=2) == {"mighty_duel": True}
    assert check_options("g", [duel], {"mighty_duel": False}, players=4) == {"mighty_duel": False}
    with pytest.raises(
        OptionError, match=r"the Mighty Duel \(mighty_duel\) is for 2 players, not 4"
    ):
        check_options("g", [duel], {"mighty_duel": True}, players=4)


def test_an_option_describes_itself_without_python_types():
    described = COUNT.describe()
    assert described == {
        "name": "games", "title": "Games", "type": "integer", "default": 3,
        "description": "a number", "allowed": "a whole number from 1 to 5", "choices": None,
        "minimum": 1, "maximum": 5, "players": None,
    }  # fmt: skip
    assert FLAG.describe()["type"] == "boolean"
    assert CHOICE.describe()["choices"] == ["standard", "large"]
