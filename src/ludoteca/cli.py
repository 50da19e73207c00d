"""The command line: ``ludoteca serve | games | play | replay | simulate | bench | loadtest``.

Every error a user can cause prints one line and exits with status 2 (see clitools.py).
"""

from __future__ import annotations

import json
import random
import textwrap
from pathlib import Path
from typing import Annotated, Any

import typer

import ludoteca
from ludoteca.bench import measure
from ludoteca.bots import Bot, bot
from ludoteca.clitools import CommandError, Commands, progress
from ludoteca.engine import Game, Match, OptionValue
from ludoteca.replay import replay_in_terminal
from ludoteca.simulate import simulate
from ludoteca.terminal import play_in_terminal

app = typer.Typer(
    cls=Commands,
    help="ludoteca: a board-game room, and the rules engines behind it.",
    no_args_is_help=True,
    add_completion=False,
)

GameId = Annotated[
    str,
    typer.Argument(metavar="GAME", help="the game's id, e.g. krone; 'ludoteca games' lists them"),
]
OptionsArg = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="NAME=VALUE",
        help="a game option, e.g. -o harmony=true (repeatable); 'ludoteca games' lists them",
    ),
]
PlayersArg = Annotated[
    int | None,
    typer.Option(
        metavar="N", help="players at the table (default: 4, or the nearest count the game takes)"
    ),
]
BotArg = Annotated[
    str, typer.Option("--bot", metavar="NAME", help="the bots: random, simple, greedy or mcts")
]
JsonArg = Annotated[bool, typer.Option("--json", help="print one JSON value instead of text")]


def _version(shown: bool) -> None:
    if shown:
        typer.echo(f"ludoteca {ludoteca.__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="print the version"),
    ] = False,
) -> None:
    """ludoteca: a board-game room, and the rules engines behind it."""


# -- checking what was typed -------------------------------------------------------------


def _game(game_id: str) -> Game:
    return ludoteca.game(game_id)  # UnknownGame lists the games


def _options(game: Game, pairs: list[str] | None) -> dict[str, OptionValue]:
    declared = {option.name: option for option in game.options}
    options: dict[str, OptionValue] = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep:
            raise CommandError(f"options are written NAME=VALUE, e.g. harmony=true, not {pair!r}")
        if name not in declared:
            known = ", ".join(declared) or "none"
            raise CommandError(f"{game.id} has no option {name!r}; its options: {known}")
        options[name] = declared[name].parse(value)
    return options


def _bot(name: str) -> Bot:
    try:
        return bot(name)
    except ValueError as error:
        raise CommandError(str(error)) from None


def _players(game: Game, players: int | None) -> int:
    if players is None:
        return max(game.min_players, min(4, game.max_players))
    if not game.min_players <= players <= game.max_players:
        raise CommandError(
            f"{game.title} is for {game.min_players} to {game.max_players} players, not {players}"
        )
    return players


def _seat(seat: int, players: int) -> int:
    if not 0 <= seat < players:
        raise CommandError(f"--seat must be 0 to {players - 1} with {players} players, not {seat}")
    return seat


def _read_match(path: Path) -> Match:
    text = path.read_text(encoding="utf-8")
    try:
        return ludoteca.load(text)
    except ludoteca.PositionError as error:
        raise CommandError(f"{path} is not a match ludoteca can load: {error}") from None


# -- the commands --------------------------------------------------------------------------


@app.command()
def games(as_json: JsonArg = False) -> None:
    """List the games: their names, player counts and options."""
    described = [ludoteca.game(game_id).describe() for game_id in ludoteca.games()]
    if as_json:
        typer.echo(json.dumps(described, ensure_ascii=False))
        return
    for info in described:
        game = ludoteca.game(info["id"])
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


@app.command()
def play(
    game_id: Annotated[
        str | None,
        typer.Argument(metavar="GAME", help="the game's id, e.g. krone (not with --load)"),
    ] = None,
    players: PlayersArg = None,
    seat: Annotated[int, typer.Option(metavar="N", help="your seat; seat 0 plays first")] = 0,
    bot_name: BotArg = "simple",
    seed: Annotated[
        int | None,
        typer.Option(metavar="N", help="repeatable dice and draws (default: unpredictable)"),
    ] = None,
    option: OptionsArg = None,
    save: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE", help="save the match here when you leave (default: you are asked)"
        ),
    ] = None,
    load: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="resume a match saved earlier (and save it back there)"),
    ] = None,
) -> None:
    """Play in the terminal against bots. Type '?' at the prompt for help."""
    if load is not None:
        match = _read_match(load)
        if game_id is not None and game_id != match.game.id:
            raise CommandError(f"{load} holds a match of {match.game.id}, not {game_id}")
        if players is not None and players != match.players:
            raise CommandError(f"{load} is a match of {match.players} players, not {players}")
        if option:
            raise CommandError("a saved match keeps its options: leave out --option with --load")
        save = save or load
    elif game_id is None:
        raise CommandError("name a game (e.g. ludoteca play krone) or a match to --load")
    else:
        game = _game(game_id)
        count = _players(game, players)
        match = game.new_match(count, _options(game, option))
    _seat(seat, match.players)
    player = _bot(bot_name)
    rng = random.Random(seed) if seed is not None else random.SystemRandom()
    play_in_terminal(match, seat, player, rng, save_to=save)


