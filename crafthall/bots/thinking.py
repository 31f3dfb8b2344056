"""How long a bot thought about its move, for the people at its table.

The time is the CPU time of the thread that ran :meth:`Bot.choose`, not wall time: on a
server busy with other tables (or a shared machine) wall time would mostly count the wait for
a core, and it would also count the pause a bot takes so that people can follow its moves.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from crafthall.bots.base import Bot
from crafthall.engine.data import Action, State


@dataclass(frozen=True)
class Thought:
    action: Action
    seconds: float
    """CPU seconds of the thinking thread while the bot chose ``action``."""

    @property
    def ms(self) -> int:
        return round(self.seconds * 1000)


def think(bot: Bot, state: State, seat: int) -> Thought:
    """``bot``'s move for ``seat`` in ``state``, with the CPU time it took (call it on the
    thread that should do the thinking: the time is that thread's own)."""
    start = time.thread_time()
    action = bot.choose(state, seat)
    return Thought(action, time.thread_time() - start)


def thought_text(level: str, ms: int) -> str:
    """``casual bot thought 0.4 s``: the words the browser and the terminal show."""
    took = "under 0.1 s" if ms < 50 else f"{ms / 1000:.1f} s"
    return f"{level} bot thought {took}"
