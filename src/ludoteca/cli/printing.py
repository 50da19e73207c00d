"""What every command prints: its text, its JSON, and the progress bars of long runs.

The commands (app.py) check what was typed and call the tools; the words and figures a
person reads are written here, so the command line reads the same everywhere. Progress
bars show only where a person watches: a bar of ``progress`` only when standard output
is a terminal, so that pipes, tests and ``--json`` stay clean; the arena's bar on
standard error, so that ``--json`` leaves standard output one object.
"""

from __future__ import annotations

import json
import sys
import textwrap
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import typer

if TYPE_CHECKING:  # the figures' types only: a command imports the tool it runs
    from ludoteca.engine import Game
    from ludoteca.openspiel.bench import AdapterFigure, IsmctsFigure
    from ludoteca.tools.arena import Tournament
    from ludoteca.tools.bench import Figure
    from ludoteca.tools.simulate import Summary


def as_json(value: object, ascii_only: bool = True) -> None:
    """One JSON value on standard output (``--json``)."""
    typer.echo(json.dumps(value, ensure_ascii=ascii_only))


@contextmanager
def progress(total: int, what: str, shown: bool) -> Iterator[Callable[[int], None]]:
    """A progress bar over ``total`` steps; yields ``advance(steps)``. Nothing is drawn
    unless ``shown`` and standard output is a terminal."""
    if not shown or not sys.stdout.isatty():
        yield lambda steps: None
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    columns = (TextColumn(what), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, transient=True) as bar:
        task = bar.add_task(what, total=total)
        yield lambda steps: bar.advance(task, steps)


def version(number: str) -> None:
    typer.echo(f"ludoteca {number}")


# -- ludoteca games ------------------------------------------------------------------------


def games(described: list[dict[str, Any]], games: list[Game]) -> None:
    for info, game in zip(described, games, strict=True):
        counts = f"{info['min_players']} to {info['max_players']} players"
        typer.echo(f"{info['id']:<11} {game.full_name()} — {counts}")
        others = {info["names"]["it"], info["names"]["de"]} - {info["title"]}
        if others:
            typer.echo(f"{'':<11} also: {', '.join(sorted(others))}")
        for option in info["options"]:
            typer.echo(_option_lines(option))
    typer.echo("play one: ludoteca play GAME [--players N] [-o NAME=VALUE]")


def _option_lines(option: dict[str, Any]) -> str:
    only = ""
    if option["players"]:
        only = f"; {' or '.join(map(str, option['players']))} players only"
    text = (
        f"{option['title']}: {option['description']} "
        f"({option['allowed']}; default {json.dumps(option['default'])}{only})"
    )
    lead = f"{'':<11} -o {option['name']}="
    return textwrap.fill(text, width=92, initial_indent=f"{lead:<31}", subsequent_indent=" " * 31)


# -- ludoteca simulate ---------------------------------------------------------------------


def simulation(game: Game, summary: Summary) -> None:
    typer.echo(
        f"{game.full_name()}: {summary.games} games, {summary.players} players, "
        f"{summary.bot} bots, seed {summary.seed}"
    )
    typer.echo(
        "wins per seat: "
        + "  ".join(f"{s}: {w}" for s, w in enumerate(summary.wins))
        + "  (a shared win counts for each winner)"
    )
    typer.echo(f"mean rounds: {summary.mean_rounds}   mean moves: {summary.mean_moves}")
    typer.echo(f"games per second: {summary.games_per_second}")


# -- ludoteca arena ------------------------------------------------------------------------


@contextmanager
def arena_progress(what: str, total: int) -> Iterator[Callable[[], None]]:
    """The tournament's bar, on standard error; yields ``advance()`` (one game)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task(what, total=total)
        yield lambda: bar.advance(task)


def tournament(tournament: Tournament) -> None:
    from rich.console import Console
    from rich.table import Table

    header, *rows = standings(tournament)
    shown = Table(
        title=f"{tournament.game}: {tournament.games} games, {tournament.players} players, "
        f"{played(tournament)}"
    )
    for index, name in enumerate(header):
        # A bot of one's own is named by its import path: shown whole, over lines.
        shown.add_column(name, justify="left" if index == 0 else "right", overflow="fold")
    for row in rows:
        shown.add_row(*row)
    Console().print(shown)
    if tournament.think is not None:
        typer.echo(stopped(tournament))
        if tournament.pace:
            typer.echo(paced(tournament))
    for line in separation(tournament):
        typer.echo(line)


def stopped(tournament: Tournament) -> str:
    """How many of each bot's decisions ran to the deadline: where a timed tournament
    plays otherwise than the counted budgets would."""
    counts = ", ".join(
        f"{s.name} {s.at_deadline} of {s.moves} ({100 * s.at_deadline / (s.moves or 1):.1f}%)"
        for s in tournament.standings
    )
    return f"decisions stopped at the {tournament.think:g} s deadline: {counts}"


def paced(tournament: Tournament) -> str:
    """How quick the machine was, before and after the games: a deadline in seconds makes
    its speed part of a timed tournament's figures."""
    from ludoteca.tools.arena import PACE_ADDITIONS

    low, high = min(tournament.pace), max(tournament.pace)
    spread = f"{low:.3f} s" if low == high else f"{low:.3f}–{high:.3f} s"
    return f"the machine's pace: {PACE_ADDITIONS:,} additions in a Python loop took {spread}"


