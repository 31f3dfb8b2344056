"""Every registered game loads, and one that does not is named loudly: the server refuses to
start with a sentence saying which game and why, rather than a lobby that leaves it out."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from crafthall import games
from crafthall.engine.errors import SetupError
from crafthall.server import create_app
from crafthall.server.settings import Settings


def test_every_registered_game_loads() -> None:
    games.check_games()


@pytest.fixture
def broken_game() -> Iterator[str]:
    games.register("half-written", "tests.games.no_such_module")
    try:
        yield "half-written"
    finally:
        games.unregister("half-written")


def test_a_game_that_does_not_load_is_named_with_why(broken_game: str) -> None:
    with pytest.raises(SetupError) as caught:
        games.check_games()
    message = str(caught.value)
    assert "The game 'half-written' does not load" in message
    assert "No module named 'tests.games.no_such_module'" in message
    assert "Fix it, or take it out of the registry." in message


def test_the_server_does_not_start_without_every_game(broken_game: str, tmp_path: object) -> None:
    settings = Settings(database_url=f"sqlite:///{tmp_path}/tables.db")
    with pytest.raises(SetupError, match="'half-written' does not load"):
        create_app(settings)
