"""The command line: ``ludoteca play | simulate | bench``."""

from __future__ import annotations

import json
import random
from typing import Annotated

import typer

import ludoteca
from ludoteca.bench import measure
from ludoteca.bots import Bot, bot
from ludoteca.engine import Game, LudotecaError, OptionError, OptionValue
from ludoteca.simulate import simulate
from ludoteca.terminal import play_in_terminal

app = typer.Typer(
    help="ludoteca: a board-game room, and the rules engines behind it.",
    no_args_is_help=True,
    add_completion=False,
)

GameId = Annotated[str, typer.Argument(help="krone, keltis, kingdomino or cronberg")]
OptionsArg = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="a game option as name=value (repeatable)"),
]


def _game(game_id: str) -> Game:
    try:
        return ludoteca.game(game_id)
    except LudotecaError as error:
        raise typer.BadParameter(str(error)) from None


def _options(game: Game, pairs: list[str] | None) -> dict[str, OptionValue]:
    declared = {option.name: option for option in game.options}
    options: dict[str, OptionValue] = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep:
            raise typer.BadParameter(f"options are written name=value, not {pair!r}")
        if name not in declared:
            known = ", ".join(declared) or "none"
            raise typer.BadParameter(f"unknown option {name!r} for {game.id}; options: {known}")
        try:
            options[name] = declared[name].parse(value)
        except OptionError as error:
            raise typer.BadParameter(str(error)) from None
    return options


def _bot(name: str) -> Bot:
    try:
        return bot(name)
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None


def _players(game: Game, players: int | None) -> int:
    if players is None:
        return max(game.min_players, min(4, game.max_players))
    if not game.min_players <= players <= game.max_players:
        raise typer.BadParameter(
            f"{game.id} is for {game.min_players} to {game.max_players} players, not {players}"
        )
    return players


@app.command()
def play(
    game_id: GameId,
    players: Annotated[int | None, typer.Option(help="players at the table")] = None,
    seat: Annotated[int, typer.Option(help="your seat, 0 plays first")] = 0,
    bot_name: Annotated[str, typer.Option("--bot", help="random, simple, greedy, mcts")] = "simple",
    seed: Annotated[int | None, typer.Option(help="repeatable dice and draws")] = None,
    option: OptionsArg = None,
) -> None:
    """Play in the terminal against bots."""
    game = _game(game_id)
    count = _players(game, players)
    if not 0 <= seat < count:
        raise typer.BadParameter(f"seat must be 0 to {count - 1}")
    player = _bot(bot_name)
    rng = random.Random(seed) if seed is not None else random.SystemRandom()
    match = game.new_match(count, _options(game, option))
    play_in_terminal(match, seat, player, rng)


@app.command("simulate")
def simulate_command(
    game_id: GameId,
    players: Annotated[int | None, typer.Option(help="players at the table")] = None,
    games: Annotated[int, typer.Option(min=1, help="how many games")] = 100,
    seed: Annotated[int, typer.Option(help="seed of dice, draws and bots")] = 1,
    bot_name: Annotated[str, typer.Option("--bot", help="random, simple, greedy, mcts")] = "simple",
    as_json: Annotated[bool, typer.Option("--json", help="one JSON object")] = False,
    option: OptionsArg = None,
) -> None:
    """Play whole games between bots and print wins per seat, rounds, moves and speed."""
    game = _game(game_id)
    _bot(bot_name)
    summary = simulate(game, _players(game, players), games, seed, _options(game, option), bot_name)
    if as_json:
        typer.echo(json.dumps(summary.to_json()))
        return
    typer.echo(
        f"{game.id}: {summary.games} games, {summary.players} players, "
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
    bots: Annotated[str, typer.Option(help="bots by level, comma-separated: mcts,greedy")],
    games: Annotated[int, typer.Option(min=1, help="how many games")] = 100,
    seed: Annotated[int, typer.Option(help="seed of dice, draws and bots")] = 1,
    players: Annotated[int | None, typer.Option(help="players (default: one per bot)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="one JSON object")] = False,
    option: OptionsArg = None,
) -> None:
    """A tournament between bots, seats rotated: wins, win rate with its 95% interval."""
    from ludoteca.arena_cli import run_arena

    game = _game(game_id)
    names = [name.strip() for name in bots.split(",") if name.strip()]
    for name in names:
        _bot(name)
    count = _players(game, players if players is not None else max(len(names), 2))
    if len(names) > count:
        raise typer.BadParameter(f"{len(names)} bots need {len(names)} seats; --players {count}")
    run_arena(game, names, games, seed, count, _options(game, option), as_json)


@app.command("odds")
def odds_command(
    document: Annotated[
        str, typer.Argument(help="a Krone match document (JSON file, - for stdin)")
    ],
    as_json: Annotated[bool, typer.Option("--json", help="one JSON object")] = False,
) -> None:
    """Um Krone und Kragen: each card's chance by the end of the turn, for the seat to move."""
    import sys
    from pathlib import Path

    from ludoteca.games.krone import GAME as KRONE
    from ludoteca.games.krone.odds import advice, to_json

    text = sys.stdin.read() if document == "-" else Path(document).read_text("utf-8")
    try:
        match = KRONE.load(text)
    except LudotecaError as error:
        raise typer.BadParameter(str(error)) from None
    state = match.state
    if match.is_over:
        raise typer.BadParameter("the game is over: there is no turn to advise on")
    typer.echo(json.dumps(to_json(state)) if as_json else advice(state))  # type: ignore[arg-type]


@app.command()
def bench(
    games: Annotated[
        list[str] | None, typer.Option("--game", help="only these games (repeatable)")
    ] = None,
    players: Annotated[int | None, typer.Option(help="one player count (default: each)")] = None,
    seconds: Annotated[float, typer.Option(min=0.0, help="time per game and count")] = 2.0,
    as_json: Annotated[bool, typer.Option("--json", help="one JSON list")] = False,
) -> None:
    """Moves and games per second of random-legal-move playouts, one core, per game."""
    figures = []
    for game_id in games or ludoteca.games():
        game = _game(game_id)
        counts = (
            [_players(game, players)]
            if players is not None
            else range(game.min_players, game.max_players + 1)
        )
        for count in counts:
            figure = measure(game, count, seconds)
            figures.append(figure)
            if not as_json:
                typer.echo(
                    f"{game.id:<11} {count} players  {figure.moves_per_second:>9,.0f} moves/s"
                    f"  {figure.games_per_second:>8,.1f} games/s"
                    f"  ({figure.moves / figure.games:,.0f} moves a game)"
                )
    if as_json:
        typer.echo(json.dumps([figure.to_json() for figure in figures]))
    else:
        typer.echo("random legal moves, chance events not counted as moves; one core")


def main() -> None:
    app()
