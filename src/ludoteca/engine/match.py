"""A match: one play of a game, from its first decision to its result."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .chance import CHANCE, Actor
from .errors import IllegalMove, StateError
from .log import LogEntry, actor_to_json
from .move import Move
from .options import OptionValue
from .result import Result
from .state import State

if TYPE_CHECKING:
    from .game import Game


class Match:
    def __init__(
        self,
        game: Game,
        players: int,
        options: Mapping[str, OptionValue],
        state: State,
        *,
        start: Mapping[str, Any] | None = None,
    ) -> None:
        self.game = game
        self.players = players
        self.options: Mapping[str, OptionValue] = dict(options)
        self._state = state
        # The hand-written position this match was loaded from; None: the game's opening.
        self._start = None if start is None else json.loads(json.dumps(start))
        self._log: list[LogEntry] = []

    def __repr__(self) -> str:
        return f"<Match {self.game.id} players={self.players} moves={len(self._log)}>"

    # -- the turn ----------------------------------------------------------------------

    @property
    def to_move(self) -> Actor:
        return self._state.to_move()

    @property
    def is_over(self) -> bool:
        return self._state.to_move() is None

    def legal_moves(self) -> list[Move]:
        return self._state.legal_moves()

    def chance_outcomes(self) -> list[tuple[Move, Fraction]]:
        if self._state.to_move() is not CHANCE:
            raise StateError(f"chance_outcomes() needs a pending chance event; {self._who()}")
        return self._state.chance_outcomes()

    def parse(self, text: str) -> Move:
        return self.game.parse_move(text)

    def play(self, move: Move | str) -> Move:
        """Play ``move`` (a value or its notation) for whoever is to move, chance included.

        Raises ``IllegalMove`` with a clear message and leaves the match unchanged.
        """
        actor = self._state.to_move()
        if actor is None:
            raise IllegalMove("the game is over: no more moves can be played")
        if isinstance(move, str):
            move = self.game.parse_move(move)
        if move.is_chance and actor is not CHANCE:
            raise IllegalMove(f"{move} is a chance outcome, but seat {actor} is to move")
        if actor is CHANCE and not move.is_chance:
            raise IllegalMove(f"a chance event is pending, so {move} cannot be played now")
        self._state.check(move)
        secret = self._state.secret(move)
        self._state.apply(move)
        self._log.append(LogEntry(actor, move, secret))
        return move

    def play_chance(self, rng: random.Random) -> Move:
        """Draw the pending chance event's outcome with ``rng`` and play it."""
        if self._state.to_move() is not CHANCE:
            raise StateError(f"play_chance() needs a pending chance event; {self._who()}")
        return self.play(self._state.sample_chance(rng))

    def result(self) -> Result:
        if not self.is_over:
            raise StateError(f"result() needs a finished game; {self._who()}")
        return self._state.result()

    def _who(self) -> str:
        actor = self._state.to_move()
        if actor is None:
            return "the game is over"
        if actor is CHANCE:
            return "a chance event is pending"
        return f"seat {actor} is to move"

    # -- what can be seen --------------------------------------------------------------

    @property
    def log(self) -> tuple[LogEntry, ...]:
        return tuple(self._log)

    def log_since(self, since: int) -> tuple[LogEntry, ...]:
        """The log entries from index ``since`` on, without copying the older ones."""
        return tuple(self._log[since:])

    @property
    def moves_played(self) -> int:
        """How many log entries there are, chance outcomes included."""
        return len(self._log)

    @property
    def state(self) -> State:
        """The game's own state object, for the game's strategy and tools. Do not mutate."""
        return self._state

    def position(self) -> dict[str, Any]:
        """The complete current position (with hidden information) in the documented form."""
        return self._state.to_json()

    def view(self, seat: int | None, since: int = 0) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may know: position, log, its legal moves.

        ``since`` leaves out the first log entries, which a caller already has: the cost
        of a view then follows what is new, not the length of the game.
        """
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.players):
            raise ValueError(f"seat must be None or 0 to {self.players - 1}, not {seat!r}")
        if type(since) is not int or not 0 <= since <= len(self._log):
            raise ValueError(f"since must be 0 to {len(self._log)}, not {since!r}")
        actor = self._state.to_move()
        over = actor is None
        return {
            "game": self.game.id,
            "players": self.players,
            "options": dict(self.options),
            "seat": seat,
            "to_move": actor_to_json(actor),
            "position": self._state.view(seat),
            "log_from": since,
            "log": [entry.view(seat) for entry in self._log[since:]],
            "legal_moves": (
                [str(m) for m in self._state.legal_moves()]
                if seat is not None and actor == seat
                else []
            ),
            "result": self._state.result().to_json() if over else None,
        }

    def views(
        self, seats: Iterable[int | None], since: int = 0
    ) -> dict[int | None, dict[str, Any]]:
        """``view(seat, since)`` for each of ``seats``, sharing the work where it can.

        A game with open information builds its position once for all of them.
        """
        wanted = list(dict.fromkeys(seats))
        if not self.game.open_information or len(wanted) < 2:
            return {seat: self.view(seat, since) for seat in wanted}
        shared = self.view(None, since)
        actor = shared["to_move"]
        legal = [str(m) for m in self._state.legal_moves()] if isinstance(actor, int) else []
        result = {}
        for seat in wanted:
            if seat is not None and (type(seat) is not int or not 0 <= seat < self.players):
                raise ValueError(f"seat must be None or 0 to {self.players - 1}, not {seat!r}")
            result[seat] = {
                **shared,
                "seat": seat,
                "legal_moves": legal if seat is not None and seat == actor else [],
            }
        return result

    # -- copies and documents ----------------------------------------------------------

    def copy(self) -> Match:
        twin = Match(self.game, self.players, self.options, self._state.copy())
        twin._start = self._start
        twin._log = list(self._log)
        return twin

    def to_dict(self) -> dict[str, Any]:
        from .serialization import dump

        return dump(self)

    def to_json(self) -> str:
        """The match as a JSON document: replaying its log reproduces it exactly."""
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @property
    def start(self) -> dict[str, Any] | None:
        return self._start
