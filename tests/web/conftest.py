"""Shared fixtures of the browser tests: the worktree served on loopback, one Chromium."""

from collections.abc import Iterator
from typing import Any

import pytest

from .browser import browser as launch
from .browser import served


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    with served() as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launch() as chromium:
        yield chromium
