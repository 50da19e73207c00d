"""The position of a match of Um Krone und Kragen, and the flow of turns and rounds."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Self

from ludoteca.engine import CHANCE, Actor, IllegalMove, Move, Result, State, StateError
from ludoteca.engine.text import listing

from .abilities import MAX_DICE, check_active, check_use, keeps, uses
from .components import BRING_IN, BY_ID, CARDS, CHANGE, REROLL_ANY, REROLL_ONE, copies
from .dice import (
    FACES,
    NO_DICE,
    Counts,
    best_group,
    counts_of,
    minus,
    one,
    plus,
    roll_outcomes,
    values_of,
)
from .moves import BringIn, Buy, Change, Decline, Dice, End, Keep, Reroll, Roll


class Phase(StrEnum):
    """The steps of a turn, as a position writes them: its start (no dice yet), the dice
    on the table, the dice being rolled."""

    START = "start"
    DICE = "dice"
    ROLLING = "rolling"


# The rules compare with these names: a module's global is found quicker than a member.
START, DICE, ROLLING = Phase.START, Phase.DICE, Phase.ROLLING
ROLL, DECLINE, END = Roll(), Decline(), End()
_USABLE = (REROLL_ONE, REROLL_ANY, BRING_IN, CHANGE)
_KINDS_OF = {Reroll: (REROLL_ONE, REROLL_ANY), BringIn: (BRING_IN,), Change: (CHANGE,)}

Group = tuple[int, int]  # (how many dice, face) of a result's largest group


@dataclass
class Holding:
    """The cards in front of one player."""

    cards: set[str] = field(default_factory=set)  # all but Jesters and Charlatans
    jesters: int = 0  # unflipped Jesters: 0 or 1
    charlatans: int = 0

    def copy(self) -> Holding:
        return Holding(set(self.cards), self.jesters, self.charlatans)

    def holds(self, card: str) -> bool:
        if card == "jester":
            return self.jesters > 0
        if card == "charlatan":
            return self.charlatans > 0
        return card in self.cards

    def turn_dice(self) -> int:
        extra = self.charlatans + ("farmer" in self.cards) + 2 * ("general" in self.cards)
        return min(MAX_DICE, 3 + extra)

    def usable(self) -> list[str]:
        """Cards with an ability to use during the turn, in card-list order."""
        found = ["jester"] if self.jesters else []
        found += [c for c in _TURN_CARDS if c in self.cards]
        return found


_TURN_CARDS = tuple(
    card.id for card in BY_ID.values() if card.kind in _USABLE and card.id != "jester"
)


@dataclass
class FinalRound:
    order: list[int]  # who plays, the Queen holder last
    bid: Group  # the King buyer's result: the standing best to start with
    best: Group
    index: int = 0
    results: dict[int, Group] = field(default_factory=dict)
    declined: set[int] = field(default_factory=set)

    def copy(self) -> FinalRound:
        return FinalRound(
            list(self.order), self.bid, self.best, self.index, dict(self.results),
            set(self.declined),
        )  # fmt: skip


class KroneState(State):
    def __init__(
        self,
        players: int,
        display: dict[str, int],
        holdings: list[Holding],
        *,
        start_player: int = 0,
        turn_in_round: int = 0,
        round_number: int = 1,
        king_buyer: int | None = None,
        bid: Group | None = None,
        final: FinalRound | None = None,
        over: bool = False,
    ) -> None:
        self.players = players
        self.display = display
        self.holdings = holdings
        self.start_player = start_player
        self.turn_in_round = turn_in_round
        self.round = round_number
        self.king_buyer = king_buyer
        self.bid = bid
        self.final = final
        self.over = over
        # the turn in progress
        self.phase = START
        self.active: Counts = NO_DICE
        self.aside: Counts = NO_DICE
        self.used: set[str] = set()
        self.kept = False  # a die was set aside since the last roll
        self.rolling = 0  # dice being rolled (chance pending)
        self.main_roll = False  # the pending roll is a roll of the turn, not a card's

    # -- whose turn --------------------------------------------------------------------

    @property
    def seat(self) -> int:
        if self.final is not None:
            return self.final.order[min(self.final.index, len(self.final.order) - 1)]
        return (self.start_player + self.turn_in_round) % self.players

    def to_move(self) -> Actor:
        if self.over:
            return None
        return CHANCE if self.phase is ROLLING else self.seat

    def king_holder(self) -> int | None:
        for seat, holding in enumerate(self.holdings):
            if "king" in holding.cards:
                return seat
        return None

    # -- moves -------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        if self.over or self.phase is ROLLING:
            return []
        if self.phase is START:
            return [ROLL, DECLINE] if self.final is not None else [ROLL]
        active, aside = self.active, self.aside
        moves: list[Move] = []
        if any(active):
            moves.extend(keeps(active))
            if self.kept:
                moves.append(ROLL)
        else:
            if self.final is None:
                moves.extend(Buy(card) for card in self.buyable())
            moves.append(END)
        in_play = sum(active) + sum(aside)
        for card in self.holdings[self.seat].usable():
            if card not in self.used:
                moves.extend(uses(card, active, aside, in_play))
        return moves

    def buyable(self) -> list[str]:
        """The cards the player to move may take with the dice set aside now."""
        holding = self.holdings[self.seat]
        found = []
        for card_id, left in self.display.items():
            card = BY_ID[card_id]
            jester_held = card_id == "jester" and holding.jesters
            new = left and card_id not in holding.cards and not jester_held
            if new and card.affordable(self.aside):
                found.append(card_id)
        if holding.jesters:
            found.append("charlatan")
        return found

    def check(self, move: Move) -> None:
        if self.over:
            raise IllegalMove("the game is over: no more moves can be played")
        if isinstance(move, Dice):
            self._check_dice(move)
        elif self.phase is ROLLING:
            raise IllegalMove("dice are being rolled: the next move is their outcome")
        elif isinstance(move, Roll):
            self._check_roll()
        elif isinstance(move, Decline):
            if self.final is None:
                raise IllegalMove("only in the final round may a player pass instead of rolling")
            if self.phase is not START:
                raise IllegalMove("you may pass only before your first roll of the final round")
        elif self.phase is START:
            dice = self.holdings[self.seat].turn_dice()
            alternative = " (or 'pass')" if self.final is not None else ""
            raise IllegalMove(f"the turn starts by rolling your {dice} dice: 'roll'{alternative}")
        elif isinstance(move, Keep):
            if not move.dice:
                raise IllegalMove("name at least one active die to set aside, e.g. 'keep 5'")
            check_active(move.dice, self.active, "setting aside")
        elif isinstance(move, Reroll | BringIn | Change):
            self._check_card_use(move)
        elif isinstance(move, Buy | End):
            self._check_end(move)
        else:
            raise IllegalMove(f"{move} is not a move of Um Krone und Kragen")

    def _check_dice(self, move: Dice) -> None:
        if self.phase is not ROLLING:
            raise IllegalMove("no dice are being rolled now")
        if len(move.values) != self.rolling or any(not 1 <= v <= 6 for v in move.values):
            raise IllegalMove(f"{self.rolling} dice are rolled: name {self.rolling} faces 1 to 6")

    def _check_roll(self) -> None:
        if self.phase is START:
            return
        if not any(self.active):
            raise IllegalMove("no active dice are left to roll: end with 'end' or 'buy <card>'")
        if not self.kept:
            raise IllegalMove("after each roll, set aside at least one active die before rolling")

    def _check_card_use(self, move: Reroll | BringIn | Change) -> None:
        holding = self.holdings[self.seat]
        card = BY_ID.get(move.card)
        if card is None:
            raise IllegalMove(f"there is no card {move.card!r}")
        if not holding.holds(card.id):
            if card.id == "jester" and holding.charlatans:
                raise IllegalMove("your Jester has become a Charlatan, which re-rolls nothing")
            held = ", ".join(holding.usable()) or "none"
            raise IllegalMove(f"you do not hold the {card.en}; cards you can use: {held}")
        if card.kind not in _KINDS_OF[type(move)]:
            raise IllegalMove(f"the {card.en} cannot do that; its ability: {card.ability}")
        if card.id in self.used:
            raise IllegalMove(f"you have used the {card.en} this turn: each card once a turn")
        check_use(move, self.active, self.aside, sum(self.active) + sum(self.aside))

    def _check_end(self, move: Buy | End) -> None:
        if any(self.active):
            left = " ".join(str(v) for v in values_of(self.active))
            raise IllegalMove(
                f"active dice are left ({left}): set them aside or roll them before ending"
            )
        if isinstance(move, End):
            return
        if self.final is not None:
            raise IllegalMove("no cards are taken in the final round: 'end' your turn")
        card = BY_ID.get(move.card)
        if card is None:
            raise IllegalMove(f"there is no card {move.card!r}")
        holding = self.holdings[self.seat]
        if card.id == "queen":
            raise IllegalMove("the Queen cannot be bought: she comes with the King")
        if card.id == "charlatan":
            if not holding.jesters:
                raise IllegalMove(
                    "a Charlatan is taken by flipping a Jester you hold; you hold none"
                )
            return
        if not self.display.get(card.id):
            raise IllegalMove(f"no {card.en} is left in the display")
        if card.id == "jester" and holding.jesters:
            raise IllegalMove("you hold a Jester: take another once it has become a Charlatan")
        if card.id in holding.cards:
            raise IllegalMove(f"you already hold the {card.en}; nobody takes a card twice")
        if not card.affordable(self.aside):
            result = " ".join(str(v) for v in values_of(self.aside))
            raise IllegalMove(f"the {card.en} costs {card.cost}; your result {result} is not")

    def apply(self, move: Move) -> None:
        if isinstance(move, Dice):
            self.active = plus(self.active, counts_of(move.values))
            self.rolling = 0
            self.phase = DICE
            if self.main_roll:
                self.kept = False
        elif isinstance(move, Keep):
            taken = counts_of(move.dice)
            self.active = minus(self.active, taken)
            self.aside = plus(self.aside, taken)
            self.kept = True
        elif isinstance(move, Roll):
            if self.phase is START:
                self.rolling = self.holdings[self.seat].turn_dice()
            else:
                self.rolling = sum(self.active)
                self.active = NO_DICE
            self.main_roll = True
            self.phase = ROLLING
        elif isinstance(move, Reroll):
            self.used.add(move.card)
            self.active = minus(self.active, counts_of(move.dice))
            self.rolling = len(move.dice)
            self.main_roll = False
            self.phase = ROLLING
        elif isinstance(move, BringIn):
            self.used.add(move.card)
            self.active = plus(self.active, one(move.value))
        elif isinstance(move, Change):
            self.used.add(move.card)
            self.active = plus(minus(self.active, counts_of(move.before)), counts_of(move.after))
        elif isinstance(move, Buy):
            told = self._take(move.card)
            self.notes = (*told, *self._end_turn())
        elif isinstance(move, End):
            told = []
            if self.final is not None:
                told.append(self._record_final(self.final, best_group(self.aside)))
            self.notes = (*told, *self._end_turn())
        elif isinstance(move, Decline) and self.final is not None:
            self.final.declined.add(self.seat)
            self.notes = (f"seat {self.seat} passes: no roll, no result", *self._end_turn())

    # -- chance ------------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[Move, Fraction]]:
        n = self.rolling
        return [(Dice(values_of(c)), Fraction(ways, 6**n)) for c, ways in roll_outcomes(n)]

    def sample_chance(self, rng: random.Random) -> Move:
        return Dice(tuple(rng.randint(1, 6) for _ in range(self.rolling)))

    # -- turns, rounds and the end -----------------------------------------------------

    def _take(self, card: str) -> list[str]:
        """Give the card to the seat to move; a note when it is the King."""
        holding = self.holdings[self.seat]
        if card == "charlatan":
            holding.jesters -= 1
            holding.charlatans += 1
            return []
        self.display[card] -= 1
        if card == "jester":
            holding.jesters += 1
        elif card == "king":
            holding.cards |= {"king", "queen"}
            self.king_buyer = self.seat
            self.bid = best_group(self.aside)
            return [
                f"seat {self.seat} takes the King and the Queen with {group_text(self.bid)}: "
                "this round is played to its end, then comes the final round"
            ]
        else:
            holding.cards.add(card)
        return []

    def _record_final(self, final: FinalRound, result: Group) -> str:
        """Record a final-round result; says whether it took the King."""
        seat = self.seat
        final.results[seat] = result
        queen_matches = seat == self.king_buyer and result >= final.best
        said = f"seat {seat}'s result, {group_text(result)},"
        if result > final.best or queen_matches:
            how = "matches" if result == final.best else "beats"
            final.best = result
            for holding in self.holdings:
                holding.cards.discard("king")
            self.holdings[seat].cards.add("king")
            return f"{said} {how} the standing best: seat {seat} holds the King"
        holder = self.king_holder()
        return f"{said} does not beat {group_text(final.best)}: seat {holder} keeps the King"

    def _end_turn(self) -> list[str]:
        """Pass the turn; notes when a round, the final round or the game begins or ends."""
        told = []
        if self.final is not None:
            self.final.index += 1
            self.over = self.final.index == len(self.final.order)
            if self.over:
                told.append(f"the game is over: seat {self.king_holder()} holds the King and wins")
        else:
            self.turn_in_round += 1
            if self.turn_in_round == self.players:
                self.turn_in_round = 0
                # The start player figure passes to the right: the last player of this
                # round starts the next one.
                self.start_player = (self.start_player - 1) % self.players
                self.round += 1
                if self.king_buyer is not None and self.bid is not None:
                    self.final = final_round(
                        self.players, self.start_player, self.king_buyer, self.bid
                    )
                    first = [f"seat {s}" for s in self.final.order[:-1]]
                    turns = "plays one turn" if len(first) == 1 else "play one turn each"
                    told.append(
                        f"── the final round ── {listing(first)} {turns}, the Queen's "
                        f"holder, seat {self.king_buyer}, last; the standing best is "
                        f"{group_text(self.bid)}"
                    )
                else:
                    told.append(
                        f"── round {self.round} ── seat {self.start_player} played last and "
                        "starts this round: two turns in a row"
                    )
        self.phase = START
        self.active = self.aside = NO_DICE
        self.used = set()
        self.kept = False
        self.rolling = 0
        return told

    def result(self) -> Result:
        final = self.final
        king = self.king_holder()
        if final is None or king is None or not self.over:
            raise StateError("the game is not over")
        when = {seat: index for index, seat in enumerate(final.order)}
        standing: dict[int, tuple[int, int, int]] = {}
        for seat, (count, face) in final.results.items():
            standing[seat] = (count, face, -when[seat])
        if self.king_buyer is not None and self.bid is not None:
            bid = (*self.bid, 1)  # reached before anyone's final roll
            standing[self.king_buyer] = max(standing.get(self.king_buyer, bid), bid)
        rolled = sorted((s for s in standing if s != king), key=standing.__getitem__, reverse=True)
        passed = [s for s in final.order if s not in standing and s != king]
        ranking = tuple((seat,) for seat in [king, *rolled, *passed])
        return Result(
            ranking=ranking,
            scores=None,
            rounds=self.round,
            details={
                "king": king,
                "queen": self.king_buyer,
                "bid": list(self.bid) if self.bid else None,
                "final_round": [
                    list(final.results[s]) if s in final.results
                    else "pass" if s in final.declined else None
                    for s in range(self.players)
                ],
            },
        )  # fmt: skip

    # -- copies and documents ----------------------------------------------------------

    def copy(self) -> Self:
        twin = type(self)(
            self.players,
            dict(self.display),
            [holding.copy() for holding in self.holdings],
            start_player=self.start_player,
            turn_in_round=self.turn_in_round,
            round_number=self.round,
            king_buyer=self.king_buyer,
            bid=self.bid,
            final=None if self.final is None else self.final.copy(),
            over=self.over,
        )
        twin.phase, twin.active, twin.aside = self.phase, self.active, self.aside
        twin.used, twin.kept = set(self.used), self.kept
        twin.rolling, twin.main_roll = self.rolling, self.main_roll
        return twin


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten", "eleven", "twelve")  # fmt: skip


def group_text(group: Group) -> str:
    """A result's largest group in words: 'eight 4s'."""
    count, face = group
    word = NUMBER_WORDS[count] if count < len(NUMBER_WORDS) else str(count)
    return f"{word} {face}" if count == 1 else f"{word} {face}s"


def final_round(players: int, start_player: int, queen: int, bid: Group) -> FinalRound:
    """Everyone from the start player on, clockwise, except the Queen holder, who plays last."""
    order = [(start_player + i) % players for i in range(players)]
    order.remove(queen)
    return FinalRound([*order, queen], bid=bid, best=bid)


def opening(players: int) -> KroneState:
    display = {
        card.id: copies(card.id, players) for card in CARDS if card.id not in ("charlatan", "queen")
    }
    return KroneState(players, display, [Holding() for _ in range(players)])


__all__ = ["FACES", "KroneState", "opening"]
