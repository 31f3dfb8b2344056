"""How fast every game can be thought about: what search bots, hints and simulations need.

For each game at 2 and 4 seats (or the game's own bounds) it prints, in CPU time on one core:

- random playouts/s: whole games from a fresh set-up, each move drawn by ``sample_action`` and
  applied in place on one state (no copy per move), as a search rollout does;
- legal-action listing median / p99 / max over positions from random games, with the number
  of actions at the slowest position;
- clone+apply median: a copy of the state and one move on it, as a tree search expands a node;
- determinize median: one sample of what a seat cannot see.

    .venv/bin/python bench/bench_playouts.py                 # every game, about a minute each
    .venv/bin/python bench/bench_playouts.py --game wordcraft --seats 4 --seconds 5

Positions for the listing figures are the first ``--positions`` states met during the random
playouts; dictionaries and per-dictionary tables are loaded before timing starts.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from crafthall.engine import Game, State, clone
from crafthall.games import make_game, names, new_match


def cpu() -> float:
    return time.process_time()


def playout(game: Game, state: State, rng: random.Random, positions: list[State] | None) -> int:
    """Play ``state`` to its end in place; returns the number of moves."""
    moves = 0
    while game.result(state) is None:
        active = game.active_seats(state)
        seat = active[0] if len(active) == 1 else rng.choice(active)
        if positions is not None:
            positions.append(clone(state))
        game.apply(state, seat, game.sample_action(state, seat, rng))
        moves += 1
    return moves


def timed(samples: list[State], step: Callable[[State], Any]) -> list[float]:
    """CPU seconds of ``step`` on each sample."""
    spent = []
    for sample in samples:
        start = cpu()
        step(sample)
        spent.append(cpu() - start)
    return spent


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def measure(name: str, seats: int, seconds: float, wanted_positions: int) -> dict[str, Any]:
    game = make_game(name)
    new_match(name, [f"P{n}" for n in range(seats)], seed=0)  # loads dictionaries and tables
    rng = random.Random(seats)

    # positions for the per-position figures, from random games (copying them is not timed)
    positions: list[State] = []
    seed = 10_000
    while len(positions) < wanted_positions:
        playout(game, game.setup(seats, seed, None), rng, positions)
        seed += 1

    gc.collect()
    gc.freeze()  # the kept positions are long-lived: full collections would time them, not play

    games = moves = 0
    start = cpu()
    while cpu() - start < seconds or games == 0:
        moves += playout(game, game.setup(seats, games + 1, None), rng, None)
        games += 1
    spent_playing = cpu() - start

    sample = positions[:wanted_positions]
    listing: list[float] = []
    most_actions = 0
    slowest_count = 0
    for state in sample:
        for seat in game.active_seats(state):
            begin = cpu()
            count = sum(1 for _ in game.legal_actions(state, seat))
            spent = cpu() - begin
            listing.append(spent)
            most_actions = max(most_actions, count)
            if spent >= max(listing):
                slowest_count = count

    def clone_apply(state: State) -> None:
        seat = game.active_seats(state)[0]
        action = game.sample_action(state, seat, rng)
        game.apply(clone(state), seat, action)

    applying = timed(sample, clone_apply)
    determinizing = timed(
        sample, lambda state: game.determinize(state, game.active_seats(state)[0], rng)
    )
    return {
        "game": name,
        "seats": seats,
        "playouts_per_s": games / spent_playing,
        "moves_per_game": moves / games,
        "positions": len(sample),
        "list_median_ms": 1000 * statistics.median(listing),
        "list_p99_ms": 1000 * percentile(listing, 0.99),
        "list_max_ms": 1000 * max(listing),
        "list_slowest_actions": slowest_count,
        "list_most_actions": most_actions,
        "clone_apply_median_ms": 1000 * statistics.median(applying),
        "determinize_median_ms": 1000 * statistics.median(determinizing),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a game (repeatable); default: all")
    parser.add_argument("--seats", type=int, action="append", help="default: 2 and 4")
    parser.add_argument("--seconds", type=float, default=3.0, help="playout time per line")
    parser.add_argument("--positions", type=int, default=1000, help="positions for listing")
    args = parser.parse_args()
    header = (
        f"{'game':<15}{'seats':>5}{'playouts/s':>12}{'moves':>7}{'list med':>10}"
        f"{'p99':>8}{'max':>8}{'(actions)':>10}{'clone+apply':>13}{'determinize':>13}"
    )
    print(header)
    print("-" * len(header))
    for name in args.game or names():
        game = make_game(name)
        for seats in args.seats or [2, 4]:
            seats = min(max(seats, game.min_seats), game.max_seats)
            row = measure(name, seats, args.seconds, args.positions)
            print(
                f"{row['game']:<15}{row['seats']:>5}{row['playouts_per_s']:>12.1f}"
                f"{row['moves_per_game']:>7.0f}{row['list_median_ms']:>8.3f}ms"
                f"{row['list_p99_ms']:>6.2f}ms{row['list_max_ms']:>6.1f}ms"
                f"{row['list_slowest_actions']:>10}{row['clone_apply_median_ms']:>11.3f}ms"
                f"{row['determinize_median_ms']:>11.3f}ms",
                flush=True,
            )
    print("\nCPU time on one core; listing over the first positions of the random playouts.")


if __name__ == "__main__":
    main()
