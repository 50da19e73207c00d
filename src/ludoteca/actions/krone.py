"""Um Krone und Kragen: dice are kept, re-rolled, changed and rolled as counts per face (a
number among every way to have at most twelve dice), a card by its place in the deck."""

from __future__ import annotations

from collections.abc import Hashable
from itertools import product

from ludoteca.engine import Move, State
from ludoteca.games.krone.abilities import MAX_DICE
from ludoteca.games.krone.components import BRING_IN, CARDS, CHANGE, REROLL_ANY, REROLL_ONE
from ludoteca.games.krone.dice import counts_of, values_of
from ludoteca.games.krone.moves import (
    BringIn,
    Buy,
    Change,
    Decline,
    Dice,
    End,
    Keep,
    Reroll,
    Roll,
)
from ludoteca.games.krone.state import KroneState

from . import Actions, Blocks

FACES = 6


def _ranked(most: int) -> tuple[tuple[int, ...], ...]:
    """Every way to have at most ``most`` dice, as counts of faces 1 to 6."""
    return tuple(c for c in product(range(most + 1), repeat=FACES) if sum(c) <= most)


_DICE = _ranked(MAX_DICE)
_DICE_RANK = {counts: i for i, counts in enumerate(_DICE)}
_FEW = _ranked(3)  # the Philosopher moves pips between two dice, the Alchemist two or three
_FEW_RANK = {counts: i for i, counts in enumerate(_FEW)}
#: The cards that change dice, by how their change is numbered.
_ONE_DIE = ("maid", "astronomer", "sorcerer")  # one die: its face before and after
_ADD = {"lady": 1, "nobleman": 2}  # every die named goes up by as much: the dice before
_SWAP = ("philosopher", "alchemist")  # a few dice before and a few after
_CHANGERS = {card.id for card in CARDS if card.kind == CHANGE}
if {*_ONE_DIE, *_ADD, *_SWAP} != _CHANGERS:  # pragma: no cover - a new card needs a number
    raise RuntimeError(f"the Krone action index does not number the cards {_CHANGERS}")
_ONE = [card.id for card in CARDS if card.kind == REROLL_ONE]
_ANY = [card.id for card in CARDS if card.kind == REROLL_ANY]
_BRING = [card.id for card in CARDS if card.kind == BRING_IN]
_CARD = {card.id: i for i, card in enumerate(CARDS)}


def _rank(values: tuple[int, ...], ranks: dict[tuple[int, ...], int]) -> int:
    counts = counts_of(values)[1:]
    if counts not in ranks:
        raise ValueError(f"{len(values)} dice are more than the index numbers")
    return ranks[counts]


def _dice(counts: tuple[int, ...]) -> tuple[int, ...]:
    return values_of((0, *counts))


class KroneActions(Actions):
    decisions = Blocks(
        [
            ("roll", 1),
            ("pass", 1),
            ("end", 1),
            ("keep", len(_DICE)),
            ("buy", len(CARDS)),
            *((f"reroll {card}", FACES) for card in _ONE),
            *((f"reroll {card}", len(_DICE)) for card in _ANY),
            *((f"use {card}", FACES) for card in _BRING),
            *((f"change {card}", FACES * FACES) for card in _ONE_DIE),
            *((f"change {card}", len(_DICE)) for card in _ADD),
            *((f"change {card}", len(_FEW) ** 2) for card in _SWAP),
        ]
    )
    outcomes = Blocks([("dice", len(_DICE))])

    def encode(self, move: Move, state: State) -> int:
        d = self.decisions
        if isinstance(move, Roll):
            return d.at("roll", 0)
        if isinstance(move, Decline):
            return d.at("pass", 0)
        if isinstance(move, End):
            return d.at("end", 0)
        if isinstance(move, Keep):
            return d.at("keep", _rank(move.dice, _DICE_RANK))
        if isinstance(move, Buy):
            return d.at("buy", _CARD[move.card])
        if isinstance(move, Reroll):
            if move.card in _ONE:
                if len(move.dice) != 1:
                    raise ValueError(f"{move}: the {move.card} re-rolls one die")
                return d.at(f"reroll {move.card}", move.dice[0] - 1)
            return d.at(f"reroll {move.card}", _rank(move.dice, _DICE_RANK))
        if isinstance(move, BringIn):
            return d.at(f"use {move.card}", move.value - 1)
        if isinstance(move, Change):
            return d.at(f"change {move.card}", self._change(move))
        if isinstance(move, Dice):
            return self.outcomes.at("dice", _rank(move.values, _DICE_RANK))
        raise ValueError(f"{move!r} is not a move of Um Krone und Kragen")

    def outcomes_key(self, state: State) -> Hashable | None:
        # A roll's outcomes are every way its dice can fall: they depend on how many.
        return state.rolling if isinstance(state, KroneState) else None

    def _change(self, move: Change) -> int:
        card, before, after = move.card, move.before, move.after
        if card in _ONE_DIE:
            if len(before) != 1 or len(after) != 1:
                raise ValueError(f"{move}: the {card} changes one die")
            return (before[0] - 1) * FACES + after[0] - 1
        if card in _ADD:
            if after != tuple(v + _ADD[card] for v in before):
                raise ValueError(f"{move}: the {card} adds {_ADD[card]} to each die")
            return _rank(before, _DICE_RANK)
        return _rank(before, _FEW_RANK) * len(_FEW) + _rank(after, _FEW_RANK)

    def decode(self, action: int, state: State, chance: bool = False) -> Move:
        if chance:
            return Dice(_dice(_DICE[self.outcomes.find(action)[1]]))
        kind, i = self.decisions.find(action)
        simple = {"roll": Roll(), "pass": Decline(), "end": End()}
        if kind in simple:
            return simple[kind]
        if kind == "keep":
            return Keep(_dice(_DICE[i]))
        if kind == "buy":
            return Buy(CARDS[i].id)
        verb, card = kind.split(" ", 1)
        if verb == "reroll":
            return Reroll(card, (i + 1,) if card in _ONE else _dice(_DICE[i]))
        if verb == "use":
            return BringIn(card, i + 1)
        if card in _ONE_DIE:
            before, after = divmod(i, FACES)
            return Change(card, (before + 1,), (after + 1,))
        if card in _ADD:
            before_dice = _dice(_DICE[i])
            return Change(card, before_dice, tuple(v + _ADD[card] for v in before_dice))
        first, second = divmod(i, len(_FEW))
        return Change(card, _dice(_FEW[first]), _dice(_FEW[second]))


ACTIONS = KroneActions()
