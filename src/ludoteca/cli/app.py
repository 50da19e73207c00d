"""The commands: their arguments, and what each calls.

What was typed is checked in ``checks``, the figures come from ``ludoteca.tools`` and the
terminal client, and everything a command prints is in ``printing``. Every error a user
can cause prints one line and exits with status 2 (``group.Commands``).
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

import ludoteca
from ludoteca.bots import patience
from ludoteca.bots.advice import advice_json, advise, offers_advice
from ludoteca.engine import Game
from ludoteca.terminal import play_in_terminal, replay_in_terminal
from ludoteca.tools.bench import measure
from ludoteca.tools.simulate import simulate

from . import checks
from . import printing as show
from .bots import bot_app
from .group import CommandError, Commands

app = typer.Typer(
    cls=Commands,
    help="ludoteca: a board-game room, and the rules engines behind it.",
    no_args_is_help=True,
    add_completion=False,
)
app.add_typer(bot_app, name="bot")

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
    str,
    typer.Option(
        "--bot", metavar="NAME", help="the bot: random, simple, greedy, mcts or MODULE:CALLABLE"
    ),
]
JsonArg = Annotated[bool, typer.Option("--json", help="print one JSON value instead of text")]


def _version(shown: bool) -> None:
    if shown:
        show.version(ludoteca.__version__)
        raise typer.Exit()


@app.callback()
def main_options(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="print the version"),
    ] = False,
) -> None:
    """ludoteca: a board-game room, and the rules engines behind it."""


# -- the commands --------------------------------------------------------------------------


@app.command()
def games(as_json: JsonArg = False) -> None:
    """List the games: their names, player counts and options."""
    chosen = [ludoteca.game(game_id) for game_id in ludoteca.game_ids()]
    described = [game.describe() for game in chosen]
    if as_json:
        show.as_json(described, ascii_only=False)
        return
    show.games(described, chosen)


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
    think: Annotated[
        float,
        typer.Option(
            min=0,
            metavar="S",
            help="a bot's decision stops after S seconds, as in the room; 0: its counted "
            "budget only, so that --seed repeats the bots' moves too on any machine",
        ),
    ] = patience.THINKING_SECONDS,
) -> None:
    """Play in the terminal against bots. Type '?' at the prompt for help."""
    if load is not None:
        match = checks.match_file(load)
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
        game = checks.game(game_id)
        count = checks.players(game, players)
        match = game.new_match(count, checks.options(game, option))
    checks.seat(seat, match.players)
    player = checks.player(bot_name)
    rng = random.Random(seed) if seed is not None else random.SystemRandom()
    play_in_terminal(match, seat, player, rng, save_to=save, think=think or None)


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
    match = checks.match_file(path)
    if seat is not None:
        checks.seat(seat, match.players)
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
    game = checks.game(game_id)
    checks.player(bot_name)
    count = checks.players(game, players)
    options = checks.options(game, option)
    game.check_setup(count, options)
    with show.progress(games, f"{game.title}: games", shown=not as_json) as advance:
        summary = simulate(game, count, games, seed, options, bot_name, done=advance)
    if as_json:
        show.as_json(summary.to_json())
        return
    show.simulation(game, summary)


@app.command("arena")
def arena_command(
    game_id: GameId,
    bots: Annotated[
        str,
        typer.Option(
            metavar="BOTS",
            help="bots by level or your own as MODULE:CALLABLE, comma-separated: "
            "mcts,greedy or mypkg.mybot:choose,greedy",
        ),
    ],
    games: Annotated[
        int | None,
        typer.Option(
            min=1, metavar="N", help="how many games (default: 100, or as many as --seeds)"
        ),
    ] = None,
    seed: Annotated[int, typer.Option(metavar="N", help="seed of dice, draws and bots")] = 1,
    seeds: Annotated[
        str | None,
        typer.Option(
            metavar="A:B",
            help="play games A up to (not including) B of the seed's series: tune on one "
            "range, report on another (default: 0:GAMES)",
        ),
    ] = None,
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
    think: Annotated[
        float | None,
        typer.Option(
            min=0.001,
            metavar="S",
            help="each decision stops after S seconds, as in the room (a seed may then "
            "not repeat a game, and the machine's pace is timed beside the figures); "
            "without it budgets are counted, not timed",
        ),
    ] = None,
    remember: Annotated[
        bool,
        typer.Option(
            "--remember",
            help="the bots keep what they worked out (Krone's odds) from one game to the "
            "next in their process, as the room's bot processes do (a game then depends "
            "on the games played before it); without it each game starts from nothing",
        ),
    ] = False,
) -> None:
    """A tournament between bots, seats rotated: wins, win rate with its 95% interval, and
    whether the intervals tell the bots apart (if not, about how many games would)."""
    from ludoteca.bots.heap import dedicated
    from ludoteca.tools.arena import run

    game = checks.game(game_id)
    names = [name.strip() for name in bots.split(",") if name.strip()]
    for name in names:
        checks.player(name)
    count = checks.players(game, players if players is not None else max(len(names), 2))
    if len(names) > count:
        raise CommandError(f"{len(names)} bots need {len(names)} seats, not --players {count}")
    options = checks.options(game, option)
    played = checks.seeds(seeds, games)
    # The command plays bots and nothing else while it runs (bots.heap).
    with (
        show.arena_progress(f"{game.id} {','.join(names)}", len(played)) as advance,
        dedicated(),
    ):
        tournament = run(
            game,
            names,
            len(played),
            seed,
            count,
            options,
            advance,
            jobs,
            first=played.start,
            think=think,
            remember=remember,
        )
    if as_json:
        show.as_json(tournament.to_json())
        return
    show.tournament(tournament)


@app.command("ladder")
def ladder_command(
    game_id: GameId,
    results: Annotated[
        list[Path] | None,
        typer.Argument(
            metavar="[RESULTS]...",
            help="arena --json results (two bots or more, any table size) to fit, not play",
        ),
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(metavar="BOTS", help="bots to play each other two by two: mcts,greedy,simple"),
    ] = None,
    games: Annotated[
        int | None, typer.Option(min=1, metavar="N", help="games of each pairing (default 100)")
    ] = None,
    seed: Annotated[
        int,
        typer.Option(metavar="N", help="seed of the games played and of the intervals' redraws"),
    ] = 1,
    seeds: Annotated[
        str | None, typer.Option(metavar="A:B", help="play games A up to B of the seed's series")
    ] = None,
    jobs: Annotated[int, typer.Option(min=1, metavar="N", help="processes playing games")] = 1,
    anchor: Annotated[
        str, typer.Option(metavar="BOT=RATING", help="the bot whose rating is fixed")
    ] = "greedy=1500",
    resamples: Annotated[
        int, typer.Option(min=10, metavar="N", help="bootstrap redraws for the intervals")
    ] = 1000,
    as_json: Annotated[bool, typer.Option("--json", help="one JSON object")] = False,
    out: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="also store the ladder as this game's entry in FILE"),
    ] = None,
) -> None:
    """Elo ratings of bots (who won each game, by Luce's model: Bradley-Terry at two
    players) with 95% bootstrap intervals: from arena results of any table size, or
    playing every two of --bots."""
    from ludoteca.tools import ladder as fitting
    from ludoteca.tools.arena import run

    game = checks.game(game_id)
    name, _, value = anchor.partition("=")
    try:
        at = float(value)
    except ValueError:
        raise CommandError(f"--anchor is BOT=RATING, e.g. greedy=1500, not {anchor!r}") from None
    if results and bots:
        raise CommandError("give arena results or --bots to play, not both")
    # The command that remakes this ladder, stored with it (--out).
    command = ["ludoteca", "ladder", game.id, "--anchor", anchor, "--resamples", str(resamples)]
    documents: list[tuple[str, dict[str, Any]]] = []  # arena results, each with its source
    if results:
        command += ["--seed", str(seed), *map(str, results)]
        documents = [(str(path), checks.json_file(path)) for path in results]
    elif bots:
        names = [n.strip() for n in bots.split(",") if n.strip()]
        for bot_name in names:
            checks.player(bot_name)
        if len(set(names)) < 2:
            raise CommandError("--bots names at least two bots")
        played = checks.seeds(seeds, games)
        command += ["--bots", ",".join(names), "--seed", str(seed),
                    "--seeds", f"{played.start}:{played.stop}"]  # fmt: skip
        for first, second in fitting.pairs(names):
            with show.arena_progress(f"{game.id} {first},{second}", len(played)) as advance:
                tournament = run(game, [first, second], len(played), seed, 2, None, advance,
                                 jobs, first=played.start)  # fmt: skip
            documents.append((f"{first},{second}", tournament.to_json()))
    else:
        raise CommandError("give arena results (files of arena --json) or --bots to play")
    try:
        entry = fitting.from_arena(game.id, documents, name, at, seed, resamples)
    except ValueError as error:
        raise CommandError(str(error)) from None
    entry["command"] = " ".join(command)
    if out is not None:
        stored = checks.json_file(out) if out.exists() else {}
        stored[game.id] = entry
        out.write_text(json.dumps(stored, indent=1, ensure_ascii=False) + "\n", "utf-8")
    if as_json:
        show.as_json(entry)
        return
    show.ladder(entry)


@app.command("odds")
def odds_command(
    document: Annotated[
        str, typer.Argument(help="a Krone match document (JSON file, - for stdin)")
    ],
    as_json: Annotated[bool, typer.Option("--json", help="one JSON object")] = False,
) -> None:
    """Um Krone und Kragen: each card's chance by the end of the turn, for the seat to move."""
    if document == "-":
        match = checks.match_text(sys.stdin.read(), "standard input")
    else:
        match = checks.match_file(Path(document))
    if not offers_advice(match.game):
        games = map(ludoteca.game, ludoteca.game_ids())
        advising = " or ".join(game.title for game in games if offers_advice(game))
        raise CommandError(f"the odds advisor is for {advising}, not {match.game.title}")
    if match.is_over:
        raise CommandError("the game is over: there is no turn to advise on")
    if as_json:
        show.as_json(advice_json(match))
        return
    show.odds(advise(match))


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
    openspiel: Annotated[
        bool,
        typer.Option(
            "--openspiel",
            help="the cost of the OpenSpiel adapter instead: random steps through it against "
            "the engine's, and OpenSpiel's random_sim_test (needs the rl extra: "
            "pip install 'ludoteca\\[rl]')",  # \[: a bracket, not rich's markup
        ),
    ] = False,
    ismcts: Annotated[
        bool,
        typer.Option(
            "--ismcts",
            help="OpenSpiel's ISMCTS through the adapter instead: its resamples a second "
            "and seconds a move at three positions of a match (needs the rl extra)",
        ),
    ] = False,
    as_json: JsonArg = False,
) -> None:
    """Speed of the rules engines, per game and player count, on one core.

    Random playouts (moves and games per second), then the round trip of one finished
    match: playing its log as move values, loading its document, to_json and a view.
    With --openspiel, the cost of playing through OpenSpiel instead; with --ismcts, that
    of OpenSpiel's ISMCTS (docs/research.md).
    """
    if openspiel and ismcts:
        raise CommandError("--openspiel and --ismcts measure different things: give one")
    chosen = [checks.game(game_id) for game_id in games or ludoteca.game_ids()]
    runs = [
        (game, count)
        for game in chosen
        for count in range(game.min_players, game.max_players + 1)
        if players is None or count == players
    ]
    if not runs:
        raise CommandError(f"none of these games takes {players} players")
    if openspiel or ismcts:
        checks.open_spiel("--openspiel" if openspiel else "--ismcts")
    for game in chosen:
        if not as_json and not any(g is game for g, _ in runs):
            show.bench_skipped(game, players)
    if openspiel:
        # ``bench --openspiel``: each game and count through the adapter and the engine.
        from ludoteca.openspiel.bench import measure as measure_adapter

        _bench(
            runs,
            seconds,
            as_json,
            measure_adapter,
            "benchmarking the adapter",
            show.bench_adapter,
            show.bench_adapter_end,
        )
    elif ismcts:
        from ludoteca.openspiel.bench import measure_ismcts

        _bench(
            runs,
            seconds,
            as_json,
            measure_ismcts,
            "benchmarking ISMCTS",
            show.bench_ismcts,
            show.bench_ismcts_end,
        )
    else:
        _bench(runs, seconds, as_json, measure, "benchmarking", show.bench_figure, show.bench_end)


