"""Hints and reviews: the latency of a hint per game, and the time to review a whole game.

A hint is asked in positions spread over a seeded random game, with the effort the hint
button uses (``HINT_EFFORT``: the strong bot's search, cut off after a fixed time); a review is
made of a 4-player Wordcraft game played by greedy bots, with the effort the terminal and the
server use (``REVIEW_EFFORT``: the strong bot's own budget a move). Figures are CPU seconds of
one core (other work on the machine disturbs them less than wall-clock time), with the
wall-clock time beside them. ``--iterations N`` replaces the review's budget, to see what a
smaller one would save.

Run: .venv/bin/python bench/bench_review.py [--game NAME] [--seats 2] [--positions 6]
"""

from __future__ import annotations

import argparse
import statistics
import time

from bench_bots import positions

from crafthall.arena.autoplay import play_to_end, seat_bots
from crafthall.engine.record import Seat
from crafthall.games import names, new_match
from crafthall.review import HINT_EFFORT, REVIEW_EFFORT, Effort, hints, review


def bench_hints(game: str, seats: int, count: int) -> None:
    rules, spots = positions(game, seats, count)
    times, walls = [], []
    for state, seat in spots:
        started, wall = time.process_time(), time.perf_counter()
        hints(rules, state, seat, HINT_EFFORT)
        times.append(time.process_time() - started)
        walls.append(time.perf_counter() - wall)
    print(
        f"{game:15} hint at {seats} seats: median {statistics.median(times):.2f} s CPU, "
        f"max {max(times):.2f} s CPU ({max(walls):.2f} s wall) over {len(times)} positions"
    )


def bench_review(game: str, seats: int, effort: Effort, seed: int = 3) -> None:
    match = new_match(game, [Seat(f"P{n + 1}") for n in range(seats)], seed=seed)
    play_to_end(match, seat_bots(match, ["greedy"], seed), seed)
    started, wall = time.process_time(), time.perf_counter()
    found = review(match, effort)
    cpu, elapsed = time.process_time() - started, time.perf_counter() - wall
    chosen = sum(1 for move in found.moves if not move.forced)
    print(
        f"{game} review at {seats} seats: {len(found.moves)} moves ({chosen} not forced) "
        f"in {cpu:.1f} s CPU ({elapsed:.1f} s wall), {cpu / max(1, chosen):.2f} s a move"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="only this game (repeat it)")
    parser.add_argument("--seats", type=int, default=2, help="seats of the hint positions")
    parser.add_argument("--positions", type=int, default=6, help="hint positions per game")
    parser.add_argument("--no-review", action="store_true", help="skip the Wordcraft review")
    parser.add_argument("--no-hints", action="store_true", help="only the Wordcraft review")
    parser.add_argument("--iterations", type=int, help="the review's search budget a move")
    args = parser.parse_args()
    if not args.no_hints:
        for game in args.game or names():
            bench_hints(game, args.seats, args.positions)
    if not args.no_review:
        effort = REVIEW_EFFORT
        if args.iterations is not None:
            effort = Effort(iterations=args.iterations)
        bench_review("wordcraft", 4, effort)


if __name__ == "__main__":
    main()
