"""Helpers for the Kingdomino tests, and a slow, obvious second reading of the rules.

``NaiveKingdom`` keeps a dict of squares and applies the placement rules square by square,
sharing no code with the bitmask kingdom of the package: where the two disagree, one of
them has a rule wrong.
"""

from __future__ import annotations

import random

import ludoteca
from ludoteca.engine import CHANCE, Match
from ludoteca.games.kingdomino.components import DOMINOES, TERRAINS, setup
from ludoteca.games.kingdomino.kingdom import Kingdom, frame
from ludoteca.games.kingdomino.moves import Discard, Place, parse_move
from ludoteca.games.kingdomino.position import entry_text

GAME = ludoteca.game("kingdomino")
COLUMNS = "abcdefghijklm"


def square(name: str) -> tuple[int, int]:
    return COLUMNS.index(name[0]), int(name[1:]) - 1


def build(*entries: str, size: int = 5) -> Kingdom:
    """A kingdom from placements in move notation, each checked as the game would."""
    kingdom = Kingdom(frame(size))
    for text in entries:
        move = parse_move(text)
        if isinstance(move, Discard):
            kingdom.discard(move.domino)
            continue
        assert isinstance(move, Place)
        reason = kingdom.refusal(move)
        assert reason is None, f"{text}: {reason}"
        kingdom.place(move)
    return kingdom


def step(match: Match, rng: random.Random) -> None:
    """One random move for the seat to move, or the pending chance event's outcome."""
    if match.to_move is CHANCE:
        match.play_chance(rng)
    else:
        match.play(rng.choice(match.legal_moves()))


def play_random(match: Match, rng: random.Random, steps: int | None = None) -> Match:
    """Random moves to the end, or for ``steps`` moves (chance included)."""
    played = 0
    while not match.is_over and (steps is None or played < steps):
        step(match, rng)
        played += 1
    return match


class NaiveKingdom:
    """The placement rules and scoring, written out square by square."""

    def __init__(self, size: int = 5) -> None:
        self.size = size
        self.side = 2 * size - 1
        self.castle = (size - 1, size - 1)
        self.squares: dict[tuple[int, int], tuple[str, int]] = {self.castle: ("castle", 0)}

    def legal(self, number: int, first: tuple[int, int], second: tuple[int, int]) -> bool:
        domino = DOMINOES[number]
        halves = [
            (first, TERRAINS[domino.first.terrain]),
            (second, TERRAINS[domino.second.terrain]),
        ]
        for sq, _ in halves:
            if not (0 <= sq[0] < self.side and 0 <= sq[1] < self.side) or sq in self.squares:
                return False
        all_squares = [*self.squares, first, second]
        columns = [c for c, _ in all_squares]
        rows = [r for _, r in all_squares]
        if max(columns) - min(columns) >= self.size or max(rows) - min(rows) >= self.size:
            return False
        for sq, terrain in halves:
            for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                there = self.squares.get((sq[0] + dc, sq[1] + dr))
                if there is not None and there[0] in ("castle", terrain):
                    return True
        return False

    def legal_placements(self, number: int) -> set[str]:
        found = set()
        for column in range(self.side):
            for row in range(self.side):
                for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    first, second = (column, row), (column + dc, row + dr)
                    if self.legal(number, first, second):
                        found.add(str(Place(number, first, second)))
        return found

    def place(self, number: int, first: tuple[int, int], second: tuple[int, int]) -> None:
        domino = DOMINOES[number]
        self.squares[first] = (TERRAINS[domino.first.terrain], domino.first.crowns)
        self.squares[second] = (TERRAINS[domino.second.terrain], domino.second.crowns)

    def properties(self) -> list[tuple[str, int, int]]:
        """(terrain, squares, crowns) of every property."""
        seen: set[tuple[int, int]] = set()
        found = []
        for start, (terrain, _) in self.squares.items():
            if start in seen or terrain == "castle":
                continue
            group, todo = [], [start]
            seen.add(start)
            while todo:
                sq = todo.pop()
                group.append(sq)
                for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    near = (sq[0] + dc, sq[1] + dr)
                    if near not in seen and self.squares.get(near, ("",))[0] == terrain:
                        seen.add(near)
                        todo.append(near)
            found.append((terrain, len(group), sum(self.squares[sq][1] for sq in group)))
        return found


def placing(
    entries: list[str], domino: int, players: int = 3, options: dict | None = None
) -> Match:
    """A loaded position where seat 0, with ``entries`` in its kingdom, places ``domino``.

    Seat 0's king is the last one on the line in play; every other king has acted and
    stands on the next line, one domino of which is still free. The other kingdoms are
    filled with the spare dominoes, each where it first fits.
    """
    options = dict(options or {})
    table = setup(players, bool(options.get("mighty_duel")))
    kings, line = table.kings_per_seat, table.kings(players)
    done, odd = divmod(len(entries) - (kings - 1), kings)
    assert odd == 0, f"seat 0 cannot have {len(entries)} dominoes here"
    assert done >= 0, f"seat 0 cannot have {len(entries)} dominoes here"
    used = {parse_move(text).domino for text in entries} | {domino}
    spare = [n for n in DOMINOES if n not in used]
    kingdoms = [list(entries)]
    for _ in range(1, players):
        kingdom = Kingdom(frame(table.size))
        for _ in range(kings * (done + 1)):
            number = spare.pop(0)
            fits = kingdom.placements(DOMINOES[number])
            if fits:
                kingdom.place(fits[0])
            else:
                kingdom.discard(number)
        kingdoms.append([entry_text(entry) for entry in kingdom.history])
    standing = [0] * (kings - 1) + [seat for seat in range(1, players) for _ in range(kings)]
    next_line = [
        {"domino": number, "king": standing[i] if i < len(standing) else None}
        for i, number in enumerate(sorted(spare[:line]))
    ]
    position = {
        "players": [{"kingdom": k} for k in kingdoms],
        "line": [{"domino": domino, "king": 0}],
        "next_line": next_line,
    }
    return GAME.load(
        {"game": "kingdomino", "players": players, "options": options, "position": position}
    )
