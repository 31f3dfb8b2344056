"""How fast Evocabulary's greedy bot finds its best spell (hand + locked letters + wilds).

Two measures:

- in play: seeded greedy games of 2 to 6 seats, timing ``best_spell`` at every turn where it
  is asked (figures for all turns, and for the turns with two or more wilds in hand);
- hands with 2 wilds: 100 seeded hands of 5 letters and 2 wilds on a fresh table, each
  timed 3 times keeping the fastest run (this filters out a busy machine's pauses).

Run: ``.venv/bin/python bench/bench_evocabulary.py``.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from crafthall.engine import Seat
from crafthall.games import make_bot, new_match
from crafthall.games.evocabulary.bots import best_spell
from crafthall.games.evocabulary.components import WILD, components
from crafthall.lexicon import Lexicon, load

GAMES = 12
HANDS = 100


def _timed(call: Callable[[], object], runs: int = 1) -> float:
    best = float("inf")
    for _ in range(runs):
        began = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - began)
    return best


def _figures(label: str, timings: list[float]) -> str:
    if not timings:
        return f"{label}: no turns"
    timings = sorted(timings)
    median = statistics.median(timings) * 1000
    p95 = timings[int(len(timings) * 0.95)] * 1000
    return (
        f"{label}: median {median:.1f} ms, p95 {p95:.1f} ms, max {timings[-1] * 1000:.1f} ms "
        f"over {len(timings)}"
    )


def in_play(lexicon: Lexicon) -> None:
    timings: list[float] = []
    wild_timings: list[float] = []
    for seed in range(GAMES):
        seats = 2 + seed % 5
        match = new_match(
            "evocabulary", [Seat(f"P{n}") for n in range(seats)], seed=seed, lexicon=lexicon
        )
        bots = {s: make_bot(match.game, "greedy", s) for s in range(seats)}
        while match.result() is None:
            seat = match.active_seats()[0]
            view = match.view(seat)
            if view["phase"] == "turn":
                took = _timed(lambda: best_spell(match.game, view, seat))  # noqa: B023
                timings.append(took)
                if view["hand"].count(WILD) >= 2:
                    wild_timings.append(took)
            match.apply(seat, bots[seat].choose(match.state, seat))
    print(_figures(f"in play, {GAMES} greedy games of 2-6 seats, all turns", timings))
    print(_figures("in play, turns with 2+ wilds in hand", wild_timings))


def two_wild_hands(lexicon: Lexicon) -> None:
    letters = [face for face in components().faces if face != WILD]
    picker = random.Random(7)
    timings = []
    for n in range(HANDS):
        hand = [*picker.sample(letters, 5), WILD, WILD]
        match = new_match(
            "evocabulary",
            [Seat("P0"), Seat("P1")],
            seed=n,
            fixed={"hands": [hand, None]},
            lexicon=lexicon,
        )
        view = match.view(0)
        timings.append(_timed(lambda: best_spell(match.game, view, 0), runs=3))  # noqa: B023
    print(_figures(f"{HANDS} hands of 5 letters + 2 wilds, fastest of 3 runs", timings))


def main() -> None:
    lexicon = load("standard")
    warm = new_match("evocabulary", [Seat("P0"), Seat("P1")], seed=0, lexicon=lexicon)
    best_spell(warm.game, warm.view(0), 0)  # build the lexicon's word index once
    two_wild_hands(lexicon)
    in_play(lexicon)


if __name__ == "__main__":
    main()
