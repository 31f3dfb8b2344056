"""Many bot games for research: seeded, reproducible, optionally on several processes.

Game ``n`` of a run is played from seed ``first_seed + n`` whatever the number of processes (or
Ray workers), so a run can be repeated exactly, and states are plain data, so workers need no
special pickling.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from crafthall.arena.autoplay import play_to_end, seat_bots
from crafthall.arena.spread import spread
from crafthall.engine.match import Match
from crafthall.engine.record import Seat
from crafthall.games import new_match


@dataclass(frozen=True)
class Simulation:
    game: str
    levels: list[str]
    """A bot level per seat, in turn order."""
    options: dict[str, Any] = field(default_factory=dict)
    fixed: dict[str, Any] | None = None

    def start(self, seed: int) -> Match:
        seats = [Seat(f"{level} {n + 1}", f"bot:{level}") for n, level in enumerate(self.levels)]
        return new_match(self.game, seats, options=self.options, seed=seed, fixed=self.fixed)


@dataclass(frozen=True)
class Outcome:
    seed: int
    scores: list[int]
    winners: list[int]
    moves: int
    record: list[str] | None
    """The match record's lines, when asked for."""


def play_one(simulation: Simulation, seed: int, keep_record: bool = False) -> Outcome:
    """One game between the simulation's bots, from ``seed``."""
    match = simulation.start(seed)
    play_to_end(match, seat_bots(match, simulation.levels, seed), seed)
    result = match.result()
    assert result is not None  # play_to_end returns only finished games
    return Outcome(
        seed,
        result.scores,
        result.winners,
        len(match.moves),
        match.record_lines() if keep_record else None,
    )


def run(
    simulation: Simulation,
    games: int,
    first_seed: int = 1,
    jobs: int = 1,
    keep_records: bool = False,
    ray: str | None = None,
) -> Iterator[Outcome]:
    """Outcomes of ``games`` games, in seed order, played on ``jobs`` processes, or on a Ray
    cluster at ``ray`` (see :mod:`crafthall.arena.spread`)."""
    seeds = range(first_seed, first_seed + games)
    one = partial(play_one, simulation, keep_record=keep_records)
    if jobs > 1 and ray is None:
        simulation.start(first_seed)  # load the dictionary once, before the workers fork
    yield from spread(one, seeds, jobs, ray)
