"""A balance study: many seeded bot games, kept as tables of per-game, per-seat and per-component
rows, ready for :mod:`crafthall.arena.report` or for pandas.

Game ``i`` of a study is fixed by ``i`` alone: its seed is ``first_seed + i``, its seat count
cycles through the plan's counts, and its lineup (the bots, cycled to the seat count) is
rotated so that every bot sits in every position equally often. So a study gives the same rows
on one process, on several or on a Ray cluster, and a comparison (``compare``) plays its second
configuration on exactly the same seeds and lineups.

>>> from crafthall.games import names
>>> plan = StudyPlan(names()[0], ("greedy", "random"), (2,), games=4)
>>> [plan.lineup(i) for i in range(3)]
[['greedy', 'random'], ['random', 'greedy'], ['greedy', 'random']]
>>> rows = run_study(plan)
>>> len(rows.games), len(rows.seats), sorted(rows.games[0])[:3]
(4, 8, ['bot_seconds', 'config', 'index'])
"""

from __future__ import annotations

import csv
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

from crafthall.arena.autoplay import play_to_end
from crafthall.arena.facts import Facts, study_facts
from crafthall.arena.spread import spread
from crafthall.bots.base import Bot
from crafthall.engine.data import Action, State
from crafthall.engine.errors import SetupError
from crafthall.engine.match import Match
from crafthall.engine.options import parse_options
from crafthall.engine.record import Seat
from crafthall.games import game_class, make_bot, new_match

Row = dict[str, Any]

TIMING_COLUMNS = ("bot_seconds",)
"""Measured, not computed: they vary between runs and are left out of reproducibility checks."""


@dataclass(frozen=True)
class StudyPlan:
    game: str
    bots: tuple[str, ...]
    """Bot levels, cycled over each table's seats (``("greedy",)``: greedy in every seat)."""
    seat_counts: tuple[int, ...]
    games: int
    first_seed: int = 1
    options: dict[str, Any] = field(default_factory=dict)
    label: str = "A"
    """The configuration's name in the rows (a comparison's second run is ``B``)."""

    def seats(self, index: int) -> int:
        return self.seat_counts[index % len(self.seat_counts)]

    def lineup(self, index: int) -> list[str]:
        """The bots of game ``index`` in turn order: the bot list, cycled to the seat count,
        starting one bot further on each pass over the seat counts. Over ``len(bots)`` passes
        every position sees every bot once, even where bots and seats differ in number."""
        turn = index // len(self.seat_counts)
        return [self.bots[(turn + n) % len(self.bots)] for n in range(self.seats(index))]

    def check(self) -> None:
        """Refuse a bad game, seat count, option or bot level before any game is played."""
        if self.games < 1:
            raise SetupError("A study needs at least 1 game.")
        if not self.bots or not self.seat_counts:
            raise SetupError("A study needs at least one bot level and one seat count.")
        for index in range(len(self.seat_counts)):
            match = self.start(index)
            for seat, level in enumerate(self.lineup(index)):
                make_bot(match.game, level, seat)

    def idle_change(self, change: dict[str, Any]) -> str | None:
        """A sentence when ``change`` leaves this plan's options as they are once the game's
        defaults are applied (``min_grouping=1`` where 1 is the default): its comparison
        would replay the same games and show nothing but zeros. ``None`` for a real change."""
        model = game_class(self.game).Options
        if parse_options(model, self.options) != parse_options(model, self.options | change):
            return None
        return (
            f"The comparison changes nothing: {assignments(change)} is what A plays already "
            "(the game's default or an --option), so B replays A's games and every difference "
            "is zero."
        )

    def start(self, index: int) -> Match:
        lineup = self.lineup(index)
        seats = [Seat(f"{level} {n + 1}", f"bot:{level}") for n, level in enumerate(lineup)]
        return new_match(self.game, seats, options=self.options, seed=self.first_seed + index)


def assignments(options: dict[str, Any]) -> str:
    """``{"min_grouping": 2}`` -> ``min_grouping=2``, as the options were given."""
    return ", ".join(f"{key}={value}" for key, value in options.items())


class TimedBot(Bot):
    """A bot that adds up the processor time its choices take."""

    def __init__(self, inner: Bot) -> None:
        super().__init__(inner.game, 0)
        self.inner = inner
        self.seconds = 0.0

    def choose(self, state: State, seat: int) -> Action:
        started = time.process_time()
        try:
            return self.inner.choose(state, seat)
        finally:
            self.seconds += time.process_time() - started


