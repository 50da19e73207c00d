"""Game options: what a table can choose when a match is created.

Each game declares its options; ``Option.check`` and ``check_options`` turn what a caller
passed into a complete, validated mapping or raise an ``OptionError`` that names the
allowed values.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import OptionError

OptionValue = bool | int | str


@dataclass(frozen=True)
class Option:
    name: str
    default: OptionValue
    description: str
    #: For int and str options: the allowed values (None: any value in range).
    choices: tuple[OptionValue, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    #: The option's name for players ("Mighty Duel"); by default its name in words.
    title: str = ""
    #: The player counts it may be switched on with (None: every count).
    players: tuple[int, ...] | None = None

    @property
    def kind(self) -> str:
        """What the value is, in JSON's words: boolean, integer or string."""
        if isinstance(self.default, bool):
            return "boolean"
        return "integer" if isinstance(self.default, int) else "string"

    @property
    def shown_title(self) -> str:
        return self.title or self.name.replace("_", " ").capitalize()

    def check_players(self, value: OptionValue, players: int) -> None:
        """Refuse the option switched on at a player count it is not for."""
        if self.players is not None and value != self.default and players not in self.players:
            counts = " or ".join(str(count) for count in self.players)
            raise OptionError(
                f"the {self.shown_title} ({self.name}) is for {counts} players, not {players}; "
                f"leave it off with {players}"
            )

    def allowed(self) -> str:
        if isinstance(self.default, bool):
            return "true or false"
        if self.choices is not None:
            return "one of " + ", ".join(str(c) for c in self.choices)
        if isinstance(self.default, int):
            low = "" if self.minimum is None else f" from {self.minimum}"
            high = "" if self.maximum is None else f" to {self.maximum}"
            return f"a whole number{low}{high}"
        return "a text"

    def check(self, value: object) -> OptionValue:
        # bool is a subclass of int: compare exact types so True is no number and 1 no flag.
        if type(value) is not type(self.default):
            raise OptionError(f"option {self.name!r} must be {self.allowed()}, not {value!r}")
        if self.choices is not None and value not in self.choices:
            raise OptionError(f"option {self.name!r} must be {self.allowed()}, not {value!r}")
        if isinstance(value, int) and not isinstance(value, bool):
            too_low = self.minimum is not None and value < self.minimum
            too_high = self.maximum is not None and value > self.maximum
            if too_low or too_high:
                raise OptionError(f"option {self.name!r} must be {self.allowed()}, not {value}")
        return value

    def parse(self, text: str) -> OptionValue:
        """Read a value typed by a person (command line, chat command)."""
        if isinstance(self.default, bool):
            lowered = text.strip().lower()
            if lowered in ("true", "yes", "on", "1"):
                return True
            if lowered in ("false", "no", "off", "0"):
                return False
            raise OptionError(f"option {self.name!r} must be {self.allowed()}, not {text!r}")
        if isinstance(self.default, int):
            try:
                return self.check(int(text))
            except ValueError:
                raise OptionError(
                    f"option {self.name!r} must be {self.allowed()}, not {text!r}"
                ) from None
        return self.check(text)

    def describe(self) -> dict[str, Any]:
        """The option for a client or a help text, JSON-ready."""
        return {
            "name": self.name,
            "title": self.shown_title,
            "type": self.kind,
            "default": self.default,
            "description": self.description,
            "allowed": self.allowed(),
            "choices": None if self.choices is None else list(self.choices),
            "minimum": self.minimum,
            "maximum": self.maximum,
            "players": None if self.players is None else list(self.players),
        }


def check_options(
    game_id: str,
    declared: Sequence[Option],
    given: Mapping[str, object] | None,
    players: int | None = None,
) -> dict[str, OptionValue]:
    """All declared options with defaults filled in; unknown names are an error, and so is
    an option switched on with a player count it is not for."""
    by_name = {option.name: option for option in declared}
    given = dict(given or {})
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(sorted(by_name)) or "none"
        raise OptionError(f"unknown option {unknown[0]!r} for {game_id}; its options are: {known}")
    checked = {
        name: option.check(given[name]) if name in given else option.default
        for name, option in by_name.items()
    }
    if players is not None:
        for name, option in by_name.items():
            option.check_players(checked[name], players)
    return checked
