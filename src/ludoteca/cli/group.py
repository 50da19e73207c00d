"""The ``ludoteca`` command group: what every command shares — one-line errors, exit
status, plain help.

- An error a user can cause (a bad option, count, seat, file or document) prints one
  line, ``ludoteca: <what was wrong and what is allowed>``, and exits with status 2: no
  traceback, no usage box.
- Help says what to type (``N``, ``NAME=VALUE``) and the defaults, never Python types
  such as ``<bool>`` or ``<list[str]>``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from enum import IntEnum
from typing import Any

import typer
from typer._click import exceptions as click_errors
from typer.core import TyperGroup

from ludoteca.engine import LudotecaError


class ExitStatus(IntEnum):
    OK = 0
    #: a mistake in what was typed, said in one line
    USAGE_ERROR = 2
    #: Ctrl-C or input closed, as a shell reports a process ended by SIGINT
    INTERRUPTED = 130


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
            result = ExitStatus.OK
        except click_errors.ClickException as error:
            result = _fail(error.format_message(), error.exit_code or ExitStatus.USAGE_ERROR)
        except (LudotecaError, CommandError) as error:
            result = _fail(str(error), ExitStatus.USAGE_ERROR)
        except OSError as error:  # a file that cannot be read or written
            where = f": {error.filename}" if error.filename else ""
            result = _fail(f"{error.strerror or error}{where}", ExitStatus.USAGE_ERROR)
        except (typer.Abort, KeyboardInterrupt, EOFError):
            typer.echo("", err=True)
            result = ExitStatus.INTERRUPTED
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
