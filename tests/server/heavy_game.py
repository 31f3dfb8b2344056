"""A test-only game whose every move takes several milliseconds of CPU: its changes must stay
off the event loop however many it makes."""

from __future__ import annotations

import time

from crafthall.engine import Action, Event, State
from crafthall.games.entry import GameEntry
from tests.toygames import PlainText, ToyTurns

CPU_SECONDS = 0.008
"""What a move costs: past five times the server's default budget for the loop (1 ms)."""


class HeavyTurns(ToyTurns):
    name = "toy-heavy"
    title = "Toy Heavy"

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        began = time.thread_time()
        while time.thread_time() - began < CPU_SECONDS:
            pass
        return super().apply(state, seat, action)


ENTRY = GameEntry(game=HeavyTurns, text=PlainText, summary="toy-turns, slow to play (tests)")
