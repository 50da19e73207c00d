"""A log of Keltis that one seat cannot tell from the one it saw (``Game.fill_log``).

The seat reads every deal to another player as "seat 1 draws a card from the deck" and
every card put back in the box as unseen. Each such card is drawn from the cards left at
that point; when the player later plays, discards or wishes with a card its hand cannot
hold, one of its drawn cards that nobody has seen yet becomes that card, and the card it
was goes where that card had been (the deck, the box or another unseen draw). The
multiset of unseen cards at every point of the log stays what it was, so the log stays
legal and every public move stays playable.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ludoteca.engine import CHANCE, StateError
from ludoteca.engine.chance import draw

from .moves import DEAL, REMOVE, Deal, Discard, Play, Remove, Wish, parse_move
from .state import REMOVING, KeltisState, opening
from .table import add, remove


class _Unseen:
    """The replay: the position so far, and the draws the seat could not see."""

    def __init__(self, players: int, rng: random.Random) -> None:
        self.state: KeltisState = opening(players)
        self.rng = rng
        self.texts: list[str] = []
        self.card: dict[int, int] = {}  # index of an unseen draw in the log -> its card
        # Unseen draws whose card nobody has seen leave the hand, per player; the box.
        self.free: list[list[int]] = [[] for _ in range(players)]
        self.boxed: list[int] = []

    def hidden(self) -> None:
        state = self.state
        card = draw(state.deck, self.rng)
        index = len(self.texts)
        self.card[index] = card
        move: Deal | Remove
        if state.phase is REMOVING:
            self.boxed.append(index)
            move = REMOVE[card]
        else:
            self.free[state.receiver()].append(index)
            move = DEAL[card]
        state.apply(move)
        self.texts.append(str(move))

    def take_out(self, seat: int, card: int, taken: int) -> None:
        """Make sure ``seat`` can let go of one more ``card`` (``taken`` already went
        this move), and stop counting an unseen draw of it as free if it must be one."""
        hand = self.state.table[seat].hand
        free = self.free[seat]
        mine = [i for i in free if self.card[i] == card]
        if hand.get(card, 0) - taken - len(mine) > 0:
            return  # a copy everyone saw arrive
        if mine:
            free.remove(mine[0])
            return
        others = [i for i in free if self.card[i] != card]
        if not others:
            raise StateError(f"seat {seat} plays a card its hand could not hold: the log is broken")
        index = self.rng.choice(others)
        self._become(seat, index, card)
        free.remove(index)

    def seen_deal(self, card: int) -> None:
        """Before a deal the seat sees: its card is back in the deck if an unseen draw
        took it, that draw becoming a card still in the deck."""
        deck = self.state.deck
        if deck.get(card):
            return
        place = self._unseen_copy(card)
        other = draw(deck, self.rng)
        remove(deck, other)
        add(deck, card)
        self._swap(place, other)

    def _swap(self, place: int, old: int) -> None:
        """The unseen draw ``place`` becomes ``old``; the card it was stays where it is
        counted now (the caller moved it)."""
        state = self.state
        card = self.card[place]
        self.card[place] = old
        self.texts[place] = str((REMOVE if place in self.boxed else DEAL)[old])
        owner = next((s for s, free in enumerate(self.free) if place in free), None)
        pile = state.box if owner is None else state.table[owner].hand
        remove(pile, card)
        add(pile, old)

    def _become(self, seat: int, index: int, card: int) -> None:
        """The unseen draw ``index`` of ``seat`` becomes ``card``; its old card takes the
        place ``card`` had among the cards unseen."""
        state = self.state
        old = self.card[index]
        if state.deck.get(card):
            remove(state.deck, card)
            add(state.deck, old)
        else:
            self._swap(self._unseen_copy(card), old)
        hand = state.table[seat].hand
        remove(hand, old)
        add(hand, card)
        self.card[index] = card
        self.texts[index] = str(DEAL[card])

    def _unseen_copy(self, card: int) -> int:
        for index in [*self.boxed, *(i for free in self.free for i in free)]:
            if self.card[index] == card:
                return index
        raise StateError(f"no unseen copy of {DEAL[card].card} is left: the log is broken")


def fill_log(view: Mapping[str, Any], rng: random.Random) -> list[str]:
    seat = view["seat"]
    unseen = _Unseen(view["players"], rng)
    state = unseen.state
    for entry in view["log"]:
        text = entry["move"]
        if state.to_move() is CHANCE:
            probe = REMOVE[0] if state.phase is REMOVING else DEAL[0]
            secret = state.secret(probe)
            if secret is not None and seat not in secret.seen_by and text == secret.shown_as:
                unseen.hidden()
                continue
        move = parse_move(text)
        actor = state.to_move()
        if isinstance(move, Deal | Remove):
            unseen.seen_deal(move.card)
        elif isinstance(actor, int):
            cards: tuple[int, ...] = ()
            if isinstance(move, Play | Discard):
                cards = (move.card,)
            elif isinstance(move, Wish):
                cards = move.cards
            for n, card in enumerate(cards):
                unseen.take_out(actor, card, cards[:n].count(card))
        state.check(move)
        state.apply(move)
        unseen.texts.append(text)
    return unseen.texts
