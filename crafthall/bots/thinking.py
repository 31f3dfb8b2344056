"""How long a bot thought about its move, for the people at its table.

The time is the CPU time of the thread that ran :meth:`Bot.choose`, not wall time: on a
server busy with other tables (or a shared machine) wall time would mostly count the wait for
a core, and it would also count the pause a bot takes so that people can follow its moves.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from crafthall.bots.base import Bot
from crafthall.bots.ismcts import Deadline
from crafthall.engine.data import Action, State


@dataclass(frozen=True)
class Thought:
    action: Action
    seconds: float
    """CPU seconds of the thinking thread while the bot chose ``action``."""

    @property
    def ms(self) -> int:
        return round(self.seconds * 1000)


def think(bot: Bot, state: State, seat: int, seconds: float | None = None) -> Thought:
    """``bot``'s move for ``seat`` in ``state``, with the CPU time it took (call it on the
    thread that should do the thinking: the time is that thread's own).

    Someone waits for this move, so it gets ``seconds`` of CPU at most (by default the bot's
    level's :meth:`~crafthall.bots.base.Bot.think_budget`): a search still running then stops
    and the bot plays its best move so far."""
    start = time.thread_time()
    limit = bot.think_budget() if seconds is None else seconds
    deadline = None if limit is None else Deadline(start + limit, cpu=True)
    action = bot.choose_before(state, seat, deadline)
    return Thought(action, time.thread_time() - start)


def thought_text(level: str, ms: int) -> str:
    """``casual bot thought 0.4 s``: the words the browser and the terminal show."""
    took = "under 0.1 s" if ms < 50 else f"{ms / 1000:.1f} s"
    return f"{level} bot thought {took}"
