"""Keeping Python's garbage collector out of the tail, and measuring what is left of it.

A full collection walks every object the collector tracks: with hundreds of tables loaded that
took a tenth of a second or more, during which every table waits. So, once started, the server
freezes what is alive (the games, its modules), and again after each middle and full
collection (what survived them: tables loaded since, their states and records, open
connections) and when a table is loaded: a later collection walks only what was made since the
last freeze. With 500 word-game tables on two processes (``bench/bench_server.py``), freezing
after full collections only left 3-4 of them a run, of 30-45 ms each; freezing after middle
ones too left none.

What is frozen is never collected: an object frozen alive that later dies in a reference cycle
stays until the frozen objects are handed back to the collector, after ``THAW_AFTER`` tables
have left memory; the next full collection (one longer pause) reclaims them, and freezing
starts again. So the server's own work makes no reference cycles: the games' moves, views and
legal lists are tested for it (``tests/games/test_conformance.py``), and so are a WebSocket's
life and a table's, from its making to its unloading (``tests/server/test_limits.py``); 40 s
of 500 tables left none. Tables let go because another process serves them are not counted.
"""

from __future__ import annotations

import gc
import time
from typing import Any

THRESHOLDS = (700, 10, 10)
"""Python's own: measured with bench/bench_server.py (500 tables, think 1 s), a young
generation of 5,000 made each young pause 24 ms and each middle one 65 ms (game states are
large containers, each walked whole), against 5 and 26 ms here; set explicitly so that a
library changing them does not change the server's tail."""

THAW_AFTER = 1000
"""Tables unloaded before the frozen objects are given back to the collector."""


class GcWatch:
    """A ``gc.callbacks`` hook: counts collections and their pauses per generation, and
    freezes the survivors of each middle and full collection (when ``freeze`` is set)."""

    def __init__(self, freeze: bool = True) -> None:
        self.freeze = freeze
        self.collections = [0, 0, 0]
        self.longest = [0.0, 0.0, 0.0]
        """Longest pause of each generation's collections, in seconds."""
        self.total = 0.0
        self.unloaded = 0
        self._began = 0.0
        self._thawed = False
        """Given back to the collector, and no full collection since: nothing is frozen."""

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        # The collecting thread's own CPU time: this callback is Python code, and another
        # thread may take the interpreter lock between "start" and "stop" (wall-clock time
        # would count its work as the collector's pause).
        if phase == "start":
            self._began = time.thread_time()
            return
        took = time.thread_time() - self._began
        generation = int(info["generation"])
        self.collections[generation] += 1
        self.longest[generation] = max(self.longest[generation], took)
        self.total += took
        if generation == 2:
            self._thawed = False
        if generation >= 1 and self.freeze and not self._thawed:
            gc.freeze()  # what survived lives on, as a rule: out of the next collection's way

    def install(self) -> None:
        gc.set_threshold(*THRESHOLDS)
        if self not in gc.callbacks:
            gc.callbacks.append(self)

    def uninstall(self) -> None:
        if self in gc.callbacks:
            gc.callbacks.remove(self)

    def table_loaded(self) -> None:
        """A table was read into memory (or made): it lives on, so out of the collector's
        way at once, rather than walked by every full collection until the next one ends.
        (Freezing is one list splice; what else is alive now, if it dies later, is still
        freed when its last reference goes, only a reference cycle among it waits for the
        next thaw.)"""
        if self.freeze and not self._thawed and self in gc.callbacks:
            gc.freeze()

    def tables_unloaded(self, count: int) -> None:
        """``count`` tables left memory: after enough, let the collector reclaim them."""
        self.unloaded += count
        if self.freeze and self.unloaded >= THAW_AFTER:
            self.unloaded = 0
            self._thawed = True  # nothing is frozen again before the next full collection
            gc.unfreeze()

    def report(self) -> dict[str, Any]:
        """Collections and pauses so far (``/healthz/gc``, read by the benchmark)."""
        return {
            "collections": list(self.collections),
            "longest_ms": [round(s * 1000, 2) for s in self.longest],
            "total_ms": round(self.total * 1000, 1),
            "frozen": gc.get_freeze_count(),
            "thresholds": list(gc.get_threshold()),
        }
