"""Sword Crafters figures: random games per second, and greedy against random.

Run: .venv/bin/python bench/bench_swordcrafters.py
"""

from __future__ import annotations

import random
import time

from crafthall.engine import Match, Seat
from crafthall.games import make_bot, new_match


def play(seats: int, levels: list[str], seed: int) -> Match:
    match = new_match("swordcrafters", [Seat(f"P{n}") for n in range(seats)], seed=seed)
    bots = [make_bot(match.game, level, seed * 10 + n) for n, level in enumerate(levels)]
    while match.result() is None:
        seat = match.active_seats()[0]
        match.apply(seat, bots[seat].choose(match.state, seat))
    return match


def main() -> None:
    for seats in (2, 3, 4):
        start = time.perf_counter()
        games = 200
        for seed in range(games):
            play(seats, ["random"] * seats, seed)
        rate = games / (time.perf_counter() - start)
        print(f"{seats} players, random bots: {rate:.0f} games/s")
    picker = random.Random(1)
    for seats in (2, 4):
        wins = 0.0
        games = 60
        start = time.perf_counter()
        for seed in range(games):
            greedy = picker.randrange(seats)
            levels = ["greedy" if n == greedy else "random" for n in range(seats)]
            result = play(seats, levels, 1000 + seed).result()
            assert result is not None
            if greedy in result.winners:
                wins += 1 / len(result.winners)
        elapsed = time.perf_counter() - start
        print(
            f"{seats} players, 1 greedy vs random: greedy wins {wins / games:.0%} "
            f"({games / elapsed:.1f} games/s)"
        )


if __name__ == "__main__":
    main()
