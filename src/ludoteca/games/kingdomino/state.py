"""The position of a match of Kingdomino, and the flow of lines, kings and turns.

The box is the set of dominoes nobody has seen. With two or three players the rules set
some dominoes aside unseen before the first line; here nothing is set aside and a game
simply stops drawing once 24 (two players) or 36 (three) dominoes are out. Every line is
then drawn from exactly the dominoes a player could expect in it, with the same chances,
and no removed set exists to leak (docs/games/kingdomino.md, "Modelling — the dominoes
left out").
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from enum import StrEnum
from fractions import Fraction
from typing import Self

from ludoteca.engine import (
    CHANCE,
    Actor,
    IllegalMove,
    Move,
    OptionValue,
    Result,
    State,
    StateError,
)
from ludoteca.engine.chance import draw, draw_probabilities
from ludoteca.engine.result import rank_by

from .components import DOMINOES, NUMBERS, Setup, setup
from .kingdom import Kingdom, frame
from .moves import Discard, Draw, DrawKing, Pick, Place
from .scoring import Score, score


class Phase(StrEnum):
    """What the match waits for: a domino drawn; in a game's first line, a king drawn at
    random and then its seat's claim of a domino; a domino placed, the next one picked;
    or nothing (the end)."""

    DRAW = "draw"
    KING = "king"
    CLAIM = "claim"
    PLACE = "place"
    PICK = "pick"
    OVER = "over"


# The rules compare with these names: a module's global is found quicker than a member.
DRAW, KING, CLAIM = Phase.DRAW, Phase.KING, Phase.CLAIM
PLACE, PICK, OVER = Phase.PLACE, Phase.PICK, Phase.OVER
GAMES_IN_A_DYNASTY = 3

PICKS = {number: Pick(number) for number in NUMBERS}
DISCARDS = {number: Discard(number) for number in NUMBERS}
DRAWS = {number: Draw(number) for number in NUMBERS}
KINGS = tuple(DrawKing(seat) for seat in range(4))

# A finished game of a dynasty, per seat: points, largest property, crowns.
Figures = list[tuple[int, int, int]]


class Slot:
    """A domino of the next line and the king on it (None: still free)."""

    __slots__ = ("domino", "king")

    def __init__(self, domino: int, king: int | None = None) -> None:
        self.domino = domino
        self.king = king

    def copy(self) -> Slot:
        return Slot(self.domino, self.king)


class Claim:
    """A domino of the line in play and the king standing on it, who is still to act."""

    __slots__ = ("domino", "king", "placed")

    def __init__(self, domino: int, king: int, placed: bool = False) -> None:
        self.domino = domino
        self.king = king
        self.placed = placed  # the domino went into the kingdom; the king has yet to pick

    def copy(self) -> Claim:
        return Claim(self.domino, self.king, self.placed)


class KingdominoState(State):
    def __init__(self, players: int, options: Mapping[str, OptionValue]) -> None:
        self.players = players
        self.middle_kingdom = bool(options.get("middle_kingdom", False))
        self.harmony = bool(options.get("harmony", False))
        self.dynasty = bool(options.get("dynasty", False))
        self.setup: Setup = setup(players, bool(options.get("mighty_duel", False)))
        self.line_size = self.setup.kings(players)
        self.frame = frame(self.setup.size)
        self.game = 1
        self.earlier: list[Figures] = []  # finished games of a dynasty
        self.phase = DRAW
        self.actor: Actor = CHANCE
        self._new_game()

    def _new_game(self) -> None:
        self.kingdoms = [Kingdom(self.frame) for _ in range(self.players)]
        self.box = dict.fromkeys(NUMBERS, 1)  # unseen dominoes
        self.drawn = 0
        self.line: list[Claim] = []  # kings still to act, lowest domino first
        self.next_line: list[Slot] = []
        self.hand = [self.setup.kings_per_seat] * self.players  # first line: kings to draw
        self.claiming: int | None = None  # first line: the seat whose king was just drawn

    # -- whose turn --------------------------------------------------------------------

    def to_move(self) -> Actor:
        return self.actor

    def settle(self) -> None:
        """Move on to the next decision: shift lines, start a dynasty's next game, end."""
        while True:
            ahead = self.next_line
            if len(ahead) < self.line_size and self.drawn < self.setup.dominoes:
                self.phase, self.actor = DRAW, CHANCE
                return
            if self.line:
                slot = self.line[0]
                self.phase, self.actor = (PICK if slot.placed else PLACE), slot.king
                return
            if ahead:
                line = [Claim(s.domino, s.king) for s in ahead if s.king is not None]
                if len(line) == len(ahead):
                    self.line, self.next_line = line, []
                    continue
                if self.claiming is None:
                    self.phase, self.actor = KING, CHANCE
                else:
                    self.phase, self.actor = CLAIM, self.claiming
                return
            if self.dynasty and self.game < GAMES_IN_A_DYNASTY:
                self.earlier.append(figures(self.scores()))
                self.game += 1
                self._new_game()
                continue
            self.phase, self.actor = OVER, None
            return

    @property
    def last_line(self) -> bool:
        """The line in play is the game's last: kings place and go home, picking nothing."""
        return not self.next_line and self.drawn == self.setup.dominoes

    # -- moves -------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        phase = self.phase
        if phase is PLACE:
            slot = self.line[0]
            found = self.kingdoms[slot.king].placements(DOMINOES[slot.domino])
            return found or [DISCARDS[slot.domino]]
        if phase in (PICK, CLAIM):
            return [PICKS[slot.domino] for slot in self.next_line if slot.king is None]
        return []

    def check(self, move: Move) -> None:
        if isinstance(move, Place | Discard):
            self._check_placing(move)
        elif isinstance(move, Pick):
            self._check_pick(move)
        elif isinstance(move, Draw):
            if self.phase is not DRAW:
                raise IllegalMove(f"no domino is being drawn now; {self.expected()}")
            if move.domino not in self.box:
                raise IllegalMove(f"domino {move.domino} is not in the box: it is already out")
        elif isinstance(move, DrawKing):
            if self.phase is not KING:
                raise IllegalMove(f"no king is being drawn now; {self.expected()}")
            seat = move.seat
            if not 0 <= seat < self.players or not self.hand[seat]:
                left = [s for s in range(self.players) if self.hand[s]]
                raise IllegalMove(
                    f"no king of seat {seat} is left to draw; kings left: seats {left}"
                )
        else:
            raise IllegalMove(f"{move} is not a move of Kingdomino")

    def _check_placing(self, move: Place | Discard) -> None:
        if self.phase is not PLACE:
            raise IllegalMove(f"it is not the time to place a domino; {self.expected()}")
        slot = self.line[0]
        if move.domino != slot.domino:
            raise IllegalMove(
                f"your king stands on domino {slot.domino}: that is the one to place, "
                f"not {move.domino}"
            )
        kingdom = self.kingdoms[slot.king]
        if isinstance(move, Place):
            reason = kingdom.refusal(move)
            if reason is not None:
                raise IllegalMove(f"{move} is not allowed: {reason}")
        else:
            example = kingdom.placements(DOMINOES[move.domino])
            if example:
                raise IllegalMove(
                    f"domino {move.domino} fits in your kingdom (e.g. '{example[0]}'); a "
                    "domino is discarded only when it fits nowhere"
                )

    def _check_pick(self, move: Pick) -> None:
        if self.phase not in (PICK, CLAIM):
            raise IllegalMove(f"it is not the time to pick a domino; {self.expected()}")
        free = [slot.domino for slot in self.next_line if slot.king is None]
        if move.domino not in free:
            taken = any(slot.domino == move.domino for slot in self.next_line)
            why = "already has a king on it" if taken else "is not in the line"
            shown = ", ".join(map(str, free))
            raise IllegalMove(f"domino {move.domino} {why}; free dominoes: {shown}")

    def expected(self) -> str:
        """What the position waits for, in words (for error messages)."""
        phase, seat = self.phase, self.actor
        if phase is PLACE:
            domino = self.line[0].domino
            return f"seat {seat} places domino {domino}: 'place {domino} <square> <square>'"
        if phase in (PICK, CLAIM):
            return f"seat {seat} puts a king on a domino of the next line: 'pick <domino>'"
        if phase is DRAW:
            return "a domino is being drawn for the next line"
        if phase is KING:
            return "a king is being drawn for the first line"
        return "the game is over"

    def apply(self, move: Move) -> None:
        if isinstance(move, Place | Discard):
            slot = self.line[0]
            kingdom = self.kingdoms[slot.king]
            if isinstance(move, Place):
                kingdom.place(move)
            else:
                kingdom.discard(move.domino)
            slot.placed = True
            if self.last_line:
                del self.line[0]
        elif isinstance(move, Pick):
            seat = self.claiming if self.phase is CLAIM else self.line[0].king
            for free in self.next_line:
                if free.domino == move.domino:
                    free.king = seat
            if self.phase is CLAIM:
                self.claiming = None
            else:
                del self.line[0]
        elif isinstance(move, Draw):
            del self.box[move.domino]
            self.drawn += 1
            ahead = self.next_line
            at = len(ahead)
            while at and ahead[at - 1].domino > move.domino:
                at -= 1
            ahead.insert(at, Slot(move.domino))
        elif isinstance(move, DrawKing):
            self.hand[move.seat] -= 1
            self.claiming = move.seat
        self.settle()

    # -- chance ------------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[Move, Fraction]]:
        if self.phase is DRAW:
            return [(DRAWS[n], p) for n, p in draw_probabilities(self.box)]
        if self.phase is KING:
            pool = dict(enumerate(self.hand))
            return [(KINGS[seat], p) for seat, p in draw_probabilities(pool)]
        return []

    def sample_chance(self, rng: random.Random) -> Move:
        if self.phase is DRAW:
            return DRAWS[draw(self.box, rng)]
        if self.phase is KING:
            return KINGS[draw(dict(enumerate(self.hand)), rng)]
        raise StateError(f"no chance event is pending; {self.expected()}")

    # -- the end -----------------------------------------------------------------------

    def scores(self) -> list[Score]:
        """The score sheet of every kingdom as it stands."""
        sheets = []
        for kingdom in self.kingdoms:
            sheet = kingdom.remembered("score")
            if not isinstance(sheet, Score):
                sheet = score(kingdom, self.middle_kingdom, self.harmony)
                kingdom.remember("score", sheet)
            sheets.append(sheet)
        return sheets

    def result(self) -> Result:
        if self.phase is not OVER:
            raise StateError("the game is not over")
        sheets = self.scores()
        games = [*self.earlier, figures(sheets)]
        seats = range(self.players)
        # A dynasty adds up each figure over its games; a single game is a dynasty of one.
        totals = [tuple(sum(game[seat][i] for game in games) for i in range(3)) for seat in seats]
        return Result(
            ranking=rank_by(seats, totals.__getitem__),
            scores=tuple(total[0] for total in totals),
            rounds=len(games) * self.setup.lines(self.players),
            details={
                "tie_break": ["score", "largest_property", "crowns"],
                "largest_property": [total[1] for total in totals],
                "crowns": [total[2] for total in totals],
                "games": [figures_to_json(game) for game in games],
                "sheets": [sheet.to_json() for sheet in sheets],
            },
        )

    # -- copies and documents ----------------------------------------------------------

    def copy(self) -> Self:
        twin = self.__class__.__new__(self.__class__)
        twin.__dict__.update(self.__dict__)
        twin.earlier = list(self.earlier)
        twin.kingdoms = [k.copy() for k in self.kingdoms]
        twin.box = dict(self.box)
        twin.line = [slot.copy() for slot in self.line]
        twin.next_line = [slot.copy() for slot in self.next_line]
        twin.hand = list(self.hand)
        return twin


def figures(sheets: list[Score]) -> Figures:
    return [(s.total, s.largest_property, s.crowns) for s in sheets]


def figures_to_json(game: Figures) -> dict[str, list[int]]:
    return {
        "scores": [seat[0] for seat in game],
        "largest_property": [seat[1] for seat in game],
        "crowns": [seat[2] for seat in game],
    }


def opening(players: int, options: Mapping[str, OptionValue]) -> KingdominoState:
    return KingdominoState(players, options)
