"""The codec is a capability a game declares: the adapters refuse a game without one, with a
sentence, and a game has all of a codec's methods or none."""

from __future__ import annotations

import pytest

from crafthall.engine.errors import SetupError
from crafthall.engine.game import CODEC_METHODS, Game
from crafthall.games import game_class, names
from crafthall.research.table import Table
from tests.research.support import CODEC_GAMES


def _without_codec() -> Game:
    """A real game with its codec taken away (the engine's methods put back)."""
    rules = game_class(CODEC_GAMES[0])
    plain = type("Plain", (rules,), {name: getattr(Game, name) for name in CODEC_METHODS})
    game: Game = plain()
    return game


def test_the_five_games_declare_a_codec() -> None:
    assert names() == CODEC_GAMES


def test_a_game_without_a_codec_is_refused_by_the_adapters_with_a_sentence() -> None:
    game = _without_codec()
    assert not game.has_codec()
    with pytest.raises(SetupError, match="has no action codec, which the research adapters need"):
        Table(game, 2, 1)


@pytest.mark.parametrize("name", names())
def test_a_codec_is_whole_or_absent(name: str) -> None:
    rules = game_class(name)
    defined = [
        method for method in CODEC_METHODS if getattr(rules, method) is not getattr(Game, method)
    ]
    assert defined in ([], list(CODEC_METHODS)), f"{name} defines only {defined} of a codec"
