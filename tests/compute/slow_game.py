"""A test-only game whose thinking takes a while, so that a test can stop a worker in the
middle of it: ``toy-turns`` with a bot level ``slow``, a search that pauses once per worker and
moves that pause once (a record's replay).

Each leaves a mark (a file holding the worker's process id) in the folder named by its
environment variable; the first to come there then thinks for :data:`THINK_SECONDS`, long
enough for the test to stop it, and any later one (the same job run again) at once. Without
the variable nothing pauses. Workers read the variables their server had when it started them.
"""

from __future__ import annotations

import os
import random
import time
from pathlib import Path
from typing import Any

from crafthall.bots.base import Bot
from crafthall.engine import Action, Event, State
from crafthall.games.entry import GameEntry
from tests.toygames import PlainText, ToyTurns

BOT_MARKS = "CRAFTHALL_TEST_SLOW_BOT"
"""The folder where the slow bot marks each move it starts thinking about."""
SEARCH_MARKS = "CRAFTHALL_TEST_SLOW_SEARCH"
"""The folder where a worker marks the first search it starts (hints, reviews)."""
REPLAY_MARKS = "CRAFTHALL_TEST_SLOW_REPLAY"
"""The folder where a process marks each move it applies (an upload's replay)."""
THINK_SECONDS = 120.0

_searched: list[int] = []


def mark(variable: str) -> None:
    """Leave this worker's mark in the folder ``variable`` names, then think a while."""
    folder = os.environ.get(variable)
    if not folder:
        return
    first = not any(Path(folder).iterdir())
    Path(folder, f"{os.getpid()}-{time.monotonic_ns()}").write_text(str(os.getpid()))
    if first:
        time.sleep(THINK_SECONDS)


def marks(folder: Path) -> list[int]:
    """The process ids of the workers that left a mark in ``folder``, oldest first."""
    found = sorted(folder.iterdir(), key=lambda path: int(path.name.split("-")[1]))
    return [int(path.read_text()) for path in found]


class SlowTurns(ToyTurns):
    name = "toy-slow"
    title = "Toy Slow"

    def determinize(self, state: State, seat: int, rng: Any) -> State:
        if not _searched:
            _searched.append(os.getpid())
            mark(SEARCH_MARKS)
        return super().determinize(state, seat, rng)

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        mark(REPLAY_MARKS)
        return super().apply(state, seat, action)


class SlowBot(Bot):
    level = "slow"

    def choose(self, state: State, seat: int) -> Action:
        mark(BOT_MARKS)
        return random.Random(0).choice(self._legal(state, seat))


ENTRY = GameEntry(
    game=SlowTurns,
    text=PlainText,
    summary="toy-turns, thinking slowly (tests)",
    bots={"slow": SlowBot},
)
