"""What the research tests share: skip a game, saying why, only while its codec is missing."""

from __future__ import annotations

import pytest

from crafthall.games import make_game


def needs_codec(name: str) -> None:
    """Skip (with the reason) while ``name`` has no action codec or observation encoder yet."""
    game = make_game(name)
    seats = max(2, game.min_seats)
    try:
        game.action_space_size(seats)
        game.observation_shape(seats)
    except NotImplementedError as missing:
        pytest.skip(f"{name} has no codec or observation encoder yet: {missing}")
