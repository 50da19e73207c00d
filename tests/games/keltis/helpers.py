"""Positions for the rules tests, written the way a person writes them by hand."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

import ludoteca
from ludoteca.engine import Match
from ludoteca.games.keltis.components import COPIES, NAMES, PILE_LETTERS

GAME = ludoteca.game("keltis")
ALL = Counter({NAMES[card]: COPIES[card] for card in range(len(NAMES))})


def build(
    players: int = 2,
    *,
    seat: int = 0,
    phase: str = "play",
    draws_left: int = 0,
    blocked: Iterable[str] = (),
    extra_played: int = 0,
    ended_by: int | None = None,
    hands: Mapping[int, list[str]] | None = None,
    rows: Mapping[int, Mapping[str, list[str]]] | None = None,
    point_rows: Mapping[int, list[str]] | None = None,
    stones: Mapping[int, list[int]] | None = None,
    taken: Mapping[int, list[str]] | None = None,
    piles: Mapping[str, list[str]] | None = None,
    deck: list[str] | None = None,
    round: int = 1,
    spare_to_rows: bool = False,
) -> Match:
    """A match at a hand-written position.

    Hands are filled up to the size the phase needs with cards nobody asked for. With two
    players 30 such cards go to the box. When ``deck`` is given, the cards left over lie
    at the bottom of the discard piles, under the ``piles`` given, or with
    ``spare_to_rows`` in the last seat's rows (ascending) and point row.
    """
    hands, rows, point_rows = hands or {}, rows or {}, point_rows or {}
    stones, taken, piles = stones or {}, taken or {}, piles or {}
    pool = ALL.copy()

    def use(cards: Iterable[str]) -> None:
        for card in cards:
            if pool[card] <= 0:
                raise ValueError(f"the test uses {card} more often than the game has it")
            pool[card] -= 1

    for cards in [*hands.values(), *point_rows.values(), *piles.values(), deck or []]:
        use(cards)
    for seat_rows in rows.values():
        for cards in seat_rows.values():
            use(cards)
    spare = sorted(pool.elements(), key=NAMES.index, reverse=True)

    def spare_cards(count: int) -> list[str]:
        taken_out = spare[:count]
        del spare[:count]
        return taken_out

    position_players = []
    for index in range(players):
        hand = list(hands.get(index, []))
        wanted = 8 - (draws_left if index == seat else 0)
        if phase in ("play", "draw", "deck"):
            hand += spare_cards(wanted - len(hand))
        position_players.append(
            {
                "hand": hand,
                "taken": taken.get(index, []),
                "rows": dict(rows.get(index, {})),
                "point_row": point_rows.get(index, []),
                "stones": stones.get(index, []),
            }
        )
    box = spare_cards(30) if players == 2 else []
    all_piles = {letter: list(piles.get(letter, [])) for letter in PILE_LETTERS}
    if deck is None:
        deck = spare
    elif spare_to_rows:
        last = position_players[-1]
        for card in sorted(spare, key=NAMES.index):
            if card.startswith("p"):
                last["point_row"].append(card)
            else:
                last["rows"].setdefault(card[0], []).append(card)
    else:
        by_pile = {letter: [] for letter in PILE_LETTERS}
        for card in spare:
            by_pile[_pile_of(card)].append(card)
        all_piles = {letter: by_pile[letter] + all_piles[letter] for letter in PILE_LETTERS}
    position: dict[str, Any] = {
        "round": round,
        "turn": {
            "seat": seat,
            "phase": phase,
            "draws_left": draws_left,
            "blocked": list(blocked),
            "extra_played": extra_played,
        },
        "ended_by": ended_by,
        "players": position_players,
        "piles": all_piles,
        "deck": deck,
        "box": box,
    }
    return GAME.load({"game": "keltis", "players": players, "position": position})


def _pile_of(card: str) -> str:
    return "p" if card.startswith("p") else card[0]


def hand(match: Match, seat: int) -> list[str]:
    return match.position()["players"][seat]["hand"]


def row(match: Match, seat: int, letter: str) -> list[str]:
    return match.position()["players"][seat]["rows"][letter]


def legal(match: Match) -> set[str]:
    return {str(move) for move in match.legal_moves()}
