"""Ctrl-C and SIGTERM end any command with one sentence, from its first instant to its last.

This module is the ``crafthall`` command's entry point and imports nothing heavy, so a stop
pressed while the rest of the program is still loading is met as one pressed later (once the
loading is done, within a second or so): the sentence "crafthall: stopped." and exit code 130
(Ctrl-C) or 143 (SIGTERM), as a shell reports a program its signal ended; never a traceback.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
import sys
import threading
from collections.abc import Iterator


class Stopped(KeyboardInterrupt):
    """SIGTERM, met as Ctrl-C is: the command stops where it is."""

    signal_number = signal.SIGTERM


def _raise_stopped(signal_number: int, frame: object) -> None:
    raise Stopped


@contextlib.contextmanager
def sigterm_stops() -> Iterator[None]:
    """SIGTERM raises :class:`Stopped` inside the block (in the main thread only, where Python
    runs signal handlers); the handler before it comes back after, for callers such as tests."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _raise_stopped)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def say_stopped(stop: KeyboardInterrupt) -> int:
    """Stop any worker processes at once, say so, and give the exit code of the signal."""
    spread = sys.modules.get("crafthall.arena.spread")  # loaded if the command has pools
    if spread is not None:
        spread.stop_every_pool()
    for child in multiprocessing.active_children():  # any other: not waited for at exit
        child.kill()
        child.join()
    print("\ncrafthall: stopped.", file=sys.stderr)
    return exit_code(stop)


def exit_code(stop: KeyboardInterrupt) -> int:
    """130 for Ctrl-C, 143 for SIGTERM: as a shell reports a program its signal ended."""
    return 128 + getattr(stop, "signal_number", signal.SIGINT)


def main() -> int:
    """The ``crafthall`` command: the program loaded and run under the stop handling above."""
    with sigterm_stops():
        asked: list[int] = []
        with _noted(asked, signal.SIGINT), _noted(asked, signal.SIGTERM):
            from crafthall.cli.main import main as run_command
        if asked:
            return say_stopped(Stopped() if asked[0] == signal.SIGTERM else KeyboardInterrupt())
        return run_command()


@contextlib.contextmanager
def _noted(asked: list[int], signal_number: int) -> Iterator[None]:
    """While the program is imported, a stop is noted rather than raised: raised inside the
    import machinery it can be swallowed (an "Exception ignored" in a callback) and the
    command would run on. It takes effect the moment the import is done."""
    previous = signal.signal(signal_number, lambda number, frame: asked.append(number))
    try:
        yield
    finally:
        signal.signal(signal_number, previous)


if __name__ == "__main__":
    raise SystemExit(main())
