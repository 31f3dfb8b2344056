"""The part of a view every viewer shares, worked out once per state.

A server asks for every seat's view of one state in a row (and a spectator's); in most games
all but a few keys are the same for each. :class:`SharedViews` keeps that shared part of the
last few states, so the second and later viewers get a copy instead of a new computation.

The cache is keyed on the state's content (its ``marshal`` bytes, a few microseconds; equal
bytes load back to equal data), never on its identity, so a state changed in place is never
served a stale view, and nothing is added to the state or its record. It keeps bytes, so each
caller gets objects of its own to keep or change.
"""

from __future__ import annotations

import marshal
import threading
from collections.abc import Callable, Hashable
from typing import Any

from crafthall.engine.data import State

RECENT_STATES = 32
"""How many states' shared parts a cache keeps: views of one state are asked for in a row, so
a few tables' worth is plenty."""


class SharedViews:
    """Shared parts of views of the last ``size`` states; safe to use from several threads
    (views may be worked out off a server's event loop)."""

    def __init__(self, size: int = RECENT_STATES) -> None:
        self.size = size
        self._packed: dict[tuple[Hashable, bytes], bytes] = {}
        self._lock = threading.Lock()

    def get(
        self, state: State, build: Callable[[], dict[str, Any]], key: Hashable = None
    ) -> dict[str, Any]:
        """``build()``, the shared part of ``state``'s views (with ``key``: what else it
        depends on, such as a table's options), or a copy of it from an earlier call."""
        try:
            cache_key = (key, marshal.dumps(state))
        except ValueError:  # not plain data (never a real state): no caching
            return build()
        with self._lock:
            packed = self._packed.get(cache_key)
        if packed is not None:
            loaded: dict[str, Any] = marshal.loads(packed)
            return loaded
        shared = build()
        packed = marshal.dumps(shared)
        with self._lock:
            self._packed[cache_key] = packed
            while len(self._packed) > self.size:
                del self._packed[next(iter(self._packed))]  # the oldest first
        return shared

    def clear(self) -> None:
        with self._lock:
            self._packed.clear()
