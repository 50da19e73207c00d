"""A game: its names, player counts and options, and the factory of its matches."""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar

from . import serialization
from .errors import OptionError, StateError
from .match import Match
from .move import Move
from .options import Option, OptionValue, check_options
from .state import State


class Game(ABC):
    id: ClassVar[str]
    #: The game's own name, as its box prints it ("Um Krone und Kragen"): what the
    #: terminal shows.
    title: ClassVar[str]
    #: The game's name for players, by language code: en, it, de (the name of the edition
    #: in that language: "To Court the King" in English).
    names: ClassVar[Mapping[str, str]]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    #: True when every seat and a spectator see the same position and log: nothing is
    #: hidden from anyone at the table. ``Match.views`` then builds the position once.
    open_information: ClassVar[bool] = False
    #: The words a move's notation begins with ("roll", "keep 5 5"): a line that begins
    #: with one is meant as a move, so a client plays it (and shows why it is refused)
    #: instead of saying it as chat.
    verbs: ClassVar[tuple[str, ...]] = ()
    #: Extra displays for the terminal, by the word that asks for them: what each shows
    #: (Um Krone und Kragen's "cards": every card's cost and ability).
    pages: ClassVar[Mapping[str, str]] = MappingProxyType({})

    def __repr__(self) -> str:
        return f"<Game {self.id}>"

    # -- what callers use -------------------------------------------------------------

    def new_match(self, players: int, options: Mapping[str, object] | None = None) -> Match:
        """A match at its first decision (or first chance event)."""
        checked = self.check_setup(players, options)
        return Match(self, players, checked, self.new_state(players, checked))

    def load(self, document: str | Mapping[str, Any]) -> Match:
        """A match from its JSON document (see docs/formats.md)."""
        return serialization.load(self, document)

    def from_view(self, view: Mapping[str, Any], rng: random.Random) -> Match:
        """A whole match that the seat of ``view`` cannot tell from the one it sees.

        ``view`` is what ``Match.view(seat)`` gave, with the whole log (``since`` 0); what
        the seat could not see is drawn with ``rng`` (``fill_log``). The seat's view of the
        match returned is ``view``. OpenSpiel's ``resample_from_infostate`` and a bot
        that holds only a view build their matches here.
        """
        if view.get("game") != self.id:
            raise StateError(f"this is a view of {view.get('game')!r}, not of {self.id!r}")
        if view.get("log_from") != 0:
            raise StateError(
                "from_view() needs a view with the whole log: Match.view(seat), since 0"
            )
        match = self.new_match(view["players"], view["options"])
        for text in self.fill_log(view, rng):
            match.play(text)
        self.check_rebuilt(match, view)
        return match

    def check_rebuilt(self, match: Match, view: Mapping[str, Any]) -> None:
        """Raise ``StateError`` unless the seat of ``view`` sees ``view`` in ``match``, a
        match played from the opening by the log ``fill_log`` drew for it."""
        if match.view(view["seat"]) != view:
            raise StateError(
                f"no match of {self.title} from its opening gives this view: its log does "
                "not lead to its position (a match loaded from a hand-written position "
                "cannot be rebuilt from a view)"
            )

    def check_setup(
        self, players: object, options: Mapping[str, object] | None
    ) -> dict[str, OptionValue]:
        """Validated options with defaults; raises ``OptionError`` naming what is allowed."""
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise OptionError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, "
                f"not {players!r}"
            )
        checked = check_options(self.id, self.options, options, players)
        self.check_option_combination(players, checked)
        return checked

    def full_name(self, language: str = "en") -> str:
        """The game's own name, with the edition's name in ``language`` after it when that
        differs: "Um Krone und Kragen (To Court the King)"."""
        local = self.names.get(language, self.title)
        return self.title if local == self.title else f"{self.title} ({local})"

    def describe(self) -> dict[str, Any]:
        """Names, player counts and options (with defaults and allowed values), JSON-ready:
        what a client needs to offer the game, and what ``ludoteca games`` prints."""
        return {
            "id": self.id,
            "title": self.title,
            "names": dict(self.names),
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [option.describe() for option in self.options],
            "verbs": list(self.verbs),
        }

    # -- what a game package provides ---------------------------------------------------

    def check_option_combination(self, players: int, options: Mapping[str, OptionValue]) -> None:
        """Raise ``OptionError`` for options that do not go together or with ``players``."""

    @abstractmethod
    def new_state(self, players: int, options: Mapping[str, OptionValue]) -> State:
        """The opening position."""

    @abstractmethod
    def parse_move(self, text: str) -> Move:
        """The move written as ``text``; raises ``MoveSyntaxError`` with the forms allowed."""

    @abstractmethod
    def load_position(
        self, position: Mapping[str, Any], players: int, options: Mapping[str, OptionValue]
    ) -> State:
        """A position from its JSON form; raises ``PositionError`` if it is impossible."""

    @abstractmethod
    def dump_position(self, state: State) -> dict[str, Any]:
        """The complete position of ``state`` (hidden information included: it is for
        storage), JSON-ready, in the game's documented format: what ``load_position``
        reads back."""

    def is_position(self, state: State, data: object) -> bool:
        """Whether ``data`` is exactly the position of ``state`` as ``dump_position``
        writes it.

        Loading a document with a position asks this once; a game whose positions are
        costly to write may answer without writing one (Cronberg does).
        """
        return self.dump_position(state) == data

    @abstractmethod
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may see of the position of ``state``,
        JSON-ready: the ``position`` of ``Match.view``, which ``render`` shows."""

    @abstractmethod
    def simple_move(self, state: State, rng: random.Random) -> Move:
        """A quick, reasonable move for the seat to move: the policy of ``simulate``."""

    def fill_log(self, view: Mapping[str, Any], rng: random.Random) -> list[str]:
        """The move text of every entry of the log of ``view``, each entry its seat could
        not read drawn with ``rng`` so that the whole log is a legal match from the opening.

        Games that hide nothing have nothing to draw: the log is read as it is shown.
        """
        return [entry["move"] for entry in view["log"]]

    def components(self) -> dict[str, Any]:
        """The game's fixed material (cards, tiles, board geometry), JSON-ready.

        Views name components by id; a client that draws a board reads what they are from
        here once, instead of every view repeating it.
        """
        return {}

    def render(self, view: Mapping[str, Any], full: bool = True) -> str:
        """A view (``Match.view``) as text for the terminal.

        ``full=False`` asks only for what changes during the seat's own turn. Once the
        game is over (``view["result"]``), the text ends with every seat's score and what
        it is made of.
        """
        return json.dumps(view["position"], indent=1, ensure_ascii=False)

    def page(self, name: str, view: Mapping[str, Any]) -> str:
        """The extra display ``name`` (one of ``pages``) for this view, as text."""
        known = ", ".join(self.pages) or "none"
        raise KeyError(f"{self.id} has no page {name!r}; its pages: {known}")
