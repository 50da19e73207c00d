"""The position of Keltis: Das Kartenspiel as JSON (docs/games/keltis.md).

``load`` takes a position written by hand: cards by their notation (``r7``, ``g-end``,
``p3``), rows and piles by colour letter, and the deck or the box may be left out (they
are then every card not placed elsewhere). Whatever is impossible is refused with a
``PositionError`` naming where: cards of the wrong colour, rows against the direction,
more copies than the box holds, hands of the wrong size for the phase.
"""

from __future__ import annotations

from typing import Any, NoReturn

from ludoteca.engine import PositionError
from ludoteca.engine.fields import Fields

from .components import (
    CARDS,
    COLOUR,
    COLOUR_LETTERS,
    COLOURS,
    COPIES,
    END_ROWS_TO_FINISH,
    HAND_SIZE,
    KIND,
    NAMES,
    PILE_LETTERS,
    POINT,
    POINT_PILE,
    card_by_name,
    removed_unseen,
)
from .rows import first_misfit, row_of
from .state import (
    DEALING,
    DRAWING,
    EXTRA,
    FROM_DECK,
    OVER,
    PLAYING,
    REMOVING,
    KeltisState,
    Phase,
)
from .table import Cards, Player, add, counted, listed

_PLAYER_KEYS = ("hand", "taken", "rows", "point_row", "stones")
_TURN_KEYS = ("seat", "phase", "draws_left", "blocked", "extra_played")


def names(cards: list[int]) -> list[str]:
    return [NAMES[card] for card in cards]


def turn_json(state: KeltisState) -> dict[str, Any]:
    return {
        "seat": state.seat,
        "phase": state.phase,
        "draws_left": state.draws_left,
        "blocked": [PILE_LETTERS[p] for p in range(len(PILE_LETTERS)) if state.blocked >> p & 1],
        "extra_played": state.extra_played,
    }


def piles_json(state: KeltisState) -> dict[str, list[str]]:
    return {letter: names(pile) for letter, pile in zip(PILE_LETTERS, state.piles, strict=True)}


def dump(state: KeltisState) -> dict[str, Any]:
    return {
        "round": state.round,
        "turn": turn_json(state),
        "ended_by": state.ended_by,
        "players": [
            {
                "hand": names(listed(player.hand)),
                "taken": names(listed(player.taken)),
                "rows": {
                    letter: names(row.cards)
                    for letter, row in zip(COLOUR_LETTERS, player.rows, strict=True)
                },
                "point_row": names(player.point_row),
                "stones": sorted(player.stones),
            }
            for player in state.table
        ],
        "piles": piles_json(state),
        "deck": names(listed(state.deck)),
        "box": names(listed(state.box)),
    }


def load(data: object, players: int) -> KeltisState:
    top = Fields(data)
    top.only(("round", "turn", "ended_by", "players", "piles", "deck", "box"))
    state = KeltisState(players, {})
    entries = top.items("players")
    if len(entries) != players:
        top.fail(f"lists {len(entries)} players, but the match has {players}", "players")
    state.table = [_player(entry) for entry in entries]
    _stones(top, state)
    state.piles = _load_piles(top)
    _unseen(top, state)
    _load_turn(top, state)
    return state


def _cards(f: Fields, key: str) -> list[int]:
    """A list of cards by notation; none if the key is left out."""
    words = f.seq(key, [])
    found: list[int] = []
    for index, word in enumerate(words):
        card = card_by_name(word) if isinstance(word, str) else None
        if card is None:
            _fail_at(f, key, index, f"must be a card such as 'r7', 'g-end' or 'p3', not {word!r}")
        found.append(card)
    return found


def _fail_at(f: Fields, key: str, index: int, message: str) -> NoReturn:
    raise PositionError(f"{f.at(key)}[{index}] {message}")


