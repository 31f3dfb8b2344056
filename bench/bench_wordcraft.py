"""Wordcraft engine speed: random full 4-player games per second on one core, and the median
time of ``legal_actions`` and of a greedy bot's move, on the standard dictionary.

    .venv/bin/python bench/bench_wordcraft.py [--games 20] [--seed 1]

The first game is played untimed to load the dictionary and warm its word-family cache; the
figures are for the games after it (each still meets new grids: nothing is reused across seeds
but the lexicon's own caches).
"""

from __future__ import annotations

import argparse
import statistics
import time

from crafthall.arena.autoplay import play_to_end, seat_bots
from crafthall.engine import Match, Seat
from crafthall.games import make_bot, new_match
from crafthall.lexicon import load

SEATS = [Seat(f"bot{n}", "bot:random") for n in range(4)]


def random_game(seed: int) -> Match:
    match = new_match("wordcraft", SEATS, seed=seed)
    return play_to_end(match, seat_bots(match, ["random"], seed), seed=seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    started = time.perf_counter()
    load("standard")
    print(f"standard dictionary loaded in {time.perf_counter() - started:.2f} s")
    random_game(args.seed - 1)

    moves = 0
    started, cpu = time.perf_counter(), time.process_time()
    matches = []
    for game in range(args.games):
        match = random_game(args.seed + game)
        moves += len(match.moves)
        matches.append(match)
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    print(
        f"random 4-player games: {args.games} in {elapsed:.2f} s = "
        f"{args.games / elapsed:.2f} games/s ({moves / args.games:.0f} moves per game, "
        f"{elapsed / moves * 1000:.1f} ms per move); by CPU time {args.games / cpu:.2f} games/s "
        "(the fairer figure on a busy machine)"
    )

    # Replay the same games, timing legal_actions and a greedy move at every position.
    legal_times: list[float] = []
    greedy_times: list[float] = []
    counts: list[int] = []
    for match in matches[:5]:
        replay = new_match("wordcraft", SEATS, seed=match.header.seed)
        greedy = make_bot(replay.game, "greedy", 0)
        for move in match.moves:
            started = time.perf_counter()
            actions = list(replay.game.legal_actions(replay.state, move.seat))
            legal_times.append(time.perf_counter() - started)
            counts.append(len(actions))
            started = time.perf_counter()
            greedy.choose(replay.state, move.seat)
            greedy_times.append(time.perf_counter() - started)
            replay.apply(move.seat, move.action)
    print(
        f"legal_actions: median {statistics.median(legal_times) * 1000:.2f} ms "
        f"(max {max(legal_times) * 1000:.1f} ms; median {statistics.median(counts):.0f} actions, "
        f"{len(legal_times)} positions)"
    )
    print(
        f"greedy move: median {statistics.median(greedy_times) * 1000:.2f} ms "
        f"(max {max(greedy_times) * 1000:.1f} ms)"
    )


if __name__ == "__main__":
    main()
