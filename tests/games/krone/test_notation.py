"""The move notation: canonical text, round trips, friendly input and clear errors."""

import pytest

from ludoteca.engine import MoveSyntaxError
from ludoteca.games.krone import GAME
from ludoteca.games.krone.moves import BringIn, Buy, Change, Decline, Dice, End, Keep, Reroll, Roll

CANONICAL = {
    "roll": Roll(),
    "pass": Decline(),
    "end": End(),
    "keep 5 5 2": Keep((5, 5, 2)),
    "dice 6 5 2": Dice((6, 5, 2)),
    "use jester 5": Reroll("jester", (5,)),
    "use merchant 6 5 1": Reroll("merchant", (6, 5, 1)),
    "use guard": BringIn("guard", 2),
    "use queen 4": BringIn("queen", 4),
    "use maid 4>6": Change("maid", (4,), (6,)),
    "use philosopher 5>3 1>3": Change("philosopher", (5, 1), (3, 3)),
    "use lady 3>4 2>3": Change("lady", (3, 2), (4, 3)),
    "buy guard": Buy("guard"),
}


@pytest.mark.parametrize(("text", "move"), CANONICAL.items())
def test_canonical_text_round_trips(text, move):
    assert GAME.parse_move(text) == move
    assert str(move) == text


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("keep 2 5 5", "keep 5 5 2"),  # dice by value, highest first
        ("KEEP 2,5", "keep 5 2"),
        ("dice 1 6 3", "dice 6 3 1"),
        ("use Hofdame 2>3 3>4", "use lady 3>4 2>3"),
        ("use dama-di-corte 2>3", "use lady 2>3"),
        ("use Jäger", "use hunter"),
        ("use jaeger", "use hunter"),
        ("wachmann", "use guard"),  # a card alone means using it
        ("buy Königin", "buy queen"),
        ("buy Bauer", "buy farmer"),
        ("use philosopher 1>3 5>3", "use philosopher 5>3 1>3"),
        ("use alchemist 6>4 3>3 1>3", "use alchemist 6>4 1>3"),
        ("use guard 2", "use guard"),
    ],
)
def test_friendly_input_reads_to_the_canonical_move(typed, canonical):
    assert str(GAME.parse_move(typed)) == canonical


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty move"),
        ("jump", "unknown move"),
        ("keep", "needs dice"),
        ("keep 7", "dice show 1 to 6"),
        ("keep five", "not a die value"),
        ("roll 3", "takes nothing"),
        ("buy", "one card"),
        ("buy dragon", "unknown card"),
        ("use", "takes a card"),
        ("use maid", "name the changes"),
        ("use maid 4-6", "not a change"),
        ("use queen", "die of your choice"),
        ("use guard 3", "always brings in a 2"),
        ("use farmer", "no ability"),
    ],
)
def test_bad_text_says_what_is_allowed(text, fragment):
    with pytest.raises(MoveSyntaxError, match=fragment):
        GAME.parse_move(text)
