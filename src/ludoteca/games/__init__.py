"""The game packages. Each one exposes ``GAME``; every package found here is registered."""

import importlib
import pkgutil

from ludoteca.engine import Game, registry


def _register_all() -> None:
    for info in pkgutil.iter_modules(__path__):
        if info.ispkg:
            module = importlib.import_module(f"{__name__}.{info.name}")
            game = getattr(module, "GAME", None)
            if isinstance(game, Game):
                registry.register(game)


_register_all()
