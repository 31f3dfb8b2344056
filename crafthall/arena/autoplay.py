"""Bots playing whole games: for simulations, benchmarks and property tests."""

from __future__ import annotations

import random

from crafthall.bots.base import Bot
from crafthall.engine.match import Match
from crafthall.games import make_bot


class GameDidNotEnd(RuntimeError):
    """A game ran past its move limit: a sign of a rules bug, never of normal play."""


def seat_bots(match: Match, levels: list[str], seed: int) -> dict[int, Bot]:
    """One bot per seat; ``levels`` gives each seat's level (the last one repeats)."""
    return {
        seat: make_bot(match.game, levels[min(seat, len(levels) - 1)], seed * 7919 + seat)
        for seat in range(len(match.seat_names))
    }


def play_to_end(
    match: Match, bots: dict[int, Bot], seed: int = 0, max_moves: int = 20_000
) -> Match:
    """Let ``bots`` play until the game ends. Where several seats may act at once (a race),
    the next to act is drawn at random, seeded, so simulations replay exactly."""
    picker = random.Random(seed)
    for _ in range(max_moves):
        active = match.active_seats()
        if not active or match.result() is not None:
            return match
        seat = active[0] if len(active) == 1 else picker.choice(active)
        match.apply(seat, bots[seat].choose(match.state, seat))
    raise GameDidNotEnd(f"{match.game.title} did not end within {max_moves} moves.")
