"""A match: one play of a game, from its first decision to its result."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NoReturn

from .chance import CHANCE, Actor
from .errors import IllegalMove, StateError
from .log import LogEntry, actor_to_json
from .move import Move
from .options import OptionValue
from .result import Result
from .state import State

if TYPE_CHECKING:
    from .game import Game

# Move texts already read, per game: text -> (move, canonical text). Moves are immutable
# values, so a text read once need not be parsed again (replaying a log repeats texts such
# as 'roll' or 'dice 6 5 2' over and over). Only texts that parsed are kept.
_READ: dict[str, dict[str, tuple[Move, str]]] = {}
_READ_LIMIT = 50_000


def forget_read_moves(game: Game) -> None:
    """Empty the texts kept for ``game`` (``ludoteca bench`` times a first load)."""
    _READ.pop(game.id, None)


def known_moves(game: Game) -> dict[str, tuple[Move, str]]:
    """The texts of ``game`` read so far (``read_move`` adds to them)."""
    known = _READ.get(game.id)
    if known is None:
        known = _READ[game.id] = {}
    return known


def read_move(game: Game, text: str) -> tuple[Move, str]:
    """The move written ``text`` and its canonical notation; ``MoveSyntaxError`` if none."""
    known = known_moves(game)
    found = known.get(text)
    if found is None:
        move = game.parse_move(text)
        canonical = str(move)
        if len(known) >= _READ_LIMIT:  # texts typed by people vary without end
            known.clear()
        found = known[text] = (move, canonical)
    return found


def _refuse(actor: Actor, move: Move) -> NoReturn:
    """Say why ``actor`` may not play ``move`` whatever the position: the game is over,
    or a chance outcome and a decision are confused."""
    if actor is None:
        raise IllegalMove("the game is over: no more moves can be played")
    if move.is_chance:
        raise IllegalMove(f"{move} is a chance outcome, but seat {actor} is to move")
    raise IllegalMove(f"a chance event is pending, so {move} cannot be played now")


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
        # The log as each seat reads it (None: a spectator) and as the document stores it:
        # lists that only grow, so that a view or a document costs what was played since
        # the last one, not the length of the game.
        self._shown: dict[int | None, list[dict[str, Any]]] = {}
        self._written: list[dict[str, Any]] = []
        self._result: Result | None = None

    def __repr__(self) -> str:
        return f"<Match {self.game.id} players={self.players} moves={len(self._log)}>"

    def __str__(self) -> str:
        """The table as the terminal shows it to a spectator (nothing hidden is shown)."""
        return self.game.render(self.view(None))

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
        """The move written ``text``; ``MoveSyntaxError`` if none. A text is read once per
        game and kept (a server parses the same texts all day)."""
        return read_move(self.game, text)[0]

    def play(self, move: Move | str) -> Move:
        """Play ``move`` (a value or its notation) for whoever is to move, chance included.

        Raises ``IllegalMove`` with a clear message and leaves the match unchanged.
        """
        if isinstance(move, str):
            move, text = read_move(self.game, move)
            return self._play(self._state.to_move(), move, text)
        return self._play(self._state.to_move(), move, "")

    def _play(self, actor: Actor, move: Move, text: str) -> Move:
        """Play a move value for ``actor``, who is to move; ``text`` is its canonical
        notation when the caller has it (a replayed log), else it is written here."""
        if actor is None or move.is_chance is not (actor is CHANCE):
            _refuse(actor, move)
        state = self._state
        state.check(move)
        secret = state.secret(move)
        state.apply(move)
        notes = state.notes
        if notes:
            state.notes = ()
        self._log.append(LogEntry(actor, move, secret, text, notes))
        return move

    def _replay_written(self, log: list[Any]) -> bool:
        """Play a log as ``log_json`` writes it (``[{"by", "move"}, ...]``, every text
        among ``known_moves``) in one loop: what ``_play`` does for each entry, with the
        lookups made once for the whole log, so that a stored match loads for less than
        playing its moves one call at a time costs.

        False, with the match maybe part-played, at anything else: a text not read yet,
        another shape, a seat that is not to move, an illegal move. The caller then goes
        entry by entry from the opening again, saying what is wrong where.
        """
        known = known_moves(self.game)
        state = self._state
        to_move, check, apply = state.to_move, state.check, state.apply
        secret = None if self.game.open_information else state.secret  # nothing is hidden
        append = self._log.append
        try:
            for entry in log:
                move, text = known[entry["move"]]
                actor = to_move()
                written = entry["by"]
                if written != actor and not (actor is CHANCE and written == "chance"):
                    return False
                if actor is None or move.is_chance is not (actor is CHANCE):
                    return False
                check(move)
                hidden = None if secret is None else secret(move)
                apply(move)
                notes = state.notes
                if notes:
                    state.notes = ()
                append(LogEntry(actor, move, hidden, text, notes))
        except (KeyError, TypeError, IllegalMove):
            return False
        return True

    def play_chance(self, rng: random.Random) -> Move:
        """Draw the pending chance event's outcome with ``rng`` and play it."""
        if self._state.to_move() is not CHANCE:
            raise StateError(f"play_chance() needs a pending chance event; {self._who()}")
        return self.play(self._state.sample_chance(rng))

    def result(self) -> Result:
        if not self.is_over:
            raise StateError(f"result() needs a finished game; {self._who()}")
        if self._result is None:  # a finished match never changes: work it out once
            self._result = self._state.result()
        return self._result

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
        return self.game.dump_position(self._state)

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
            "position": self.game.view(self._state, seat),
            "log_from": since,
            "log": self._shown_to(seat)[since:],
            "legal_moves": (
                [str(m) for m in self._state.legal_moves()]
                if seat is not None and actor == seat
                else []
            ),
            "result": self.result().to_json() if over else None,
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

    def _shown_to(self, seat: int | None) -> list[dict[str, Any]]:
        """The whole log as ``seat`` reads it, each entry written once: the list is kept
        and extended by what was played since it was last asked for."""
        shown = self._shown.get(seat)
        if shown is None:
            shown = self._shown[seat] = []
        if len(shown) < len(self._log):
            shown.extend([entry.view(seat) for entry in self._log[len(shown) :]])
        return shown

    def log_json(self) -> list[dict[str, Any]]:
        """The log as the match document stores it, ``[{"by", "move"}, ...]``: a new list
        of entries shared with the match (read-only)."""
        written = self._written
        if len(written) < len(self._log):
            written.extend([entry.to_json() for entry in self._log[len(written) :]])
        return list(written)

    # -- copies and documents ----------------------------------------------------------

    @staticmethod
    def from_view(view: Mapping[str, Any], rng: random.Random) -> Match:
        """A whole match consistent with what one seat sees: ``Game.from_view`` of the game
        the view names."""
        from .registry import get

        return get(str(view.get("game"))).from_view(view, rng)

    def copy(self) -> Match:
        twin = Match(self.game, self.players, self.options, self._state.copy())
        twin._start = self._start
        twin._log = list(self._log)
        return twin

    def to_json(self) -> dict[str, Any]:
        """The match document, JSON-ready: replaying its log reproduces the match exactly.

        Like every ``to_json`` in ludoteca it returns dicts and lists, not text: write it
        with ``json.dumps``. The log's entries are shared with the match (read-only).
        """
        from .serialization import dump

        return dump(self)

    @property
    def start(self) -> dict[str, Any] | None:
        return self._start