@app.command()
def replay(
    path: Annotated[Path, typer.Argument(metavar="FILE", help="a saved match")],
    seat: Annotated[
        int | None,
        typer.Option(metavar="N", help="see the match as this seat saw it (default: a spectator)"),
    ] = None,
    every: Annotated[
        bool, typer.Option("--all", help="print every move and the table after it, then stop")
    ] = False,
) -> None:
    """Step through a saved match in the terminal, move by move."""
    match = _read_match(path)
    if seat is not None:
        _seat(seat, match.players)
    replay_in_terminal(match, seat, every=every)


@app.command("simulate")
def simulate_command(
    game_id: GameId,
    players: PlayersArg = None,
    games: Annotated[int, typer.Option(metavar="N", min=1, help="how many games")] = 100,
    seed: Annotated[int, typer.Option(metavar="N", help="seed of dice, draws and bots")] = 1,
    bot_name: BotArg = "simple",
    as_json: JsonArg = False,
    option: OptionsArg = None,
) -> None:
    """Play whole games between bots; print wins per seat, rounds, moves and speed."""
    game = _game(game_id)
    _bot(bot_name)
    count = _players(game, players)
    options = _options(game, option)
    game.check_setup(count, options)
    with progress(games, f"{game.title}: games", shown=not as_json) as advance:
        summary = simulate(game, count, games, seed, options, bot_name, done=advance)
    if as_json:
        typer.echo(json.dumps(summary.to_json()))
        return
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


@app.command("arena")
def arena_command(
    game_id: GameId,
    bots: Annotated[
        str, typer.Option(metavar="BOTS", help="bots by level, comma-separated: mcts,greedy")
    ],
    games: Annotated[int, typer.Option(min=1, metavar="N", help="how many games")] = 100,
    seed: Annotated[int, typer.Option(metavar="N", help="seed of dice, draws and bots")] = 1,
    players: Annotated[
        int | None, typer.Option(metavar="N", help="players (default: one per bot)")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="one JSON object")] = False,
    option: OptionsArg = None,
    jobs: Annotated[
        int,
        typer.Option(
            min=1, metavar="N", help="processes playing games side by side (same figures)"
        ),
    ] = 1,
) -> None:
    """A tournament between bots, seats rotated: wins, win rate with its 95% interval."""
    from ludoteca.arena_cli import run_arena

    game = _game(game_id)
    names = [name.strip() for name in bots.split(",") if name.strip()]
    for name in names:
        _bot(name)
    count = _players(game, players if players is not None else max(len(names), 2))
    if len(names) > count:
        raise CommandError(f"{len(names)} bots need {len(names)} seats, not --players {count}")
    run_arena(game, names, games, seed, count, _options(game, option), as_json, jobs)


@app.command("odds")
def odds_command(
    document: Annotated[
        str, typer.Argument(help="a Krone match document (JSON file, - for stdin)")
    ],
    as_json: Annotated[bool, typer.Option("--json", help="one JSON object")] = False,
) -> None:
    """Um Krone und Kragen: each card's chance by the end of the turn, for the seat to move."""
    import sys

    from ludoteca.games.krone.odds import advice, to_json

    if document == "-":
        try:
            match = ludoteca.load(sys.stdin.read())
        except ludoteca.PositionError as error:
            raise CommandError(
                f"standard input is not a match ludoteca can load: {error}"
            ) from None
    else:
        match = _read_match(Path(document))
    if match.game.id != "krone":
        raise CommandError(f"the odds advisor is for Um Krone und Kragen, not {match.game.title}")
    state = match.state
    if match.is_over:
        raise CommandError("the game is over: there is no turn to advise on")
    typer.echo(json.dumps(to_json(state)) if as_json else advice(state))  # type: ignore[arg-type]


@app.command()
def bench(
    games: Annotated[
        list[str] | None,
        typer.Option("--game", metavar="GAME", help="only this game (repeatable; default: all)"),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(
            metavar="N", help="only this player count; games that cannot take it are skipped"
        ),
    ] = None,
    seconds: Annotated[
        float, typer.Option(metavar="S", min=0.0, help="playing time per game and count")
    ] = 2.0,
    as_json: JsonArg = False,
) -> None:
    """Speed of the rules engines, per game and player count, on one core.

    Random playouts (moves and games per second), then the round trip of one finished
    match: playing its log as move values, loading its document, to_json and a view.
    """
    chosen = [_game(game_id) for game_id in games or ludoteca.games()]
    runs = [
        (game, count)
        for game in chosen
        for count in range(game.min_players, game.max_players + 1)
        if players is None or count == players
    ]
    if not runs:
        raise CommandError(f"none of these games takes {players} players")
    for game in chosen:
        if not as_json and not any(g is game for g, _ in runs):
            typer.echo(
                f"{game.id:<11} skipped: {game.min_players} to {game.max_players} players, "
                f"not {players}"
            )
    figures = []
    with progress(len(runs), "benchmarking", shown=not as_json) as advance:
        for game, count in runs:
            figure = measure(game, count, seconds)
            figures.append(figure)
            advance(1)
            if not as_json:
                for line in figure.lines():
                    typer.echo(line)
    if as_json:
        typer.echo(json.dumps([figure.to_json() for figure in figures]))
    else:
        typer.echo("random legal moves, chance events not counted as moves; one core")


