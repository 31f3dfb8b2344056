"""What the compute tier's tests share: the slow toy game, registered for the server and its
workers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from crafthall import games
from tests.server.helpers import register_toys, unregister_toys


@pytest.fixture(scope="module")
def slow_game() -> Iterator[None]:
    register_toys()
    games.register("toy-slow", "tests.compute.slow_game")
    yield
    games.unregister("toy-slow")
    unregister_toys()
