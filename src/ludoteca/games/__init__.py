"""The game packages. Each one exposes ``GAME``; every package found here is registered.

Called, this package lists the games' ids: ``ludoteca.games()``. The list and the package
share the name ``ludoteca.games``, so the package is what answers the call; a function of
that name would hide the package from ``import ludoteca.games.krone.costs as costs`` and
from ``ludoteca.games.krone`` (Python walks the attributes for both).
"""

import importlib
import pkgutil
import sys
import types

from ludoteca.engine import Game, registry


class GamePackage(types.ModuleType):
    """``ludoteca.games``: the package of the games' rules, which lists their ids when
    called."""

    def __call__(self) -> list[str]:
        """The ids of every game, sorted."""
        return registry.ids()


sys.modules[__name__].__class__ = GamePackage


def _register_all() -> None:
    for info in pkgutil.iter_modules(__path__):
        if info.ispkg:
            module = importlib.import_module(f"{__name__}.{info.name}")
            game = getattr(module, "GAME", None)
            if isinstance(game, Game):
                registry.register(game)


_register_all()
