"""A test-only game whose legal-action list waits on a gate the test opens: while it waits,
the rest of the server must go on (game work runs off the event loop)."""

from __future__ import annotations

import threading
from collections.abc import Iterator

from crafthall.engine import Action, State
from crafthall.games.entry import GameEntry
from tests.patience import PATIENCE
from tests.toygames import PlainText, ToyTurns

GATE = threading.Event()
GATE.set()


class GatedTurns(ToyTurns):
    name = "toy-gated"
    title = "Toy Gated"

    def legal_actions(self, state: State, seat: int) -> Iterator[Action]:
        GATE.wait(PATIENCE)
        yield from super().legal_actions(state, seat)


ENTRY = GameEntry(game=GatedTurns, text=PlainText, summary="toy-turns behind a gate (tests)")
