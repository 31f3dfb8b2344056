"""Helpers shared by the game tests: play random games, check replays and refusals."""

from __future__ import annotations

import random
from typing import Any

import pytest

from crafthall.arena.autoplay import play_to_end, seat_bots
from crafthall.engine import Action, IllegalAction, Match, Seat, clone
from crafthall.engine.record import parse_lines
from crafthall.games import new_match


def start(game: str, seats: int, seed: int = 1, **kwargs: Any) -> Match:
    return new_match(game, [Seat(f"P{n + 1}") for n in range(seats)], seed=seed, **kwargs)


def play_out(match: Match, level: str = "random", seed: int = 0, max_moves: int = 5000) -> Match:
    """Let bots of ``level`` play every seat to the end (at most ``max_moves`` moves)."""
    return play_to_end(match, seat_bots(match, [level], seed), seed, max_moves)


def assert_replays(match: Match) -> None:
    """The record alone rebuilds exactly the live state."""
    again = Match.replay(match.game, *parse_lines(match.record_lines()))
    assert again.state == match.state
    assert again.result() == match.result()


def assert_refused(match: Match, seat: int, action: Action, code: str) -> IllegalAction:
    """``action`` is refused with ``code``, a sentence, and the match is exactly as before."""
    before_state, before_moves = clone(match.state), len(match.moves)
    with pytest.raises(IllegalAction) as caught:
        match.apply(seat, action)
    assert caught.value.code == code, caught.value.message
    assert caught.value.message.endswith((".", "!", "?", ")")), caught.value.message
    assert match.state == before_state
    assert len(match.moves) == before_moves
    return caught.value


def midgame(game: str, seats: int, moves: int, seed: int = 11, play_seed: int = 4) -> Match:
    """A match ``moves`` random moves in (fewer if it ends first); where several seats may
    act, the mover is drawn as the moves are, from ``play_seed``."""
    match = start(game, seats, seed=seed)
    rng = random.Random(play_seed)
    for _ in range(moves):
        active = match.active_seats()
        if not active:
            break
        seat = rng.choice(active)
        match.apply(seat, match.game.sample_action(match.state, seat, rng))
    return match
