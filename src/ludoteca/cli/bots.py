"""``ludoteca bot``: bot accounts and their tokens on the server (create, token, tokens,
revoke), and a bot of your own in a room (run). See docs/bots.md."""

from __future__ import annotations

import asyncio
import re
import signal
from pathlib import Path
from typing import Annotated, Any

import typer

from ludoteca.bots.patience import THINKING_SECONDS

from . import checks
from . import printing as show
from .group import CommandError, Commands

#: What a token looks like (``tokens.new_token``), checked before it goes in a header.
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,200}")

bot_app = typer.Typer(
    cls=Commands,
    help="Bot accounts and tokens (on the server), and a bot of your own in a room.",
    no_args_is_help=True,
)

NameArg = Annotated[str, typer.Argument(metavar="NAME", help="the bot's (or player's) name")]
DbArg = Annotated[
    str | None,
    typer.Option(
        metavar="URL", help="the room's database, as 'ludoteca serve --db' (default: its own)"
    ),
]


def _db(db: str | None) -> str:
    from ludoteca.server import main as server

    url = db or server.default_db_url()
    try:
        server.check_database(url)
    except server.StartError as error:
        raise CommandError(str(error)) from None
    return url


def _admin(work: Any) -> Any:
    from ludoteca.server.botaccounts import BotAccountError

    try:
        return asyncio.run(work)
    except BotAccountError as error:
        raise CommandError(str(error)) from None


@bot_app.command()
def create(name: NameArg, db: DbArg = None) -> None:
    """Make a bot account and print its first token (bot:play) once: keep it."""
    from ludoteca.server import botaccounts

    _user, token = _admin(botaccounts.create(_db(db), name))
    show.bot_token(name, token)


@bot_app.command()
def token(
    name: NameArg,
    scope: Annotated[
        list[str] | None,
        typer.Option(metavar="SCOPE", help="bot:play (a bot's default) or read; repeatable"),
    ] = None,
    label: Annotated[
        str, typer.Option(metavar="TEXT", help="what the token is for, as its list shows it")
    ] = "",
    db: DbArg = None,
) -> None:
    """Make another token of an account and print it once."""
    from ludoteca.server import botaccounts

    _id, made = _admin(botaccounts.add_token(_db(db), name, scope or ["bot:play"], label))
    show.bot_token(name, made)


@bot_app.command()
def tokens(name: NameArg, db: DbArg = None) -> None:
    """List an account's tokens: id, scopes, when made and last used, label (a token
    itself is shown only when made)."""
    from ludoteca.server import botaccounts

    show.bot_tokens(_admin(botaccounts.tokens(_db(db), name)))


@bot_app.command()
def revoke(
    name: NameArg,
    token_id: Annotated[int, typer.Argument(metavar="ID", help="the token's id ('tokens')")],
    db: DbArg = None,
) -> None:
    """Revoke a token: nothing enters with it any more."""
    from ludoteca.server import botaccounts

    _admin(botaccounts.revoke(_db(db), name, token_id))
    typer.echo(f"token {token_id} of {name} revoked")


@bot_app.command()
def run(
    bot: Annotated[
        str,
        typer.Argument(metavar="BOT", help="MODULE:CALLABLE[:ARGUMENT], or a level (greedy, mcts)"),
    ],
    url: Annotated[
        str, typer.Option(metavar="URL", help="the room's WebSocket, ws://HOST:PORT/ws")
    ],
    token_file: Annotated[
        Path, typer.Option(metavar="FILE", help="a file holding the bot's token")
    ],
    accept: Annotated[
        str | None,
        typer.Option(metavar="GAMES", help="accept invitations to these games (comma-separated)"),
    ] = None,
    open_game: Annotated[
        str | None,
        typer.Option("--open", metavar="GAME", help="open a table of this game and wait"),
    ] = None,
    players: Annotated[int, typer.Option(metavar="N", help="players the open table waits for")] = 2,
    table_bots: Annotated[
        str | None,
        typer.Option(
            metavar="LEVEL", help="fill the open table with the room's bots of this level"
        ),
    ] = None,
    matches: Annotated[
        int | None, typer.Option(metavar="N", help="stop after N matches (default: play on)")
    ] = None,
    seed: Annotated[int | None, typer.Option(metavar="N", help="seed of the bot's choices")] = None,
    think: Annotated[
        float,
        typer.Option(
            min=0,
            metavar="S",
            help="each decision of a level (greedy, mcts) stops after S seconds, as the "
            "room's own bots do; 0: its counted budget only",
        ),
    ] = THINKING_SECONDS,
) -> None:
    """Play in a room as a bot account; Ctrl-C (or SIGTERM) opens and accepts nothing
    new and stops once the running matches have ended; a second one stops at once."""
    from ludoteca.bots.outside import UnknownBot
    from ludoteca.client import Client, ClientError, Plan

    try:
        secret = token_file.read_text().strip()
    except OSError as error:
        raise CommandError(
            f"cannot read the token file {str(token_file)!r}: {error.strerror}"
        ) from None
    if not TOKEN.fullmatch(secret):
        raise CommandError(
            f"{str(token_file)!r} holds no token: a token is one line of letters, digits, - and _"
        )
    games = [checks.game(game).id for game in (accept or "").split(",") if game.strip()]
    if open_game is not None:
        open_game = checks.game(open_game).id
    plan = Plan(
        accept=frozenset(games),
        open=open_game,
        players=players,
        table_bots=table_bots,
        matches=matches,
    )
    try:
        client = Client(url, secret, bot, plan, seed, think=think or None)
    except UnknownBot as error:
        raise CommandError(str(error)) from None

    async def play() -> None:
        loop, task = asyncio.get_running_loop(), asyncio.current_task()

        def signalled() -> None:
            # The first asks to stop once the matches running have ended; a second
            # means now.
            if client.stopping and task is not None:
                task.cancel()
            else:
                client.stop()

        for number in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(number, signalled)
        await client.run()

    try:
        asyncio.run(play())
    except ClientError as error:
        raise CommandError(str(error)) from None
    except asyncio.CancelledError:
        show.bot_quit(len(client.finished), len(client.seats))
        raise typer.Exit(130) from None
    show.bot_played(len(client.finished))