def _bench(
    runs: list[tuple[Game, int]],
    seconds: float,
    as_json: bool,
    measure_one: Callable[[Game, int, float], Any],
    what: str,
    figure_shown: Callable[[Any], None],
    end_shown: Callable[[], None],
) -> None:
    """Measure each game and count in turn, printing each figure as it comes (or all of
    them as one JSON value at the end)."""
    figures = []
    with show.progress(len(runs), what, shown=not as_json) as advance:
        for game, count in runs:
            figure = measure_one(game, count, seconds)
            figures.append(figure)
            advance(1)
            if not as_json:
                figure_shown(figure)
    if as_json:
        show.as_json([figure.to_json() for figure in figures])
    else:
        end_shown()


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
    leases: Annotated[
        bool,
        typer.Option(
            "--leases",
            help="PostgreSQL shared by several processes: play only the tables this one "
            "holds a fenced lease on, and take over those of a process that died",
        ),
    ] = False,
    lease_seconds: Annotated[
        float,
        typer.Option(
            min=0.5,
            metavar="SECONDS",
            help="with --leases: how long this process's hold on a table lasts unless "
            "renewed (another process takes over a table this long after its owner died)",
        ),
    ] = 10.0,
    redis: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            help="Redis the room's processes share, e.g. redis://127.0.0.1:6379/0: run "
            "several on one PostgreSQL --db (docs/deploy.md); default: one process",
        ),
    ] = None,
    redis_prefix: Annotated[
        str,
        typer.Option(metavar="TEXT", help="where this room's keys start in Redis"),
    ] = "ludoteca:",
    workers: Annotated[
        int,
        typer.Option(
            min=1,
            max=64,
            metavar="N",
            help="room processes on this port (more than 1 needs --redis and PostgreSQL)",
        ),
    ] = 1,
    bot_matches_per_day: Annotated[
        int,
        typer.Option(
            min=1,
            metavar="N",
            help="matches a bot account may start a day at tables with no person",
        ),
    ] = 200,
    smtp: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            help="SMTP server for mail (smtp://host:port): address confirmations and "
            "turn mails at turn-based tables; none: no mail",
        ),
    ] = None,
    mail_from: Annotated[
        str, typer.Option(metavar="ADDRESS", help="the sender of the room's mail")
    ] = "ludoteca@localhost",
    site_url: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            help="the room's address as links in mail name it (default: http://HOST:PORT)",
        ),
    ] = None,
) -> None:
    """Run the game room: open http://HOST:PORT in a browser."""
    from ludoteca.server import main as server

    if smtp is not None and not smtp.startswith("smtp://"):
        raise CommandError(f"--smtp is smtp://host:port, not {smtp!r}")
    url = db or server.default_db_url()
    try:
        server.check_workers(workers, url, redis)
        server.check_address(host, port)
        server.check_database(url)
        if leases and not url.startswith("postgresql"):
            raise server.StartError("--leases needs a PostgreSQL --db: one SQLite file is "
                                    "one process's room")  # fmt: skip
        if redis is not None:
            server.check_redis(redis, url)
    except server.StartError as error:
        raise CommandError(str(error)) from None
    show.serving(host, port, server.shown_url(url))
    mail = server.Mail(smtp, mail_from, site_url or f"http://{host}:{port}")
    server.serve(
        host, port, url, bot_delay, rate, sockets_per_address, entries_per_minute,
        # Processes that share a room hold leases on the tables they play.
        leases=leases or redis is not None, lease_seconds=lease_seconds,
        redis_url=redis, workers=workers, redis_prefix=redis_prefix, mail=mail,
        bot_matches_per_day=bot_matches_per_day,
    )  # fmt: skip


@app.command()
def loadtest(
    url: Annotated[
        list[str],
        typer.Option(
            metavar="URL",
            help="the room's WebSocket, ws://127.0.0.1:PORT; once per process of the room "
            "to share the players out over them",
        ),
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

    from ludoteca.tools.loadtest import LoadTestError, run

    game = checks.game(game_id)
    count = checks.players(game, players)
    options = checks.options(game, option)
    try:
        figures = asyncio.run(
            run(url, game.id, count, tables, duration, options, seed, rate, warmup)
        )
    except LoadTestError as error:
        raise CommandError(str(error)) from None
    if as_json:
        show.as_json(figures)
        return
    show.load_test(figures)


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

    from ludoteca.tools.flood import run
    from ludoteca.tools.loadtest import LoadTestError

    try:
        figures = asyncio.run(run(url, kind, clients, requests, quiet, match_id))
    except LoadTestError as error:
        raise CommandError(str(error)) from None
    if as_json:
        show.as_json(figures)
        return
    show.flood(kind, figures)


def main() -> None:
    app()
