"""``ludoteca arena`` on the terminal: a progress bar while it runs, then the table."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn
from rich.table import Table

from ludoteca.arena import run, table
from ludoteca.engine import Game, OptionValue


def run_arena(
    game: Game,
    names: Sequence[str],
    games: int,
    seed: int,
    players: int,
    options: Mapping[str, OptionValue],
    as_json: bool,
    jobs: int = 1,
) -> None:
    # The bar goes to standard error, so that --json leaves standard output one object.
    errors = Console(stderr=True)
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=errors,
        transient=True,
    ) as progress:
        task = progress.add_task(f"{game.id} {','.join(names)}", total=games)
        tournament = run(
            game, names, games, seed, players, options, lambda: progress.advance(task), jobs
        )
    if as_json:
        print(json.dumps(tournament.to_json()))
        return
    header, *rows = table(tournament)
    shown = Table(title=f"{game.id}: {games} games, {players} players, seed {seed}")
    for index, name in enumerate(header):
        shown.add_column(name, justify="left" if index == 0 else "right")
    for row in rows:
        shown.add_row(*row)
    Console().print(shown)
