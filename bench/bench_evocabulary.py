"""How fast Evocabulary's greedy bot finds its best spell (hand + locked letters + wilds).

Plays seeded greedy games and times ``best_spell`` at every turn where it is asked; prints
the median and the 95th percentile. Run: ``.venv/bin/python bench/bench_evocabulary.py``.
"""

from __future__ import annotations

import statistics
import time

from crafthall.bots.base import make_bot
from crafthall.engine import Match, Seat
from crafthall.games.evocabulary.bots import best_spell
from crafthall.lexicon import load

GAMES = 12


def main() -> None:
    lexicon = load("standard")
    timings: list[float] = []
    wild_turns = 0
    for seed in range(GAMES):
        seats = 2 + seed % 5
        match = Match.start(
            "evocabulary", [Seat(f"P{n}") for n in range(seats)], seed=seed, lexicon=lexicon
        )
        if seed == 0:  # warm the lexicon's word index once
            best_spell(match.game, match.view(0), 0)
        bots = {s: make_bot(match.game, "greedy", s) for s in range(seats)}
        while match.result() is None:
            seat = match.active_seats()[0]
            view = match.view(seat)
            if view["phase"] == "turn":
                began = time.perf_counter()
                best_spell(match.game, view, seat)
                timings.append(time.perf_counter() - began)
                wild_turns += "?" in view["hand"]
            match.apply(seat, bots[seat].choose(match.state, seat))
    timings.sort()
    median = statistics.median(timings) * 1000
    p95 = timings[int(len(timings) * 0.95)] * 1000
    print(
        f"evocabulary greedy best_spell: median {median:.1f} ms, p95 {p95:.1f} ms, "
        f"max {timings[-1] * 1000:.1f} ms over {len(timings)} turns "
        f"({wild_turns} with a wild in hand), {GAMES} games of 2-6 seats"
    )


if __name__ == "__main__":
    main()
