"""Playing in the terminal against bots: ``ludoteca play``."""

from __future__ import annotations

import json
import random
import textwrap
from collections.abc import Callable
from itertools import groupby
from pathlib import Path

from ludoteca.bots import Bot, patience
from ludoteca.bots.advice import advise, offers_advice
from ludoteca.engine import CHANCE, IllegalMove, Match
from ludoteca.engine.text import plural

Write = Callable[[str], None]
Read = Callable[[str], str]


def commands_help(match: Match) -> str:
    pages = "".join(f", '{name}' ({what})" for name, what in match.game.pages.items())
    odds = ", 'odds' for each card's chance this turn" if offers_advice(match.game) else ""
    return (
        "Type a move ('?' lists your legal moves), 'board' to see the table again"
        f"{pages}{odds}, 'save [FILE]' to save the match, 'quit' to leave."
    )


def play_in_terminal(
    match: Match,
    seat: int,
    bots: Bot,
    rng: random.Random,
    read: Read = input,
    write: Write = print,
    save_to: Path | None = None,
    think: float | None = patience.THINKING_SECONDS,
) -> Match:
    """Run ``match`` with a person at ``seat`` (reading ``read``) and bots elsewhere.

    ``save_to``: where the match is saved when the person leaves and when it ends; without
    it the person is asked on leaving. A match loaded from a file resumes where it was.
    ``think``: the seconds a bot's decision may take (``bots.patience``; None: its counted
    budget only, so a seed repeats the bots' moves on any machine).
    """
    game = match.game
    resumed = match.moves_played
    write(f"{game.full_name()} — {plural(match.players, 'player')}; you are seat {seat}.")
    write(textwrap.fill(commands_help(match), width=80))
    if resumed:
        write(f"(resumed after {plural(resumed, 'move')})")
    shown = resumed
    show: bool | None = True  # True: the whole table, False: the turn line, None: nothing
    while not match.is_over:
        if match.to_move is CHANCE:
            match.play_chance(rng)
            continue
        if match.to_move != seat:
            match.play(patience.decide(bots.choose, match, rng, think))
            show = True
            continue
        shown = show_log(match, seat, shown, write)  # what happened since the last prompt
        if show is not None:
            text = game.render(match.view(seat), full=show)
            if text:
                write(text)
            show = None
        try:
            typed = read("> ").strip()
        except (EOFError, KeyboardInterrupt):  # input closed or Ctrl-C: leave, saving if asked
            write("")
            _leave(match, save_to, None, write)
            return match
        word, _, rest = typed.partition(" ")
        if typed in ("quit", "exit", "q"):
            _leave(match, save_to, read, write)
            return match
        if typed in ("?", "help"):
            moves = " | ".join(str(m) for m in match.legal_moves())
            write(textwrap.fill(moves, width=80))
            write(textwrap.fill(commands_help(match), width=80))
        elif typed == "odds":
            write(advise(match))
        elif typed == "board" or not typed:
            show = True
        elif typed in game.pages:
            write(game.page(typed, match.view(seat)))
        elif word == "save":
            save_to = save(match, Path(rest.strip()) if rest.strip() else _default(match, save_to),
                           write)  # fmt: skip
        else:
            try:
                match.play(typed)
                show = False
            except IllegalMove as error:
                write(f"Not allowed: {error}")
    show_log(match, seat, shown, write)
    write(game.render(match.view(seat)))
    write(game_over(match, seat))
    if save_to is not None:
        save(match, save_to, write)
    return match


def game_over(match: Match, seat: int | None) -> str:
    """The ranking in one line: 'Game over — 1. seat 2, 2. you (seat 0) & seat 1'."""
    result = match.result()
    places = ", ".join(
        f"{place}. {' & '.join(who(s, seat) for s in seats)}"
        for place, seats in enumerate(result.ranking, start=1)
    )
    return f"Game over — {places}"


def who(seat: int, me: int | None) -> str:
    return f"you (seat {seat})" if seat == me else f"seat {seat}"


def show_log(match: Match, seat: int | None, shown: int, write: Write) -> int:
    """Write the log entries since ``shown`` and their notes; a run of identical lines is
    written once. The person's own moves need no echo, only their notes."""
    lines = []
    for entry in match.log[shown:]:
        if entry.actor != seat:
            by = "chance" if entry.actor is CHANCE else f"seat {entry.actor}"
            lines.append(f"  {by}: {entry.text_for(seat)}")
        lines.extend(f"    · {note}" for note in entry.notes)
    for line, run in groupby(lines):
        count = len(list(run))
        write(line if count == 1 else f"{line} (×{count})")
    return match.moves_played


def save(match: Match, path: Path, write: Write) -> Path:
    """Write the match document to ``path``; say where, and how to go on from it."""
    try:
        path.write_text(json.dumps(match.to_json(), ensure_ascii=False) + "\n", encoding="utf-8")
    except OSError as error:
        write(f"Could not save to {path}: {error.strerror or error}")
        return path
    if match.is_over:
        write(f"Saved to {path}; watch it again with: ludoteca replay {path}")
    else:
        write(f"Saved to {path}; go on with: ludoteca play --load {path}")
    return path


#: Answers to "Save this match?" that mean yes (to the default name) and no.
SAVING = frozenset({"y", "yes", "ja", "j", "s", "si", "sì"})
NOT_SAVING = frozenset({"n", "no", "nein"})


def _default(match: Match, save_to: Path | None) -> Path:
    return save_to if save_to is not None else Path(f"ludoteca-{match.game.id}.json")


def _leave(match: Match, save_to: Path | None, read: Read | None, write: Write) -> None:
    if save_to is not None:
        save(match, save_to, write)
    elif read is not None and match.moves_played:
        default = _default(match, None)
        try:
            name = read(
                f"Save this match? A file name, or y for {default} "
                "(Enter or n: leave without saving): "
            ).strip()
        except EOFError:
            name = ""
        # Answers to the question are not file names.
        if name.lower() in SAVING:
            name = str(default)
        elif name.lower() in NOT_SAVING:
            name = ""
        if name:
            save(match, Path(name), write)
    write("bye")