def _player(f: Fields) -> Player:
    f.only(_PLAYER_KEYS)
    player = Player()
    player.hand = counted(_cards(f, "hand"))
    player.taken = counted(_cards(f, "taken"))
    for card, known in player.taken.items():
        if player.hand.get(card, 0) < known:
            f.fail(f"lists {NAMES[card]} {known} times, more than the hand holds", "taken")
    rows = f.nested("rows", None)
    if rows is not None:
        rows.only(COLOUR_LETTERS)
        for colour, letter in enumerate(COLOUR_LETTERS):
            cards = _cards(rows, letter)
            for index, card in enumerate(cards):
                if KIND[card] != POINT and COLOUR[card] != colour:
                    _fail_at(rows, letter, index, f"is {NAMES[card]}: a {COLOURS[colour]} row "
                             f"holds {COLOURS[colour]} cards and point cards")  # fmt: skip
            misfit = first_misfit(cards)
            if misfit is not None:
                _fail_at(rows, letter, misfit, f"({NAMES[cards[misfit]]}) cannot follow the "
                         "cards before it: a row runs one way (equal cards keep it open), a "
                         "point card follows a number card of its number, and only the second "
                         "end card follows an end card")  # fmt: skip
            player.rows[colour] = row_of(cards)
    player.point_row = _cards(f, "point_row")
    for index, card in enumerate(player.point_row):
        if KIND[card] != POINT:
            _fail_at(f, "point_row", index, f"is {NAMES[card]}: only point cards go there")
    player.stones = f.numbers("stones", [], 1, 9)
    return player


def _stones(top: Fields, state: KeltisState) -> None:
    for seat, player in enumerate(state.table):
        for stone in player.stones:
            if not state.in_middle[stone]:
                raise PositionError(
                    f"position.players[{seat}].stones has the wish stone {stone} a second "
                    "time: each stone exists once"
                )
            state.in_middle[stone] = False


def _load_piles(top: Fields) -> list[list[int]]:
    piles: list[list[int]] = [[] for _ in PILE_LETTERS]
    f = top.nested("piles", None)
    if f is None:
        return piles
    f.only(PILE_LETTERS)
    for pile, letter in enumerate(PILE_LETTERS):
        piles[pile] = _cards(f, letter)
        for index, card in enumerate(piles[pile]):
            if COLOUR[card] != pile:
                what = "point cards" if pile == POINT_PILE else f"{COLOURS[pile]} cards"
                _fail_at(f, letter, index, f"is {NAMES[card]}: this pile takes {what}")
    return piles


def _unseen(top: Fields, state: KeltisState) -> None:
    """The deck and the box, checking that every card of the game is somewhere once."""
    placed: Cards = {}
    for player in state.table:
        for card, copies in player.hand.items():
            placed[card] = placed.get(card, 0) + copies
        for cards in [*(row.cards for row in player.rows), player.point_row]:
            for card in cards:
                add(placed, card)
    for pile in state.piles:
        for card in pile:
            add(placed, card)
    box = counted(_cards(top, "box")) if "box" in top.data else None
    deck = counted(_cards(top, "deck")) if "deck" in top.data else None
    if box is None and not removed_unseen(state.players):
        box = {}
    if box is None:
        if deck is None:
            top.fail("must list the 30 cards out of the game with two players (or give the "
                     "deck, and the box is every card not placed elsewhere)", "box")  # fmt: skip
        box = _rest(placed, deck)
    if deck is None:
        deck = _rest(placed, box)
    for card in CARDS:
        found = placed.get(card, 0) + deck.get(card, 0) + box.get(card, 0)
        if found != COPIES[card]:
            top.fail(
                f"has {found} {NAMES[card]} in hands, rows, piles, deck and box together; "
                f"the game has {COPIES[card]}"
            )
    state.deck, state.deck_size = deck, sum(deck.values())
    state.box, state.box_size = box, sum(box.values())


def _rest(placed: Cards, other: Cards) -> Cards:
    """Every card of the game that is neither placed nor in ``other``."""
    return {
        card: left
        for card in CARDS
        if (left := COPIES[card] - placed.get(card, 0) - other.get(card, 0)) > 0
    }


