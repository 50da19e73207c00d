"""Small helpers for text people read: counts with the right word ("1 point", "2 points")."""

from __future__ import annotations


def plural(count: int, word: str, many: str | None = None) -> str:
    """``count`` and ``word``, in the plural unless the count is one or minus one."""
    if abs(count) == 1:
        return f"{count} {word}"
    return f"{count} {many if many is not None else word + 's'}"


def points(count: int) -> str:
    return plural(count, "point")


def listing(items: list[str], last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def side_by_side(blocks: list[list[str]], gap: int = 4) -> list[str]:
    """Blocks of lines next to each other, each padded to its widest line."""
    blocks = [block for block in blocks if block]
    if not blocks:
        return []
    widths = [max(len(line) for line in block) for block in blocks]
    height = max(len(block) for block in blocks)
    lines = []
    for row in range(height):
        cells = [
            (block[row] if row < len(block) else "").ljust(width)
            for block, width in zip(blocks, widths, strict=True)
        ]
        lines.append((" " * gap).join(cells).rstrip())
    return lines
