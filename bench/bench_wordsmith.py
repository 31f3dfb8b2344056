"""Wordsmith word finding from a pool of pieces, on the standard dictionary.

    .venv/bin/python bench/bench_wordsmith.py [--pools 500] [--seed 1]

For random pools of 8 to 15 pieces (drawn like die rolls: red and yellow twice as likely as
blue and green), times the two questions a bot asks: every word the pool builds
(``PieceIndex.find``), and which single extra piece unlocks the longest word
(``PieceIndex.best_unlock``), and the one a random playout asks: one claimable word drawn
without listing them (``PieceIndex.sample``). Prints the index build time, then median and
95th percentile (a pool's first query finds its words; later ones reuse them).
Also: the median time of ``legal_actions`` at the start of a race, and random 4-player races
per second.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from crafthall.engine import Match, Seat
from crafthall.games import make_bot, new_match
from crafthall.games.wordsmith.components import FACES, empty_pool
from crafthall.games.wordsmith.finder import PieceIndex, Query, index_for
from crafthall.lexicon import load


def random_pool(rng: random.Random) -> dict[str, int]:
    pool = empty_pool()
    for _ in range(rng.randint(8, 15)):
        pool[rng.choice(FACES)] += 1
    return pool


def figures(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return f"median {statistics.median(ordered) * 1000:.3f} ms, p95 {p95 * 1000:.3f} ms"


def time_queries(index: PieceIndex, pools: list[dict[str, int]]) -> None:
    finds, unlocks, both, found = [], [], [], []
    for pool in pools:
        start = time.perf_counter()
        words = index.find(pool)
        middle = time.perf_counter()
        index.best_unlock(pool)
        end = time.perf_counter()
        finds.append(middle - start)
        unlocks.append(end - middle)
        both.append(end - start)
        found.append(len(words))
    draws, rng = [], random.Random(0)
    for pool in pools:
        start = time.perf_counter()
        index.sample(pool, Query(max_leftover=12), rng)
        draws.append(time.perf_counter() - start)
    print(f"find (every buildable word):      {figures(finds)}")
    print(f"best_unlock (one extra piece):    {figures(unlocks)}")
    print(f"both together:                    {figures(both)}")
    print(f"sample (one claimable word):      {figures(draws)}")
    print(f"words found per pool: median {statistics.median(found):.0f}, max {max(found)}")


def race(seed: int, bots: str) -> Match:
    match = new_match("wordsmith", [Seat(f"bot{n}", f"bot:{bots}") for n in range(4)], seed=seed)
    players = {seat: make_bot(match.game, bots, seed * 7 + seat) for seat in range(4)}
    picker = random.Random(seed)
    while (active := match.active_seats()) and match.result() is None:
        seat = picker.choice(active)
        match.apply(seat, players[seat].choose(match.state, seat))
    return match


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pools", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()

    lexicon = load("standard")
    start = time.perf_counter()
    index = index_for(lexicon)
    print(f"piece index of {len(index)} words built in {time.perf_counter() - start:.2f} s")
    rng = random.Random(args.seed)
    time_queries(index, [random_pool(rng) for _ in range(args.pools)])

    match = new_match("wordsmith", [Seat("a"), Seat("b"), Seat("c"), Seat("d")], seed=args.seed)
    samples = []
    for _ in range(50):
        start = time.perf_counter()
        list(match.game.legal_actions(match.state, 0))
        samples.append(time.perf_counter() - start)
    print(f"legal_actions at a race's start:  {figures(samples)}")

    for level in ("random", "strong"):
        start = time.perf_counter()
        moves = sum(len(race(args.seed + n, level).moves) for n in range(args.games))
        elapsed = time.perf_counter() - start
        print(
            f"4-player games, {level} bots: {args.games / elapsed:.1f} games/s "
            f"({moves / args.games:.0f} moves a game)"
        )


if __name__ == "__main__":
    main()
