"""The command line: ``ludoteca serve | games | play | replay | simulate | arena | odds |
bench | loadtest | flood``.

``app.py`` holds the commands (their arguments, and what each calls), ``checks.py`` what
was typed, ``printing.py`` everything they print, and ``group.py`` what they share: one
line and exit status 2 for every error a user can cause, plain help.
"""

from .app import app, main

__all__ = ["app", "main"]
