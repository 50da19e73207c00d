"""Stepping through a saved match in the terminal, move by move: ``ludoteca replay``."""

from __future__ import annotations

from collections.abc import Callable

from ludoteca.engine import CHANCE, Match

from .play import game_over

HELP = (
    "Enter: the next move · 'b': back one · a number: go to that move · 'start', 'end' · 'q': quit"
)


def replay_in_terminal(
    match: Match,
    seat: int | None = None,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
    every: bool = False,
) -> None:
    """Show ``match`` from its start, one log entry at a time, as ``seat`` saw it (None: a
    spectator). ``every``: show every step at once instead of asking."""
    entries = match.log
    document = match.to_json()
    opening = match.game.load({k: v for k, v in document.items() if k not in ("log", "position")})
    total = len(entries)
    write(
        f"{match.game.full_name()}, {match.players} players: {total} moves. "
        + ("" if every else HELP)
    )
    current, at = opening.copy(), 0
    _show(current, 0, seat, write)
    if every:
        for entry in entries:
            current.play(entry.move)
            at += 1
            _show(current, at, seat, write)
        return
    while True:
        try:
            typed = read("replay> ").strip().lower()
        except EOFError:
            return
        if typed in ("q", "quit", "exit"):
            return
        target = _target(typed, at, total)
        if target is None:
            write(HELP)
            continue
        if not 0 <= target <= total:
            write(f"the match has moves 0 to {total}" if typed else "that was the last move")
            continue
        if target < at:
            current, at = opening.copy(), 0
        while at < target:
            current.play(entries[at].move)
            at += 1
        _show(current, at, seat, write)


def _target(typed: str, at: int, total: int) -> int | None:
    if typed in ("", "n", "next"):
        return at + 1
    if typed in ("b", "back"):
        return at - 1
    if typed == "start":
        return 0
    if typed == "end":
        return total
    return int(typed) if typed.isdigit() else None


def _show(match: Match, at: int, seat: int | None, write: Callable[[str], None]) -> None:
    if at == 0:
        write("— the start —")
    else:
        entry = match.log[at - 1]
        by = "chance" if entry.actor is CHANCE else f"seat {entry.actor}"
        write(f"— move {at}: {by}: {entry.text_for(seat)}")
        for note in entry.notes:
            write(f"    · {note}")
    write(match.game.render(match.view(seat)))
    if match.is_over:
        write(game_over(match, seat))
