"""What every command of the command line shares: one-line errors, plain help, progress.

- An error a user can cause (a bad option, count, seat, file or document) prints one
  line, ``ludoteca: <what was wrong and what is allowed>``, and exits with status 2: no
  traceback, no usage box.
- Help says what to type (``N``, ``NAME=VALUE``) and the defaults, never Python types
  such as ``<bool>`` or ``<list[str]>``.
- Long runs show a progress bar, only when standard output is a terminal, so that pipes,
  tests and ``--json`` stay clean.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import typer
from typer._click import exceptions as click_errors
from typer.core import TyperGroup

from ludoteca.engine import LudotecaError

USAGE_ERROR = 2


class CommandError(Exception):
    """A mistake in what the user typed, said in one line."""


def one_line(message: str) -> str:
    return " ".join(message.split())


class Commands(TyperGroup):
    """The ``ludoteca`` command group: plain help and one-line errors for every command."""

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            result = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click_errors.NoArgsIsHelpError as shown:
            typer.echo(shown.format_message())
            result = 0
        except click_errors.ClickException as error:
            result = _fail(error.format_message(), error.exit_code or USAGE_ERROR)
        except (LudotecaError, CommandError) as error:
            result = _fail(str(error), USAGE_ERROR)
        except OSError as error:  # a file that cannot be read or written
            where = f": {error.filename}" if error.filename else ""
            result = _fail(f"{error.strerror or error}{where}", USAGE_ERROR)
        except (typer.Abort, KeyboardInterrupt, EOFError):
            typer.echo("", err=True)
            result = 130
        if not standalone_mode:
            return result
        sys.exit(result if isinstance(result, int) else 0)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            _plain_help(command, ctx)
        return command

    def format_help(self, ctx: Any, formatter: Any) -> None:
        _plain_help(self, ctx)
        super().format_help(ctx, formatter)


def _fail(message: str, code: int) -> int:
    typer.echo(f"ludoteca: {one_line(message)}", err=True)
    return code


def _plain_help(command: Any, ctx: Any) -> None:
    """Help shows each option's metavar (N, FILE, NAME=VALUE) and nothing for flags and
    arguments, instead of Python types such as <bool> or <list[str]>."""
    for param in command.get_params(ctx):
        shown = param.metavar if param.param_type_name == "option" else None
        param.display_type_rich = lambda ctx, shown=shown: shown


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
