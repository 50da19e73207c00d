"""Playing in the terminal against bots: ``ludoteca play``."""

from __future__ import annotations

import random
import textwrap
from collections.abc import Callable
from itertools import groupby

from ludoteca.advice import advise
from ludoteca.bots import Bot
from ludoteca.engine import CHANCE, IllegalMove, Match

HELP = (
    "Type a move, '?' for the legal moves, 'board' to see the table again, 'odds' for the "
    "odds advisor (Um Krone und Kragen), 'quit' to leave."
)


def play_in_terminal(
    match: Match,
    seat: int,
    bots: Bot,
    rng: random.Random,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
) -> Match:
    """Run ``match`` with a person at ``seat`` (reading ``read``) and bots elsewhere."""
    game = match.game
    shown = 0
    write(f"{game.names['en']} — {match.players} players; you are seat {seat}. {HELP}")
    show: bool | None = True  # True: the whole table, False: the turn line, None: nothing
    while not match.is_over:
        if match.to_move is CHANCE:
            match.play_chance(rng)
            continue
        if match.to_move != seat:
            match.play(bots.choose(match, rng))
            show = True
            continue
        shown = _show_log(match, seat, shown, write)  # what happened since the last prompt
        if show is not None:
            write(game.render(match.view(seat), full=show))
            show = None
        try:
            text = read("> ").strip()
        except EOFError:
            write("bye")
            return match
        if text in ("quit", "exit"):
            write("bye")
            return match
        if text in ("?", "help"):
            moves = " | ".join(str(m) for m in match.legal_moves())
            write(textwrap.fill(moves, width=100))
            continue
        if text == "odds":
            write(advise(match))
            continue
        if text == "board" or not text:
            show = True
            continue
        try:
            match.play(text)
            show = False
        except IllegalMove as error:
            write(f"Not allowed: {error}")
    _show_log(match, seat, shown, write)
    write(game.render(match.view(seat)))
    result = match.result()
    places = ", ".join(
        f"{place}. seat {' & '.join(map(str, seats))}"
        for place, seats in enumerate(result.ranking, start=1)
    )
    write(f"Game over — {places}")
    if result.scores is not None:
        write("Scores: " + ", ".join(f"seat {s}: {p}" for s, p in enumerate(result.scores)))
    return match


def _show_log(match: Match, seat: int, shown: int, write: Callable[[str], None]) -> int:
    """Write the log entries since ``shown``; a run of identical lines is written once."""
    lines = [
        f"  {'chance' if entry.actor is CHANCE else f'seat {entry.actor}'}: {entry.text_for(seat)}"
        for entry in match.log[shown:]
        if entry.actor != seat  # the person's own moves need no echo
    ]
    for line, run in groupby(lines):
        count = len(list(run))
        write(line if count == 1 else f"{line} (×{count})")
    return len(match.log)
