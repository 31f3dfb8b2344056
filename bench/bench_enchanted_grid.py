"""Enchanted Grid: how fast the engine can think, and how fast bots play whole games.

Prints, at 2 and 4 seats (CPU time, one core): random playouts per second with
``sample_action`` applied in place on one state; legal-action listing median / p99 / max over
positions from random games; clone + apply median; determinize median. Then whole matches
played by the random and greedy bots.

Run: .venv/bin/python bench/bench_enchanted_grid.py [--quick]
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from crafthall.engine import Seat, clone
from crafthall.engine.data import State
from crafthall.engine.game import Game
from crafthall.games import make_bot, make_game, new_match
from crafthall.lexicon import load

clock = time.process_time


def playout(game: Game, state: State, rng: random.Random) -> int:
    moves = 0
    while game.result(state) is None:
        seat = rng.choice(game.active_seats(state))
        game.apply(state, seat, game.sample_action(state, seat, rng))
        moves += 1
    return moves


def positions(game: Game, seats: int, count: int) -> list[tuple[State, int]]:
    """``count`` positions from random games, each with its active seat."""
    found: list[tuple[State, int]] = []
    rng = random.Random(7)
    while len(found) < count:
        state = game.setup(seats, rng.getrandbits(32))
        while game.result(state) is None and len(found) < count:
            seat = rng.choice(game.active_seats(state))
            found.append((clone(state), seat))
            game.apply(state, seat, game.sample_action(state, seat, rng))
    return found


def quantiles(times: list[float]) -> str:
    times = sorted(times)
    p99 = times[int(len(times) * 0.99) - 1]
    return (
        f"median {statistics.median(times) * 1e6:.0f} us, p99 {p99 * 1e6:.0f} us, "
        f"max {times[-1] * 1e6:.0f} us"
    )


def hooks(seats: int, games: int, count: int) -> None:
    game = make_game("enchanted-grid", lexicon=load("standard"))
    rng = random.Random(1)
    playout(game, game.setup(seats, 0), rng)  # warm the caches
    started, moves = clock(), 0
    for seed in range(games):
        moves += playout(game, game.setup(seats, seed), rng)
    took = clock() - started
    print(f"{seats} seats: {games / took:.0f} random playouts/s ({moves / games:.0f} moves a game)")
    listing, applying, determinizing = [], [], []
    for state, seat in positions(game, seats, count):
        started = clock()
        actions = list(game.legal_actions(state, seat))
        listing.append(clock() - started)
        action = rng.choice(actions)
        started = clock()
        game.apply(clone(state), seat, action)
        applying.append(clock() - started)
        started = clock()
        game.determinize(state, seat, rng)
        determinizing.append(clock() - started)
    print(f"  legal-action listing: {quantiles(listing)}")
    print(f"  clone + apply: median {statistics.median(applying) * 1e6:.0f} us")
    print(f"  determinize: median {statistics.median(determinizing) * 1e6:.0f} us")


def play(seed: int, level: str) -> int:
    seats = [Seat("A"), Seat("B")]
    match = new_match("enchanted-grid", seats, seed=seed, lexicon=load("standard"))
    bots = [make_bot(match.game, level, seed * 2 + seat) for seat in range(2)]
    while match.result() is None:
        (seat,) = match.active_seats()
        match.apply(seat, bots[seat].choose(match.state, seat))
    return len(match.moves)


def main() -> None:
    quick = "--quick" in sys.argv
    load("standard")
    for seats in (2, 4):
        hooks(seats, 20 if quick else 200, 1000 if quick else 3000)
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
