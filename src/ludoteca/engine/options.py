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

    @property
    def kind(self) -> str:
        return type(self.default).__name__

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
        return {
            "name": self.name,
            "type": self.kind,
            "default": self.default,
            "description": self.description,
            "allowed": self.allowed(),
        }


def check_options(
    game_id: str, declared: Sequence[Option], given: Mapping[str, object] | None
) -> dict[str, OptionValue]:
    """All declared options with defaults filled in; unknown names are an error."""
    by_name = {option.name: option for option in declared}
    given = dict(given or {})
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(sorted(by_name)) or "none"
        raise OptionError(f"unknown option {unknown[0]!r} for {game_id}; its options are: {known}")
    return {
        name: option.check(given[name]) if name in given else option.default
        for name, option in by_name.items()
    }
