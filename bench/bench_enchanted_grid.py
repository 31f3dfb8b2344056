"""Enchanted Grid: how fast whole two-player games play, with random and with greedy bots.

Run: .venv/bin/python bench/bench_enchanted_grid.py
"""

from __future__ import annotations

import time

from crafthall.engine import Seat
from crafthall.games import make_bot, new_match
from crafthall.lexicon import load


def play(seed: int, level: str) -> int:
    seats = [Seat("A"), Seat("B")]
    match = new_match("enchanted-grid", seats, seed=seed, lexicon=load("standard"))
    bots = [make_bot(match.game, level, seed * 2 + seat) for seat in range(2)]
    while match.result() is None:
        (seat,) = match.active_seats()
        match.apply(seat, bots[seat].choose(match.state, seat))
    return len(match.moves)


def main() -> None:
    load("standard")
    for level, games in (("random", 20), ("greedy", 5)):
        started = time.perf_counter()
        moves = sum(play(seed, level) for seed in range(games))
        took = time.perf_counter() - started
        print(
            f"enchanted-grid {level:>6}: {games} games, {moves / games:.0f} moves a game, "
            f"{took / games * 1000:.0f} ms a game, {took / moves * 1000:.2f} ms a move"
        )


if __name__ == "__main__":
    main()