def played(tournament: Tournament) -> str:
    """Which games were played: the seed, the range of its series, and the seconds a
    decision had where they were timed."""
    seeds = tournament.seeds
    timed = "" if tournament.think is None else f", {tournament.think:g} s a decision"
    kept = ", what the bots worked out kept from game to game" if tournament.remember else ""
    return f"seed {tournament.seed}, games {seeds.start}–{seeds.stop - 1}{timed}{kept}"


def separation(tournament: Tournament) -> list[str]:
    """Whether the 95% intervals tell each two neighbours in the ranking apart, and if
    not, about how many games would (at the win rates seen)."""
    lines, estimated = [], False
    for gap in tournament.separation:
        if gap.separated:
            lines.append(f"{gap.above} ahead of {gap.below}: their 95% intervals do not overlap")
        elif gap.games_needed is None:
            lines.append(f"{gap.above} and {gap.below}: level, not ranked by these games")
        else:
            estimated = True
            lines.append(
                f"{gap.above} and {gap.below}: their 95% intervals overlap, so these games do "
                f"not rank them; about {gap.games_needed:,} games would part the intervals*"
            )
    if estimated:
        lines.append(
            "* were the win rates seen the true ones: at that many games the intervals part "
            "about half the time, at four times as many nearly always"
        )
    return lines


def standings(tournament: Tournament) -> list[list[str]]:
    """The standings as rows of text, with a header row."""
    rows = [["bot", "games", "wins", "win rate", "95% interval", "mean score", "s/move", "slowest"]]
    for s in tournament.standings:
        low, high = s.ci95
        mean = s.mean_score
        rows.append(
            [
                s.name,
                str(s.games),
                f"{s.wins:g}",
                f"{100 * s.win_rate:.1f}%",
                f"{100 * low:.1f}–{100 * high:.1f}%",
                "—" if mean is None else f"{mean:.1f}",
                f"{s.seconds_per_move:.4f}",
                f"{s.slowest:.3f}",
            ]
        )
    return rows


# -- ludoteca ladder ----------------------------------------------------------------------


def ladder(entry: dict[str, Any]) -> None:
    [(anchor, at)] = entry["anchor"].items()
    typer.echo(f"{entry['game']}: Elo ratings of the bots, {anchor} fixed at {at:g}")
    width = max(len(r["name"]) for r in entry["ratings"])
    for r in entry["ratings"]:
        low, high = r["ci95"]
        typer.echo(
            f"{r['name']:<{width}}  {r['rating']:6}  95% {low} to {high}  ({r['games']} games)"
        )
    typer.echo("each line-up's share of the wins, seen (as the ratings expect it):")
    for source in entry["sources"]:
        seen = zip(source["bots"], source["won"], source["expected"], strict=True)
        shares = ", ".join(f"{name} {won:.1%} ({expected:.1%})" for name, won, expected in seen)
        typer.echo(f"  {source['players']} players, {source['games']} games: {shares}")
    typer.echo(
        "Luce's model of who won each game (Bradley-Terry at two players), a drawn game "
        "imagined between each two that met; intervals by bootstrap over games"
    )


# -- ludoteca odds -------------------------------------------------------------------------


def odds(line: str) -> None:
    typer.echo(line)


# -- ludoteca bench ------------------------------------------------------------------------


def bench_skipped(game: Game, players: int | None) -> None:
    typer.echo(
        f"{game.id:<11} skipped: {game.min_players} to {game.max_players} players, not {players}"
    )


def bench_figure(figure: Figure) -> None:
    entry = 1000 * figure.load_ms / max(1, figure.log_entries)
    typer.echo(
        f"{figure.game:<11} {figure.players} players  {figure.moves_per_second:>9,.0f} moves/s"
        f"  {figure.games_per_second:>8,.1f} games/s"
        f"  ({figure.moves / figure.games:,.0f} moves a game)"
    )
    typer.echo(
        f"{'':<11} one game's log of {figure.log_entries:,} entries: play {figure.play_ms:.2f} ms,"
        f" load {figure.load_ms:.2f} ms ({figure.load_ratio:.2f}× play, {entry:.1f} µs an entry),"
        f" the log alone {figure.load_log_ms:.2f} ms ({figure.load_log_ratio:.2f}×),"
        f" texts read anew {figure.load_first_ms:.2f} ms ({figure.load_first_ratio:.2f}×)"
    )
    typer.echo(f"{'':<11} to_json {figure.to_json_ms:.3f} ms, view {figure.view_ms:.3f} ms")