def _load_turn(top: Fields, state: KeltisState) -> None:
    players = state.players
    state.round = top.number("round", 1, 1)
    turn = top.nested("turn", None) or Fields({}, top.at("turn"))
    turn.only(_TURN_KEYS)
    state.seat = turn.number("seat", 0, 0, players - 1)
    state.phase = phase = Phase(turn.text("phase", Phase, PLAYING))
    state.draws_left = turn.number("draws_left", 0, 0, 2)
    for letter in turn.seq("blocked", []):
        if letter not in PILE_LETTERS or not state.piles[PILE_LETTERS.index(letter)]:
            turn.fail(f"names {letter!r}: only non-empty piles (r y g b v p) can be blocked",
                      "blocked")  # fmt: skip
        state.blocked |= 1 << PILE_LETTERS.index(letter)
    state.extra_played = turn.number("extra_played", 0, 0, 1)
    ended = top.number("ended_by", None, 0, players - 1)
    state.ended_by = ended
    state.end_rows = sum(bool(row.ends) for p in state.table for row in p.rows)
    sizes = [player.hand_size() for player in state.table]
    state.dealt = sum(sizes)

    drawing = phase in (DRAWING, FROM_DECK)
    if drawing != (state.draws_left > 0):
        turn.fail("is 1 or 2 while cards are to be drawn (phases draw, deck), else 0",
                  "draws_left")  # fmt: skip
    if state.blocked and not drawing:
        turn.fail("lists piles only while the player draws after discarding", "blocked")
    if state.extra_played and phase is not EXTRA:
        turn.fail("counts extra plays only in the phase extra", "extra_played")
    if (ended is not None) != (phase in (EXTRA, OVER)):
        top.fail("names the player who ended the game, in the phases extra and over only",
                 "ended_by")  # fmt: skip
    if phase in (REMOVING, DEALING):
        _check_setup(top, turn, state, sizes)
        return
    if state.box_size != removed_unseen(players):
        top.fail(f"must hold {removed_unseen(players)} cards once the cards are dealt", "box")
    if phase in (EXTRA, OVER):
        if state.deck_size and state.end_rows < END_ROWS_TO_FINISH:
            top.fail("ends when the deck is empty or five rows hold end cards", "ended_by")
        for seat, size in enumerate(sizes):
            if size > HAND_SIZE:
                _fail_at(
                    top, "players", seat, f"holds {size} cards; hands hold {HAND_SIZE} at most"
                )
        return
    if state.end_rows >= END_ROWS_TO_FINISH:
        top.fail("has end cards in five rows: the game has ended (phase extra or over)",
                 "players")  # fmt: skip
    short = state.draws_left
    for seat, size in enumerate(sizes):
        wanted = HAND_SIZE - (short if seat == state.seat else 0)
        if size != wanted:
            _fail_at(
                top, "players", seat, f"holds {size} cards; in phase {phase} it holds {wanted}"
            )
    if phase is PLAYING and not state.deck_size:
        top.fail("is empty, so the game has ended (phase extra or over)", "deck")
    if phase is FROM_DECK and not state.deck_size:
        top.fail("is empty: no card can be dealt from it", "deck")
    if phase is DRAWING and not state.can_draw():
        turn.fail("is draw, but no card can be drawn (empty deck, no open pile)", "phase")
    if phase is DRAWING and not state.deck_size and state.draws_left > 1:
        turn.fail("cannot need two cards with an empty deck: it was full at the play",
                  "draws_left")  # fmt: skip


def _check_setup(top: Fields, turn: Fields, state: KeltisState, sizes: list[int]) -> None:
    players = state.players
    removing = state.phase is REMOVING
    limit = removed_unseen(players)
    if removing and not state.box_size < limit:
        turn.fail(f"is remove only while fewer than {limit} cards are out of the game", "phase")
    if not removing and state.box_size != limit:
        top.fail(f"must hold {limit} cards before the deal", "box")
    if state.seat or state.round != 1:
        turn.fail("is seat 0 in round 1 until the cards are dealt", "seat")
    table = any(state.piles) or any(
        p.point_row or p.stones or any(row.cards for row in p.rows) for p in state.table
    )
    if table:
        raise PositionError("position has cards on the table before the cards are dealt")
    dealt = 0 if removing else state.dealt
    for seat, size in enumerate(sizes):
        wanted = dealt // players + (seat < dealt % players)
        if size != wanted:
            _fail_at(top, "players", seat, f"holds {size} cards; with {dealt} dealt one at a "
                     f"time from seat 0 it holds {wanted}")  # fmt: skip
    if dealt >= HAND_SIZE * players:
        turn.fail("is deal only until every player has 8 cards", "phase")
