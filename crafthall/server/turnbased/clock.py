"""The time turn-based deadlines are counted in: the wall clock, which tests move forward.

A turn lasts hours or days; a test plays a week of them in seconds by moving this clock on
(:meth:`Clock.advance`), and the deadline scheduler, asleep until the next deadline, wakes to
look again. Everything else in the server keeps the real wall clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable


class Clock:
    """Seconds since the epoch, as :func:`time.time`, plus however far it was moved on."""

    def __init__(self) -> None:
        self.offset = 0.0
        self._moved: list[Callable[[], None]] = []

    def now(self) -> float:
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        """Move the clock ``seconds`` on (safe from any thread): whoever sleeps until a
        time is told to look again."""
        self.offset += seconds
        for tell in list(self._moved):
            tell()

    def when_moved(self, tell: Callable[[], None]) -> None:
        self._moved.append(tell)

    def forget(self, tell: Callable[[], None]) -> None:
        if tell in self._moved:
            self._moved.remove(tell)
