"""The move notation: canonical text, round trips, friendly input and clear errors."""

import pytest

from ludoteca.engine import MoveSyntaxError
from ludoteca.games.krone import GAME
from ludoteca.games.krone.components import BY_ID
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


@pytest.mark.parametrize("card", BY_ID.values(), ids=lambda card: card.id)
def test_every_card_is_understood_by_its_name_in_each_language(card):
    # Names of several words are typed as they are printed: 'buy Lady in waiting',
    # 'buy Dama di Corte'; case, spaces and hyphens do not matter.
    for name in (card.id, card.en, card.it, card.de):
        for typed in (name, name.lower(), name.upper(), name.replace("-", " ")):
            if card.id == "queen":
                assert GAME.parse_move(f"use {typed} 4") == BringIn("queen", 4)
            else:
                assert GAME.parse_move(f"buy {typed}") == Buy(card.id), typed


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("buy Lady in waiting", "buy lady"),
        ("buy Dama di Corte", "buy lady"),
        ("use Dama di Corte 2>3 3>4", "use lady 3>4 2>3"),
        ("use lady in waiting 3>4", "use lady 3>4"),
        ("Dama di Corte 3>4", "use lady 3>4"),
        ("use Casa", None),
    ],
)
def test_card_names_of_several_words(typed, canonical):
    if canonical is None:
        with pytest.raises(MoveSyntaxError, match="unknown card 'Casa'.*Italian or German"):
            GAME.parse_move(typed)
    else:
        assert str(GAME.parse_move(typed)) == canonical


def test_error_hints_list_only_moves_a_person_can_play():
    with pytest.raises(MoveSyntaxError) as error:
        GAME.parse_move("jump")
    assert "dice <values>" not in str(error.value)
    assert "buy <card>" in str(error.value)
