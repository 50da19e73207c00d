"""The tools behind the long-running commands, as plain functions that return figures:
``simulate``, ``arena`` and ``bench`` drive the engine and the bots, ``loadtest`` and
``flood`` a room on this machine.

They print nothing and need neither typer nor rich (the command line, ``ludoteca.cli``,
prints their figures), so a script or a notebook imports them as they are. Each module
is imported by itself: ``loadtest`` and ``flood`` bring the network clients with them.
"""
