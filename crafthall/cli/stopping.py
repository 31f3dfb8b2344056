"""Ctrl-C and SIGTERM end any command with one sentence, from its first instant to its last.

This module is the ``crafthall`` command's entry point and imports nothing heavy, so a stop
pressed while the rest of the program is still loading is met as one pressed later: the
sentence "crafthall: stopped." and exit code 130 (Ctrl-C) or 143 (SIGTERM), as a shell reports
a program its signal ended, and never a traceback.
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
    # A pool still open in a generator not yet closed would otherwise be waited for at exit,
    # its workers finishing their games first.
    for child in multiprocessing.active_children():
        child.kill()
        child.join()
    print("\ncrafthall: stopped.", file=sys.stderr)
    return 128 + getattr(stop, "signal_number", signal.SIGINT)


def main() -> int:
    """The ``crafthall`` command: the program loaded and run under the stop handling above."""
    with sigterm_stops():
        try:
            from crafthall.cli.main import main as run_command
        except KeyboardInterrupt as stop:
            return say_stopped(stop)
        return run_command()


if __name__ == "__main__":
    raise SystemExit(main())
