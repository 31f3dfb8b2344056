"""What a legal-action list costs the server: each game's lists, as the server builds them.

A person's update carries its seat's legal actions (at most ``Settings.legal_limit``, 300),
worked out in the web process on its game threads (:func:`crafthall.server.updates.
legal_actions`); a bot's searches run on workers. This plays ``--games`` games of each game
(two and four seats, random moves, the server's default options) and times the list of the
active seat at every position in CPU time, printing p50, p99 and the slowest per game, after
one game that is not counted (its first list loads the game's dictionary and caches).

    .venv/bin/python bench/bench_legal.py
    .venv/bin/python bench/bench_legal.py --games 10 --limit 300
"""

from __future__ import annotations

import argparse
import random
import time
from itertools import islice

from crafthall.engine.record import Seat
from crafthall.games import names, new_match


def p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(game: str, games: int, limit: int) -> list[float]:
    """CPU milliseconds of each position's legal list over ``games`` random games."""
    costs: list[float] = []
    for number in range(games):
        seats = 2 if number % 2 == 0 else 4
        match = new_match(game, [Seat(f"P{n}") for n in range(seats)], seed=number)
        picker = random.Random(number)
        while match.result() is None and len(match.moves) < 2000:
            seat = match.active_seats()[0]
            began = time.thread_time()
            actions = list(islice(match.game.legal_actions(match.state, seat), limit))
            costs.append((time.thread_time() - began) * 1000)
            if not actions:
                break
            match.apply(seat, picker.choice(actions))
    return costs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games of each game")
    parser.add_argument("--limit", type=int, default=300, help="actions in one list at most")
    args = parser.parse_args()
    for game in names():
        first = measure(game, 1, args.limit)  # the dictionary loads, the caches fill
        costs = measure(game, args.games, args.limit)
        print(
            f"{game:15} first list {first[0]:6.1f} ms; then {len(costs):5} lists: p50 "
            f"{p(costs, 0.5):6.2f} ms, p99 "
            f"{p(costs, 0.99):6.2f} ms, slowest {max(costs):6.2f} ms (CPU)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
