"""The position of a match of Keltis: Das Kartenspiel, and the flow of its turns.

Phases: ``remove`` (two players: chance puts 30 cards back in the box), ``deal`` (chance
deals 8 cards each, one at a time round the table), then turns of ``play`` (play, discard
or wish) and ``draw`` (a draw from the deck waits in ``deck`` for chance to deal the card).
An ending leads to ``extra`` (up to two more cards each) and then ``over``.
"""

from __future__ import annotations

import random
from enum import StrEnum
from fractions import Fraction
from typing import Final, Self

from ludoteca.engine import CHANCE, Actor, IllegalMove, Move, Result, Secret, State, StateError
from ludoteca.engine.chance import draw, draw_probabilities
from ludoteca.engine.result import rank_by

from .components import (
    CARDS,
    COLOUR,
    COLOURS,
    COPIES,
    END,
    END_ROWS_TO_FINISH,
    HAND_SIZE,
    KIND,
    NAMES,
    NUMBER_ON,
    PILE_LETTERS,
    POINT,
    pile_name,
    removed_unseen,
)
from .moves import (
    DEAL,
    DISCARD,
    DONE,
    DRAW_DECK,
    DRAW_PILE,
    PLAY,
    PLAY_ONTO,
    REMOVE,
    Deal,
    Discard,
    Done,
    Draw,
    Play,
    Remove,
    Wish,
    wish,
)
from .scoring import score_sheet, total
from .table import Cards, Player, add, counted, listed, remove


class Phase(StrEnum):
    """Where a match stands, as a position writes it: cards removed unseen (two players)
    and dealt, a card to play, cards to draw (from a pile or the deck), the extra plays
    after the end, the end."""

    REMOVING = "remove"
    DEALING = "deal"
    PLAYING = "play"
    DRAWING = "draw"
    FROM_DECK = "deck"
    EXTRA = "extra"
    OVER = "over"


# The rules compare with these names: a module's global is found quicker than a member.
REMOVING, DEALING, PLAYING = Phase.REMOVING, Phase.DEALING, Phase.PLAYING
DRAWING, FROM_DECK, EXTRA, OVER = Phase.DRAWING, Phase.FROM_DECK, Phase.EXTRA, Phase.OVER
PHASES: Final = tuple(Phase)
_SEAT_PHASES: Final = frozenset((PLAYING, DRAWING, EXTRA))
EXTRA_CARDS: Final = 2

_BOXED = Secret(frozenset(), "a card goes back to the box unseen")
_DEALT = tuple(Secret(frozenset((s,)), f"seat {s} is dealt a card") for s in range(4))
_DRAWN = tuple(Secret(frozenset((s,)), f"seat {s} draws a card from the deck") for s in range(4))
_PILES = range(len(PILE_LETTERS))
_COLOURS = range(len(COLOURS))


