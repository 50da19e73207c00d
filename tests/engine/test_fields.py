"""Reading hand-written positions: errors name the path and what is allowed."""

import pytest

from ludoteca.engine import PositionError
from ludoteca.engine.fields import Fields


@pytest.mark.parametrize(
    ("data", "read", "message"),
    [
        (
            {"round": 0},
            lambda f: f.number("round", low=1),
            "position.round must be at least 1, not 0",
        ),
        ({"n": 9}, lambda f: f.number("n", high=4), "position.n must be at most 4, not 9"),
        ({"n": 9}, lambda f: f.number("n", low=0, high=4), "position.n must be 0 to 4, not 9"),
        ({"n": "3"}, lambda f: f.number("n"), "position.n must be a whole number, not '3'"),
        ({}, lambda f: f.number("n"), "position.n is missing"),
        ({"flag": 1}, lambda f: f.flag("flag"), "position.flag must be true or false, not 1"),
        (
            {"xs": [1, 7]},
            lambda f: f.numbers("xs", high=6),
            "position.xs[1] must be at most 6, not 7",
        ),
        ({"p": "x"}, lambda f: f.text("p", ("a", "b")), "position.p must be one of a, b, not 'x'"),
        (
            {"zz": 1},
            lambda f: f.only(("a",)),
            "position.zz is not part of this position; allowed: a",
        ),
        ({"o": [3]}, lambda f: f.items("o"), "position.o[0] must be an object, not int"),
    ],
)
def test_errors_name_the_path(data, read, message):
    with pytest.raises(PositionError) as error:
        read(Fields(data))
    assert str(error.value) == message


def test_defaults_for_absent_fields():
    fields = Fields({})
    assert fields.number("n", 3) == 3
    assert fields.items("players", []) == []
    assert fields.nested("turn", None) is None