@app.command()
def serve(
    host: Annotated[
        str, typer.Option(metavar="ADDRESS", help="address to listen on")
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option(min=1, max=65535, metavar="N", help="port to listen on")
    ] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            help="SQLAlchemy async URL, e.g. postgresql+asyncpg://host/db "
            "(default: SQLite in your data folder)",
        ),
    ] = None,
    bot_delay: Annotated[
        float,
        typer.Option(
            min=0.0,
            metavar="SECONDS",
            help="seconds a bot waits before its turn (a sixth of it between its moves)",
        ),
    ] = 0.6,
    rate: Annotated[
        float, typer.Option(min=1.0, metavar="N", help="messages a second one connection may send")
    ] = 40.0,
    sockets_per_address: Annotated[
        int,
        typer.Option(
            min=1,
            metavar="N",
            help="WebSockets open at once from one address (a load test needs more)",
        ),
    ] = 200,
    entries_per_minute: Annotated[
        int,
        typer.Option(
            min=1,
            metavar="N",
            help="entries (as a guest or registering) one address may make a minute; "
            "a load test from this machine needs more",
        ),
    ] = 20,
) -> None:
    """Run the game room: open http://HOST:PORT in a browser."""
    from ludoteca.server import main as server

    url = db or server.default_db_url()
    try:
        server.check_address(host, port)
        server.check_database(url)
    except server.StartError as error:
        raise CommandError(str(error)) from None
    typer.echo(f"ludoteca room at http://{host}:{port}/  (database: {server.shown_url(url)})")
    server.serve(host, port, url, bot_delay, rate, sockets_per_address, entries_per_minute)


@app.command()
def loadtest(
    url: Annotated[
        str, typer.Option(metavar="URL", help="the room's WebSocket, ws://127.0.0.1:PORT")
    ],
    game_id: Annotated[
        str, typer.Option("--game", metavar="GAME", help="the game every table plays")
    ],
    players: Annotated[int, typer.Option(metavar="N", help="players at each table")] = 2,
    tables: Annotated[int, typer.Option(metavar="N", help="how many tables play at once")] = 10,
    duration: Annotated[
        float, typer.Option(metavar="SECONDS", help="seconds of play measured")
    ] = 10.0,
    seed: Annotated[int, typer.Option(metavar="N", help="seed of the players' random moves")] = 1,
    rate: Annotated[
        float | None,
        typer.Option(
            metavar="N",
            help="moves a second for all tables together, paced as people would play "
            "(default: each move as soon as the turn comes)",
            show_default=False,
        ),
    ] = None,
    warmup: Annotated[
        float,
        typer.Option(
            metavar="SECONDS",
            help="seconds before measuring, in which the tables start one by one at random "
            "moments (their games then do not all end together)",
        ),
    ] = 0.0,
    as_json: Annotated[bool, typer.Option("--json", help="one JSON object")] = False,
    option: OptionsArg = None,
) -> None:
    """Tables of WebSocket players play random legal moves against a room on this machine."""
    import asyncio

    from ludoteca.loadtest import LoadTestError, run

    game = _game(game_id)
    count = _players(game, players)
    try:
        figures = asyncio.run(
            run(url, game.id, count, tables, duration, _options(game, option), seed, rate, warmup)
        )
    except LoadTestError as error:
        raise CommandError(str(error)) from None
    if as_json:
        typer.echo(json.dumps(figures))
        return
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


@app.command()
def flood(
    kind: Annotated[str, typer.Argument(metavar="KIND", help="logins or replays")],
    url: Annotated[str, typer.Option(metavar="URL", help="the room, http://127.0.0.1:PORT")],
    clients: Annotated[int, typer.Option(metavar="N", help="clients flooding at once")] = 4,
    requests: Annotated[int, typer.Option(metavar="N", help="requests of the flood in all")] = 36,
    quiet: Annotated[
        float, typer.Option(metavar="SECONDS", help="seconds of pings before the flood")
    ] = 2.0,
    match_id: Annotated[
        int | None,
        typer.Option(
            "--match", metavar="N", help="the finished match whose replay is stepped through"
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="one JSON object")] = False,
) -> None:
    """How a flood of wrong passwords or replay steps slows a player's ping in a room on
    this machine: the ping's p50 and max in quiet and under the flood."""
    import asyncio

    from ludoteca.flood import run
    from ludoteca.loadtest import LoadTestError

    try:
        figures = asyncio.run(run(url, kind, clients, requests, quiet, match_id))
    except LoadTestError as error:
        raise CommandError(str(error)) from None
    if as_json:
        typer.echo(json.dumps(figures))
        return
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


def main() -> None:
    app()
