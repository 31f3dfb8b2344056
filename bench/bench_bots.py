"""Bot levels' speed: search iterations per second and time per move, per game.

Each level chooses a move in the same positions (taken from seeded random games at several
depths); the figures are CPU seconds on one core, so other work on the machine disturbs them
less than wall-clock time would.

Moves are made as a server makes them, within the level's think budget of CPU seconds
(``crafthall.bots.thinking.think``); ``cut`` counts the moves whose search that budget stopped
before its iterations were spent (``--untimed``: the iterations alone, as tournaments play).

The guided levels (``swift``, ``master``) are marked ``net`` where they search with the game's
shipped network, ``(fallback)`` where the game has none that fits and they play as the level
they fall back to.

Run: .venv/bin/python bench/bench_bots.py [--game NAME] [--seats 2] [--positions 6]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from crafthall.bots.levels import LADDER, LevelBot
from crafthall.bots.thinking import think
from crafthall.engine import clone
from crafthall.engine.data import State
from crafthall.engine.game import Game
from crafthall.engine.record import Seat
from crafthall.games import make_bot, names, new_match

Spot = tuple[State, int]
"""A position and the seat that chooses there."""


def positions(game: str, seats: int, count: int, seed: int = 7) -> tuple[Game, list[Spot]]:
    """``count`` positions of one random game, spread over its length, with the seat to act."""
    match = new_match(game, [Seat(f"P{n + 1}") for n in range(seats)], seed=seed)
    rng = random.Random(seed)
    seen: list[Spot] = []
    while match.result() is None:
        seat = rng.choice(match.active_seats())
        seen.append((clone(match.state), seat))
        match.apply(seat, match.game.sample_action(match.state, seat, rng))
    step = max(1, len(seen) // count)
    return match.game, seen[::step][:count]


def bench(game: str, seats: int, count: int, levels: list[str], timed: bool) -> None:
    rules, spots = positions(game, seats, count)
    for level in levels:
        times: list[float] = []
        iterations = cut = 0
        for number, (state, seat) in enumerate(spots):
            bot = make_bot(rules, level, number)
            started = time.process_time()
            if timed:
                think(bot, state, seat)
            else:
                bot.choose(state, seat)
            times.append(time.process_time() - started)
            if isinstance(bot, LevelBot):
                iterations, cut = iterations + bot.iterations, cut + bot.cut
        total = sum(times)
        rate = f"{iterations / total:9.0f}" if iterations and total else f"{'-':>9}"
        print(
            f"{game:15} {level:9} {rate} {statistics.fmean(times):9.3f} {max(times):9.3f}"
            f" {cut:4}{_guided(make_bot(rules, level, 0), seats)}",
            flush=True,
        )


def _guided(bot: object, seats: int) -> str:
    """`` net`` for a level searching with a network, `` (fallback)`` for one that would but
    has none to read, nothing for the others."""
    if not isinstance(bot, LevelBot) or bot.guide is None:
        return ""
    return "  net" if bot.guiding_network(seats) is not None else "  (fallback)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game (repeat it); default: all")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--positions", type=int, default=6, help="positions per game")
    parser.add_argument("--level", action="append", help="a level (repeat it); default: all")
    parser.add_argument(
        "--untimed", action="store_true", help="no think budget: the levels' iterations alone"
    )
    args = parser.parse_args()
    levels = args.level or ["greedy", *LADDER]
    print(f"{'game':15} {'level':9} {'iter/s':>9} {'s/move':>9} {'max s':>9} {'cut':>4}")
    print("-" * 60)
    for game in args.game or names():
        bench(game, args.seats, args.positions, levels, not args.untimed)
    print(
        "\nCPU seconds on one core; iter/s counts search iterations (levels that search); cut:"
        " moves the level's think budget stopped early."
    )


if __name__ == "__main__":
    main()
