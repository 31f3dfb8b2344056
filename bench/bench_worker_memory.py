"""A worker's memory over many games: it must stay flat.

One local worker process (the server's own kind, :class:`~crafthall.server.compute.pool.
LocalPool`, never retired: ``worker_max_jobs`` 0) makes every move of ``--games`` games of two
bots of each level in turn, each move a ``bot_move`` job sent through the compute tier as the
server sends it (the table's header, its state, the seat, the level, the seed of the table's
version). Its resident memory is printed at the start and after every ``--every`` games of
each level; the last column is the growth over the level's second half, which a leak shows and
a filling bounded cache does not.

The default game is Wordcraft at two seats: its games are the shortest of the five (about 12
moves at two seats; an ``expert`` game about 5 CPU s), which keeps 100 games of each of the
four levels within about 15 minutes of CPU on one core.

    .venv/bin/python bench/bench_worker_memory.py
    .venv/bin/python bench/bench_worker_memory.py --game swordcrafters --games 20 --levels casual
"""

from __future__ import annotations

import argparse
import asyncio
import time

from crafthall.engine.record import Seat
from crafthall.games import new_match
from crafthall.server.compute import Compute, Priority
from crafthall.server.compute.jobs import bot_seed
from crafthall.server.compute.pool import LocalPool, rss_bytes

LEVELS = ("beginner", "casual", "strong", "expert")


def megabytes(pid: int) -> float:
    return rss_bytes(pid) / 2**20


async def play(tier: Compute, game: str, level: str, number: int) -> int:
    """One game of two bots of ``level``, every move a worker's job; its moves."""
    match = new_match(game, [Seat("A"), Seat("B")], seed=number)
    header = match.header.to_json()
    while match.result() is None:
        seat = match.active_seats()[0]
        args = (header, match.state, seat, level, bot_seed(number, seat, len(match.moves)))
        action, _ms = await tier.run("bot_move", args, Priority.BOTS_ONLY, "bench")
        match.apply(seat, action)
    return len(match.moves)


async def measure(game: str, levels: list[str], games: int, every: int) -> None:
    pool = LocalPool(1, 0)
    tier = Compute(pool)
    await tier.start()
    try:
        await tier.run("echo", (0,), Priority.HINT, "bench")
        pid = pool.pids()[0]
        print(f"worker {pid} at start: {megabytes(pid):.0f} MB", flush=True)
        for level in levels:
            sizes: list[float] = []
            moves = 0
            began = time.monotonic()
            for number in range(1, games + 1):
                moves += await play(tier, game, level, number)
                if number % every == 0:
                    sizes.append(megabytes(pid))
                    print(f"  {level} {number:4} games: {sizes[-1]:.0f} MB", flush=True)
            assert pool.pids() == [pid], "the worker was replaced: its memory is not measured"
            half = sizes[len(sizes) // 2 - 1] if len(sizes) > 1 else sizes[0]
            print(
                f"{level:9} RSS (MB) every {every} of {games} {game} games: "
                + " ".join(f"{size:.0f}" for size in sizes)
                + f"; second half {sizes[-1] - half:+.1f} MB; {moves} moves, "
                f"{time.monotonic() - began:.0f} s",
                flush=True,
            )
    finally:
        await tier.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="wordcraft", help="the game the bots play")
    parser.add_argument("--games", type=int, default=100, help="games of each level")
    parser.add_argument("--every", type=int, default=10, help="games between two readings")
    parser.add_argument("--levels", default=",".join(LEVELS), help="levels, comma-separated")
    args = parser.parse_args()
    asyncio.run(measure(args.game, args.levels.split(","), args.games, max(1, args.every)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
