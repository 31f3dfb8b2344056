"""Hints and reviews: the latency of a hint per game, and the time to review a whole game.

A hint is asked in positions spread over a seeded random game, with the effort the hint
button uses (``HINT_EFFORT``: the strong bot's search, cut off after a fixed time). A review is
made of every game's longest usual record (the longest of a few seeded games of greedy bots at
the game's most seats, four at most), as the server makes it: in parts of a few moves, each
move's search bounded by the game's share of ``GAME_SECONDS`` (``crafthall.review.bounded``),
so that no game costs more than 30 CPU seconds; ``--unbounded`` reviews with the terminal's
``REVIEW_EFFORT`` alone (the strong bot's own budget a move), to compare. Figures are CPU
seconds of one core (other work on the machine disturbs them less than wall-clock time), with
the wall-clock time beside them. ``--iterations N`` replaces the review's budget, to see what
a smaller one would save.

Each review also says how many search iterations it ran, and how many of its searches went on
from the tree of the mover's previous position (a seat moving again: ``Keeper``)
with the visits kept there on average; ``--fresh`` starts every search afresh, to compare (with
``--unbounded`` the iteration counts repeat exactly, so the two runs compare without noise).
Hints are asked as the server asks them, to answer within ``--deadline`` wall seconds (the
search stops short of it); ``--deadline 0`` shows what a deadline already passed leaves: the
candidates, judged by the position right after each.

``--model FILE`` (with one ``--game``) judges with a candidate network, as hints and reviews
are judged where the game ships one (``swift``'s guided search), for a table of ``--seats``.

Run: .venv/bin/python bench/bench_review.py [--game NAME] [--seats 2] [--positions 6]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from bench_bots import positions

from crafthall.arena.autoplay import play_to_end, seat_bots
from crafthall.bots.ismcts import Node
from crafthall.bots.learned.network import use_candidate
from crafthall.engine.errors import SetupError
from crafthall.engine.match import Match
from crafthall.engine.record import Seat
from crafthall.games import game_class, make_game, names, new_match
from crafthall.review import (
    HINT_EFFORT,
    REVIEW_EFFORT,
    Effort,
    assemble,
    bounded,
    hints,
    review_moves,
)
from crafthall.review.analysis import HINT_SECONDS, Keeper
from crafthall.review.words import worded_hints
from crafthall.server.routes.hints import PART_MOVES


class Afresh(Keeper):
    """Keeps no tree: every search starts afresh, as reviews did before they kept any."""

    def root(self, seat: int) -> Node | None:
        return None


def bench_hints(game: str, seats: int, count: int, within: float) -> None:
    rules, spots = positions(game, seats, count)
    times, walls, shown = [], [], []
    names = [f"P{n + 1}" for n in range(seats)]
    for state, seat in spots:
        started, wall = time.process_time(), time.perf_counter()
        # as a worker's hint job answers it: the moves, then said in the game's words
        found = hints(rules, state, seat, HINT_EFFORT, within)
        shown.append(len(worded_hints(rules, names, state, seat, found)))
        times.append(time.process_time() - started)
        walls.append(time.perf_counter() - wall)
    print(
        f"{game:15} hint at {seats} seats within {within:g} s: median "
        f"{statistics.median(times):.2f} s CPU, max {max(times):.2f} s CPU "
        f"({max(walls):.2f} s wall) over {len(times)} positions, {min(shown)}-{max(shown)} "
        "moves shown"
    )


def longest_record(game: str, seats: int | None = None, tries: int = 3) -> Match:
    """The longest of ``tries`` seeded games of greedy bots at ``seats`` (by default the game's
    most, four at most): a long record of the kind people play."""
    seats = seats or min(4, game_class(game).max_seats)
    longest: Match | None = None
    for seed in range(1, tries + 1):
        match = new_match(game, [Seat(f"P{n + 1}") for n in range(seats)], seed=seed)
        play_to_end(match, seat_bots(match, ["greedy"], seed), seed)
        if longest is None or len(match.moves) > len(longest.moves):
            longest = match
    assert longest is not None
    return longest


def bench_review(game: str, effort: Effort, bound: bool, fresh: bool, seats: int | None) -> None:
    match = longest_record(game, seats)
    keeper = Afresh() if fresh else Keeper()
    started, wall = time.process_time(), time.perf_counter()
    # In parts as the server makes them (the whole review at once, unbounded).
    step = PART_MOVES if bound else len(match.moves)
    effort = bounded(match, effort) if bound else effort
    parts = [
        review_moves(match, start, start + step, effort, keeper)
        for start in range(0, len(match.moves), step)
    ]
    found = assemble(match, [one for part in parts for one in part])
    cpu, elapsed = time.process_time() - started, time.perf_counter() - wall
    chosen = sum(1 for move in found.moves if not move.forced)
    how = ("bounded" if bound else "unbounded") + (", fresh" if fresh else "")
    kept = f"{keeper.kept / keeper.reused:.0f}" if keeper.reused else "0"
    print(
        f"{game:15} review ({how}) of {len(match.header.seats)} seats, {len(found.moves)} moves "
        f"({chosen} not forced): {cpu:.1f} s CPU ({elapsed:.1f} s wall), "
        f"{cpu / max(1, chosen):.2f} s a chosen move; {keeper.iterations} iterations, "
        f"{keeper.reused} searches went on from a kept tree ({kept} visits kept)",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="only this game (repeat it)")
    parser.add_argument("--seats", type=int, default=2, help="seats of the hint positions")
    parser.add_argument("--positions", type=int, default=6, help="hint positions per game")
    parser.add_argument("--no-review", action="store_true", help="skip the reviews")
    parser.add_argument("--no-hints", action="store_true", help="only the reviews")
    parser.add_argument("--iterations", type=int, help="the review's search budget a move")
    parser.add_argument(
        "--unbounded", action="store_true", help="reviews without the server's bound a game"
    )
    parser.add_argument("--fresh", action="store_true", help="reviews that keep no tree")
    parser.add_argument(
        "--deadline",
        type=float,
        default=HINT_SECONDS,
        help=f"seconds a hint answers within (default {HINT_SECONDS:g})",
    )
    parser.add_argument(
        "--review-seats",
        type=int,
        help="seats of the reviewed record (default: the game's most, four at most)",
    )
    parser.add_argument(
        "--model",
        type=Path,
        help="a candidate model for one --game at --seats: hints and reviews (at --seats too) "
        "are judged by swift's guided search with it",
    )
    args = parser.parse_args()
    if args.model is not None:
        if not args.game or len(args.game) != 1:
            parser.error("--model serves one game: give exactly one --game.")
        try:
            use_candidate(args.model, make_game(args.game[0]), args.seats)
        except SetupError as refused:
            parser.error(str(refused))
        args.review_seats = args.seats
    if not args.no_hints:
        for game in args.game or names():
            bench_hints(game, args.seats, args.positions, args.deadline)
    if not args.no_review:
        effort = REVIEW_EFFORT
        if args.iterations is not None:
            effort = Effort(iterations=args.iterations)
        for game in args.game or names():
            bench_review(game, effort, not args.unbounded, args.fresh, args.review_seats)


if __name__ == "__main__":
    main()