@dataclass(frozen=True)
class Played:
    """One study game's outcome and facts."""

    index: int
    seed: int
    lineup: list[str]
    scores: list[int]
    ranks: list[int]
    winners: list[int]
    moves: int
    bot_seconds: list[float]
    facts: Facts


def play_study_game(plan: StudyPlan, index: int) -> Played:
    match = plan.start(index)
    seed = plan.first_seed + index
    # The same bot seeds as ``seat_bots``, so a study's games are a simulation's games.
    bots = {
        seat: TimedBot(make_bot(match.game, level, seed * 7919 + seat))
        for seat, level in enumerate(plan.lineup(index))
    }
    players: dict[int, Bot] = dict(bots)
    play_to_end(match, players, seed)
    result = match.result()
    assert result is not None  # play_to_end returns finished games only
    return Played(
        index,
        seed,
        plan.lineup(index),
        result.scores,
        result.ranks,
        result.winners,
        len(match.moves),
        [bots[seat].seconds for seat in range(len(bots))],
        study_facts(match),
    )


@dataclass
class StudyRows:
    """A study's data: one row per game, per seat of a game, and per component fact."""

    games: list[Row] = field(default_factory=list)
    seats: list[Row] = field(default_factory=list)
    components: list[Row] = field(default_factory=list)

    def add(self, plan: StudyPlan, played: Played) -> None:
        count = len(played.lineup)
        key = {"config": plan.label, "index": played.index, "seed": played.seed, "seats": count}
        self.games.append(
            {
                **key,
                "moves": played.moves,
                "rounds": played.facts.table.get("rounds"),
                "bot_seconds": sum(played.bot_seconds),
                "winner_positions": " ".join(str(seat + 1) for seat in played.winners),
                **{
                    f"fact_{name}": value
                    for name, value in played.facts.table.items()
                    if name != "rounds"
                },
            }
        )
        wins = [1 / len(played.winners) if seat in played.winners else 0.0 for seat in range(count)]
        for seat in range(count):
            self.seats.append(
                {
                    **key,
                    "position": seat + 1,
                    "bot": played.lineup[seat],
                    "score": played.scores[seat],
                    "rank": played.ranks[seat],
                    "win": wins[seat],
                    "bot_seconds": played.bot_seconds[seat],
                    **{f"fact_{name}": value for name, value in played.facts.seats[seat].items()},
                }
            )
        for component in played.facts.components:
            owner = component.seat
            self.components.append(
                {
                    **key,
                    "family": component.family,
                    "name": component.name,
                    "position": None if owner is None else owner + 1,
                    "bot": None if owner is None else played.lineup[owner],
                    "value": component.value,
                    "win": None if owner is None else wins[owner],
                }
            )

    def tables(self) -> dict[str, list[Row]]:
        return {"games": self.games, "seats": self.seats, "components": self.components}

    def without_timings(self) -> dict[str, list[Row]]:
        """The rows without measured columns: equal for equal plans, wherever they ran."""
        return {
            name: [{k: v for k, v in row.items() if k not in TIMING_COLUMNS} for row in rows]
            for name, rows in self.tables().items()
        }


def run_study(
    plan: StudyPlan,
    *,
    jobs: int = 1,
    ray: str | None = None,
    compare: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
) -> StudyRows:
    """Play the plan (and, with ``compare``, the same games under those option changes)."""
    plans = [plan]
    if compare:
        plans = [replace(plan, label="A"), replace(plan, label="B", options=plan.options | compare)]
    for each in plans:
        each.check()
    rows = StudyRows()
    for each in plans:
        for played in spread(partial(play_study_game, each), range(each.games), jobs, ray):
            rows.add(each, played)
            if progress is not None:
                progress(1)
    return rows


def write_rows(rows: StudyRows, folder: Path) -> list[Path]:
    """Each table as CSV, and as Parquet too when pyarrow is installed (``crafthall[study]``)."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, table in rows.tables().items():
        columns = _columns(table)
        path = folder / f"{name}.csv"
        with path.open("w", newline="", encoding="utf-8") as out:
            writer = csv.DictWriter(out, columns)
            writer.writeheader()
            writer.writerows(table)
        written.append(path)
        try:
            import pyarrow as pa
            import pyarrow.parquet as pq
        except ImportError:
            continue
        arrays = {column: [row.get(column) for row in table] for column in columns}
        pq.write_table(pa.table(arrays), folder / f"{name}.parquet")
        written.append(folder / f"{name}.parquet")
    return written


def _columns(table: Iterable[Row]) -> list[str]:
    seen: dict[str, None] = {}
    for row in table:
        seen.update(dict.fromkeys(row))
    return list(seen)