class KeltisState(State):
    def __init__(self, players: int, deck: Cards) -> None:
        self.players = players
        self.table = [Player() for _ in range(players)]
        self.deck = deck
        self.deck_size = sum(deck.values())
        self.box: Cards = {}
        self.box_size = 0
        self.piles: list[list[int]] = [[] for _ in _PILES]
        self.in_middle = [False] + [True] * 9 + [False]  # wish stones by number, 0 to 10
        self.seat = 0
        self.round = 1
        self.phase = REMOVING if removed_unseen(players) else DEALING
        self.draws_left = 0
        self.blocked = 0  # bit per pile discarded onto this turn
        self.end_rows = 0  # rows (anyone's) with an end card in them
        self.ended_by: int | None = None
        self.extra_played = 0
        self.dealt = 0

    # -- whose turn --------------------------------------------------------------------

    def to_move(self) -> Actor:
        phase = self.phase
        if phase in _SEAT_PHASES:
            return self.seat
        return None if phase is OVER else CHANCE

    def receiver(self) -> int:
        """Who gets the card chance deals now."""
        return self.dealt % self.players if self.phase is DEALING else self.seat

    # -- legal moves -------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        phase = self.phase
        if phase is PLAYING:
            return self._turn_moves()
        if phase is DRAWING:
            moves: list[Move] = [DRAW_DECK] if self.deck_size else []
            piles, blocked = self.piles, self.blocked
            for pile in _PILES:
                if piles[pile] and not blocked >> pile & 1:
                    moves.append(DRAW_PILE[pile])
            return moves
        if phase is EXTRA:
            moves = self._plays(sorted(self.table[self.seat].hand), [])
            moves.append(DONE)
            return moves
        return []

    def _plays(self, cards: list[int], moves: list[Move]) -> list[Move]:
        rows = self.table[self.seat].rows
        for card in cards:
            if KIND[card] == POINT:
                moves.append(PLAY[card])
                number = NUMBER_ON[card]
                for colour in _COLOURS:
                    row = rows[colour]
                    if row.last == number and not row.ends:
                        moves.append(PLAY_ONTO[card][colour])
            elif rows[COLOUR[card]].takes(card):
                moves.append(PLAY[card])
        return moves

    def _turn_moves(self) -> list[Move]:
        hand = self.table[self.seat].hand
        cards = sorted(hand)
        moves: list[Move] = [DISCARD[card] for card in cards]
        self._plays(cards, moves)
        in_middle = self.in_middle
        by_number: dict[int, list[int]] = {}
        for card in cards:
            number = NUMBER_ON[card]
            if number >= 0 and in_middle[number]:
                by_number.setdefault(number, []).append(card)
        for group in by_number.values():
            for index, first in enumerate(group):
                if hand[first] > 1:
                    moves.append(wish(first, first))
                for second in group[index + 1 :]:
                    moves.append(wish(first, second))
        return moves

    # -- checking a move ---------------------------------------------------------------

    def check(self, move: Move) -> None:
        phase = self.phase
        if isinstance(move, Deal | Remove):
            self._check_chance(move)
        elif phase in _SEAT_PHASES:
            if isinstance(move, Play) and phase is not DRAWING:
                self._check_play(move)
            elif isinstance(move, Draw) and phase is DRAWING:
                self._check_draw(move)
            elif isinstance(move, Discard) and phase is PLAYING:
                self._check_in_hand(move.card)
            elif isinstance(move, Wish) and phase is PLAYING:
                self._check_wish(move)
            elif not (isinstance(move, Done) and phase is EXTRA):
                raise IllegalMove(self._out_of_turn(move))
        elif phase is OVER:
            raise IllegalMove("the game is over: no more moves can be played")
        else:
            raise IllegalMove(f"a card is being dealt, so {move} cannot be played now")

    def _out_of_turn(self, move: Move) -> str:
        if not isinstance(move, Play | Discard | Wish | Draw | Done):
            return f"{move} is not a move of Keltis"
        if self.phase is PLAYING:
            if isinstance(move, Done):
                return "'done' only stops your extra plays once the game has ended"
            return (
                "first play a card ('play <card>'), discard one ('discard <card>') or make "
                "a wish ('wish <card> <card>'); you draw after that"
            )
        if self.phase is DRAWING:
            cards = "a card" if self.draws_left == 1 else f"{self.draws_left} cards"
            return (
                f"you have played this turn; now draw {cards}: 'draw deck' or 'draw <pile>' "
                "(r y g b v p)"
            )
        return (
            "the game has ended: play up to two more cards into your rows ('play <card>') "
            "or stop with 'done'; no discards, wishes or draws"
        )

    def _check_in_hand(self, card: int, copies: int = 1) -> None:
        if self.table[self.seat].hand.get(card, 0) < copies:
            if not 0 <= card < len(NAMES):
                raise IllegalMove(f"there is no card {card!r}")
            if copies > 1:
                raise IllegalMove(
                    f"you need {copies} {NAMES[card]} cards in your hand for this; play only "
                    "cards you hold"
                )
            raise IllegalMove(f"{NAMES[card]} is not in your hand; play only cards you hold")

    def _check_play(self, move: Play) -> None:
        card, onto = move.card, move.onto
        self._check_in_hand(card)
        if onto is None:
            if KIND[card] != POINT:
                row = self.table[self.seat].rows[COLOUR[card]]
                if not row.takes(card):
                    raise IllegalMove(row.refusal(card, COLOUR[card]))
            return
        if KIND[card] != POINT:
            raise IllegalMove(
                f"only a point card goes onto a row you name; {NAMES[card]} goes into the row "
                f"of its own colour: 'play {NAMES[card]}'"
            )
        if onto not in _COLOURS:
            raise IllegalMove(f"there is no colour row {onto!r}; rows are 0 to 4 (r y g b v)")
        row = self.table[self.seat].rows[onto]
        if not row.takes(card):
            raise IllegalMove(row.refusal(card, onto))

    def _check_wish(self, move: Wish) -> None:
        first, second = move.cards
        if not (0 <= first < len(NAMES) and 0 <= second < len(NAMES)):
            raise IllegalMove(f"{move} names a card that does not exist")
        number = NUMBER_ON[first]
        if number < 0 or NUMBER_ON[second] < 0:
            raise IllegalMove(
                "end cards carry no number: a wish takes two number or point cards "
                "of the same number"
            )
        if NUMBER_ON[second] != number:
            raise IllegalMove(
                f"a wish takes two cards of the same number; {move.cards[0]} and "
                f"{move.cards[1]} differ"
            )
        if not 1 <= number <= 9:
            raise IllegalMove(f"there is no wish stone {number}: the stones are 1 to 9")
        if not self.in_middle[number]:
            holder = next(s for s, p in enumerate(self.table) if number in p.stones)
            raise IllegalMove(f"the wish stone {number} is gone: seat {holder} took it")
        if first == second:
            self._check_in_hand(first, 2)
        else:
            self._check_in_hand(first)
            self._check_in_hand(second)

    def _check_draw(self, move: Draw) -> None:
        pile = move.pile
        if pile is None:
            if not self.deck_size:
                raise IllegalMove("the deck is empty: draw from a discard pile")
            return
        if pile not in _PILES:
            raise IllegalMove(f"there is no pile {pile!r}; piles are 0 to 5 (r y g b v p)")
        if self.blocked >> pile & 1:
            raise IllegalMove(
                f"you discarded onto the {pile_name(pile)} pile this turn: its top card "
                "cannot be taken back; draw from the deck or another pile"
            )
        if not self.piles[pile]:
            raise IllegalMove(f"the {pile_name(pile)} pile is empty")

    def _check_chance(self, move: Remove | Deal) -> None:
        wanted = Remove if self.phase is REMOVING else Deal
        if self.phase not in (REMOVING, DEALING, FROM_DECK):
            raise IllegalMove(f"{move} is a chance outcome, but no card is being dealt now")
        if type(move) is not wanted:
            verb = "remove" if wanted is Remove else "deal"
            raise IllegalMove(f"the pending chance event is '{verb} <card>', not {move}")
        if not self.deck.get(move.card):
            raise IllegalMove(f"no {move.card} is left among the unseen cards")

    # -- playing a move ----------------------------------------------------------------

    def secret(self, move: Move) -> Secret | None:
        if isinstance(move, Deal):
            return _DEALT[self.receiver()] if self.phase is DEALING else _DRAWN[self.seat]
        if isinstance(move, Remove):
            return _BOXED
        return None

    def apply(self, move: Move) -> None:
        if isinstance(move, Deal):
            self._deal(move.card)
        elif isinstance(move, Draw):
            pile = move.pile
            if pile is None:
                self.phase = FROM_DECK
            else:
                card = self.piles[pile].pop()
                player = self.table[self.seat]
                add(player.hand, card)
                add(player.taken, card)
                self._drew()
        elif isinstance(move, Play):
            self._play(move)
        elif isinstance(move, Discard):
            self._discard(move.card)
            self._start_drawing(1)
        elif isinstance(move, Wish):
            first, second = move.cards
            self._discard(first)
            self._discard(second)
            number = NUMBER_ON[first]
            self.in_middle[number] = False
            self.table[self.seat].stones.append(number)
            self._start_drawing(2)
        elif isinstance(move, Done):
            self._next_extra()
        elif isinstance(move, Remove):
            card = move.card
            remove(self.deck, card)
            self.deck_size -= 1
            add(self.box, card)
            self.box_size += 1
            if self.box_size == removed_unseen(self.players):
                self.phase = DEALING

    def _deal(self, card: int) -> None:
        remove(self.deck, card)
        self.deck_size -= 1
        if self.phase is DEALING:
            add(self.table[self.dealt % self.players].hand, card)
            self.dealt += 1
            if self.dealt == HAND_SIZE * self.players:
                self.phase = PLAYING
        else:
            add(self.table[self.seat].hand, card)
            self._drew()

    def _play(self, move: Play) -> None:
        player = self.table[self.seat]
        card = move.card
        player.take_out(card)
        if KIND[card] == POINT and move.onto is None:
            player.point_row.append(card)
        else:
            row = player.rows[COLOUR[card] if move.onto is None else move.onto]
            if KIND[card] == END and not row.ends:
                self.end_rows += 1
            row.add(card)
        if self.phase is EXTRA:
            self.extra_played += 1
            if self.extra_played == EXTRA_CARDS:
                self._next_extra()
        elif self.end_rows >= END_ROWS_TO_FINISH:
            self._finish()  # at once: the player who ended it draws nothing
        else:
            self._start_drawing(1)

    def _discard(self, card: int) -> None:
        self.table[self.seat].take_out(card)
        pile = COLOUR[card]
        self.piles[pile].append(card)
        self.blocked |= 1 << pile

    def _start_drawing(self, cards: int) -> None:
        self.draws_left = cards
        self.phase = DRAWING
        if not self.can_draw():
            self._end_turn()

    def _drew(self) -> None:
        self.draws_left -= 1
        if self.draws_left and self.can_draw():
            self.phase = DRAWING
        else:
            self._end_turn()

    def can_draw(self) -> bool:
        """Whether any card may be drawn now: from the deck or an open pile."""
        if self.deck_size:
            return True
        return any(self.piles[p] and not self.blocked >> p & 1 for p in _PILES)

    def _end_turn(self) -> None:
        self.draws_left = 0
        self.blocked = 0
        if not self.deck_size:
            self._finish()  # the last card of the deck has been drawn
            return
        self.seat = (self.seat + 1) % self.players
        if self.seat == 0:
            self.round += 1
        self.phase = PLAYING

    def _finish(self) -> None:
        """The game ends: extra plays from the player after the one who ended it."""
        self.ended_by = self.seat
        self.draws_left = 0
        self.blocked = 0
        self.extra_played = 0
        self.seat = (self.seat + 1) % self.players
        self.phase = EXTRA

    def _next_extra(self) -> None:
        self.extra_played = 0
        if self.seat == self.ended_by:
            self.phase = OVER
        else:
            self.seat = (self.seat + 1) % self.players

    # -- chance ------------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[Move, Fraction]]:
        if self.to_move() is not CHANCE:
            return []
        table = REMOVE if self.phase is REMOVING else DEAL
        return [(table[card], chance) for card, chance in draw_probabilities(self.deck)]

    def sample_chance(self, rng: random.Random) -> Move:
        if self.to_move() is not CHANCE:
            raise StateError("no chance event is pending")
        table = REMOVE if self.phase is REMOVING else DEAL
        return table[draw(self.deck, rng)]

    # -- the end -----------------------------------------------------------------------

    def scores(self) -> list[int]:
        return [total(p.rows, p.point_row, p.stones) for p in self.table]

    def result(self) -> Result:
        if self.phase is not OVER or self.ended_by is None:
            raise StateError("the game is not over")
        scores = self.scores()
        return Result(
            ranking=rank_by(range(self.players), scores.__getitem__),
            scores=tuple(scores),
            rounds=self.round,
            details={
                "ended_by": self.ended_by,
                "ending": "deck" if not self.deck_size else "end cards",
                "players": [score_sheet(p.rows, p.point_row, p.stones) for p in self.table],
            },
        )

    # -- copies, documents, hidden cards -----------------------------------------------

    def copy(self) -> Self:
        twin = self.__class__.__new__(self.__class__)
        twin.__dict__.update(self.__dict__)
        twin.table = [player.copy() for player in self.table]
        twin.deck = self.deck.copy()
        twin.box = self.box.copy()
        twin.piles = [pile[:] for pile in self.piles]
        twin.in_middle = self.in_middle[:]
        return twin

    def trial(self) -> Self:
        """A copy for trying one move of the seat to move while it plays (a card, a
        discard, a wish or done), several times cheaper than ``copy``: only what those
        moves change is copied — the seat's cards, the piles and the wish stones in the
        middle. The deck, the box and the other players stay the original's, so nothing
        may be dealt or drawn in the copy."""
        if self.phase is not PLAYING and self.phase is not EXTRA:
            raise StateError(f"a trial copy tries a move of play, not of the phase {self.phase}")
        twin = self.__class__.__new__(self.__class__)
        twin.__dict__.update(self.__dict__)
        twin.table = self.table[:]
        twin.table[self.seat] = self.table[self.seat].copy()
        twin.piles = [pile[:] for pile in self.piles]
        twin.in_middle = self.in_middle[:]
        return twin

    def determinize(self, seat: int | None, rng: random.Random) -> Self:
        """Deal every card ``seat`` cannot know anew: the deck, the box, other hands.

        Cards a player was seen taking from a discard pile stay in that hand.
        """
        twin = self.copy()
        others = [p for s, p in enumerate(twin.table) if s != seat]
        unknown = [*listed(twin.deck), *listed(twin.box)]
        hidden = []  # unknown cards per other player
        for player in others:
            rest = dict(player.hand)
            for card, known in player.taken.items():
                rest[card] -= known
            unknown.extend(listed(rest))
            hidden.append(sum(rest.values()))
        # Sorted first, so the deal depends only on what ``seat`` knows and on ``rng``:
        # a bot fed the same view and seed decides the same, whatever the hidden cards are.
        unknown.sort()
        rng.shuffle(unknown)
        start = 0
        for player, count in zip(others, hidden, strict=True):
            player.hand = dict(player.taken)
            for card in unknown[start : start + count]:
                add(player.hand, card)
            start += count
        twin.box = counted(unknown[start : start + self.box_size])
        twin.deck = counted(unknown[start + self.box_size :])
        return twin


def opening(players: int) -> KeltisState:
    return KeltisState(players, {card: COPIES[card] for card in CARDS})