def bench_end() -> None:
    typer.echo("random legal moves, chance events not counted as moves; one core")


def bench_adapter(figure: AdapterFigure) -> None:
    typer.echo(
        f"{figure.game:<11} {figure.players} players  {figure.actions:,} actions,"
        f" {figure.chance_outcomes:,} chance outcomes,"
        f" largest legal set {figure.largest_legal_set:,}"
    )
    typer.echo(
        f"{'':<11} random steps/s: engine {figure.engine_steps_per_second:,.0f},"
        f" adapter {figure.adapter_steps_per_second:,.0f} (the adapter costs {figure.cost:.1f}×);"
        f" random_sim_test {figure.random_sim_test_steps_per_second:,.0f} steps/s"
    )


def bench_adapter_end() -> None:
    typer.echo(
        "random steps, chance events counted as steps, engine and adapter taking turns; "
        "random_sim_test with serialization, Krone's from the taking of the King; one core"
    )


def bench_ismcts(figure: IsmctsFigure) -> None:
    typer.echo(
        f"{figure.game:<11} {figure.players} players  ISMCTS at {figure.simulations}"
        f" simulations: {figure.seconds_per_move:.3f} s a move,"
        f" {figure.resamples_per_second:,.1f} resamples/s"
        f" (logs of {', '.join(map(str, figure.positions))} entries)"
    )


def bench_ismcts_end() -> None:
    typer.echo(
        "one move at each of three positions of a match played by the game's simple "
        "strategy, as many simulations as ludoteca's mcts makes iterations; one core"
    )


# -- ludoteca serve ------------------------------------------------------------------------


def serving(host: str, port: int, database: str) -> None:
    typer.echo(f"ludoteca room at http://{host}:{port}/  (database: {database})")


# -- ludoteca bot ---------------------------------------------------------------------------


def bot_token(name: str, token: str) -> None:
    typer.echo(f"token of {name} (shown once: keep it in a file only you can read):")
    typer.echo(token)


def bot_tokens(rows: Sequence[Any]) -> None:
    if not rows:
        typer.echo("no tokens")

    def when(at: float) -> str:
        return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(at))

    for row in rows:
        used = "never used" if row.last_used is None else f"used {when(row.last_used)}"
        label = f"  {row.label}" if row.label else ""
        typer.echo(f"{row.id:>4}  {row.scopes:<16} made {when(row.created_at)}, {used}{label}")


def bot_played(matches: int) -> None:
    typer.echo(f"stopped after {matches} match{'es' if matches != 1 else ''}")


def bot_quit(matches: int, left: int) -> None:
    typer.echo(
        f"stopped at once after {matches} match{'es' if matches != 1 else ''}, "
        f"leaving {left} table{'s' if left != 1 else ''} unfinished",
        err=True,
    )


# -- ludoteca loadtest and flood -----------------------------------------------------------


def load_test(figures: dict[str, Any]) -> None:
    typer.echo(
        f"{figures['game']}: {figures['tables']} tables, {figures['sockets']} sockets, "
        f"{figures['seconds']} s: {figures['moves']} moves, {figures['games']} games"
        + (f" (paced to {figures['rate']:,.0f} moves/s)" if figures["rate"] else "")
    )
    typer.echo(
        f"accepted moves per second: {figures['moves_per_second']:,.0f}   latency "
        f"p50 {figures['p50_ms']} ms  p95 {figures['p95_ms']} ms  p99 {figures['p99_ms']} ms"
    )
    typer.echo(
        f"errors: {figures['errors']}   slowed down: {figures['slowed']}   "
        f"server memory: {figures['server_rss_mb']} MB   "
        f"commits: {figures['server_commits']}   server CPU: {figures['server_cpu_s']} s, "
        f"{figures['server_cpu_us_per_move']} µs a move"
    )
    for sample in figures["error_samples"]:
        typer.echo(f"  {sample}")
    for each in figures.get("per_url", ()):
        typer.echo(
            f"  {each['url']} ({each['process']}): {each['sockets']} sockets, "
            f"{each['moves_per_second']:,.0f} moves/s, p50 {each['p50_ms']} ms  "
            f"p95 {each['p95_ms']} ms  p99 {each['p99_ms']} ms, errors {each['errors']}, "
            f"CPU {each['server_cpu_us_per_move']} µs a move, {each['server_rss_mb']} MB"
        )


def flood(kind: str, figures: dict[str, Any]) -> None:
    answers = ", ".join(f"{status}: {n}" for status, n in figures["answers"].items())
    typer.echo(
        f"{figures['requests']} {kind} requests from {figures['clients']} clients in "
        f"{figures['seconds']} s (answers {answers})"
    )
    for phase in ("quiet", "flooded"):
        ping = figures[phase]
        typer.echo(
            f"{phase}: ping p50 {ping['p50_ms']} ms, max {ping['max_ms']} ms "
            f"({ping['pings']} pings)"
        )
