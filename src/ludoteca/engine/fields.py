"""Reading a hand-written JSON position with errors that say where and what is wrong.

Games use ``Fields`` in their ``load_position`` so that every impossible or malformed
position is refused with a ``PositionError`` naming the path, e.g.
``position.players[1].jesters must be 0 or 1, not 2``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NoReturn

from .errors import PositionError

_REQUIRED: Any = object()


class Fields:
    def __init__(self, data: object, path: str = "position") -> None:
        if not isinstance(data, Mapping):
            raise PositionError(f"{path} must be an object, not {type(data).__name__}")
        self.data: Mapping[str, Any] = data
        self.path = path

    def at(self, key: str | int) -> str:
        return f"{self.path}[{key}]" if isinstance(key, int) else f"{self.path}.{key}"

    def fail(self, message: str, key: str | None = None) -> NoReturn:
        raise PositionError(f"{self.path if key is None else self.at(key)} {message}")

    def only(self, allowed: Iterable[str]) -> None:
        """Refuse keys this position format does not know (typos would be silently lost)."""
        allowed = set(allowed)
        for key in self.data:
            if key not in allowed:
                self.fail(f"is not part of this position; allowed: {', '.join(sorted(allowed))}",
                          key)  # fmt: skip

    def _get(self, key: str, default: Any) -> Any:
        if key in self.data:
            return self.data[key]
        if default is _REQUIRED:
            self.fail("is missing", key)
        return default

    def number(self, key: str, default: Any = _REQUIRED, low: int | None = None,
            high: int | None = None) -> Any:  # fmt: skip
        value = self._get(key, default)
        if value is default and default is not _REQUIRED:
            return value
        self._check_int(value, self.at(key), low, high)
        return value

    @staticmethod
    def _check_int(value: object, where: str, low: int | None, high: int | None) -> None:
        if type(value) is not int:
            raise PositionError(f"{where} must be a whole number, not {value!r}")
        if (low is not None and value < low) or (high is not None and value > high):
            if high is None:
                span = f"at least {low}"
            elif low is None:
                span = f"at most {high}"
            else:
                span = f"{low} to {high}"
            raise PositionError(f"{where} must be {span}, not {value}")

    def flag(self, key: str, default: Any = _REQUIRED) -> Any:
        value = self._get(key, default)
        if type(value) is not bool:
            self.fail(f"must be true or false, not {value!r}", key)
        return value

    def text(self, key: str, choices: Iterable[str] | None = None,
            default: Any = _REQUIRED) -> Any:  # fmt: skip
        value = self._get(key, default)
        if not isinstance(value, str):
            self.fail(f"must be a text, not {value!r}", key)
        if choices is not None and value not in set(choices):
            self.fail(f"must be one of {', '.join(choices)}, not {value!r}", key)
        return value

    def seq(self, key: str, default: Any = _REQUIRED) -> Any:
        value = self._get(key, default)
        if value is default and default is not _REQUIRED:
            return value
        if not isinstance(value, list):
            self.fail(f"must be a list, not {value!r}", key)
        return value

    def numbers(self, key: str, default: Any = _REQUIRED, low: int | None = None,
                 high: int | None = None) -> Any:  # fmt: skip
        values = self.seq(key, default)
        if values is default and default is not _REQUIRED:
            return values
        for index, value in enumerate(values):
            self._check_int(value, f"{self.at(key)}[{index}]", low, high)
        return values

    def nested(self, key: str, default: Any = _REQUIRED) -> Any:
        """The nested object at ``key`` as ``Fields`` (or ``default`` when absent or null)."""
        value = self._get(key, default)
        if value is None or (value is default and default is not _REQUIRED):
            return default
        return Fields(value, self.at(key))

    def items(self, key: str, default: Any = _REQUIRED) -> list[Fields]:
        """The list at ``key``, each item an object (``default``: the list when absent)."""
        values = self.seq(key, default)
        return [Fields(item, f"{self.at(key)}[{i}]") for i, item in enumerate(values)]
