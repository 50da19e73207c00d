import pytest

import ludoteca


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    # Any test that asks for ``game_id`` runs once per registered game.
    if "game_id" in metafunc.fixturenames:
        metafunc.parametrize("game_id", ludoteca.games())
