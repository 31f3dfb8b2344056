"""A busy machine on demand: one process spinning per core, for tests that must hold under load.

``with cpu_hog():`` keeps every core busy for the block. Run as a program it wraps a command,
``python -m tests.load pytest -n 2``, which is how ``make test-stress`` runs the suite on a
machine as loaded as a newcomer's laptop with a build going on.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import subprocess
import sys
from collections.abc import Iterator


def _spin() -> None:
    while True:
        pass


@contextlib.contextmanager
def cpu_hog(per_core: int = 1) -> Iterator[None]:
    """``per_core`` spinning processes for each core while the block runs, gone after it."""
    context = multiprocessing.get_context("spawn")  # nothing of the caller's is copied in
    spinners = [
        context.Process(target=_spin, daemon=True) for _ in range((os.cpu_count() or 1) * per_core)
    ]
    for spinner in spinners:
        spinner.start()
    try:
        yield
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.join()


def main(argv: list[str]) -> int:
    """Run the command in ``argv`` with two spinning processes a core beside it."""
    if not argv:
        print("usage: python -m tests.load COMMAND [ARG...]", file=sys.stderr)
        return 2
    with cpu_hog(per_core=int(os.environ.get("CRAFTHALL_HOG_PER_CORE", "2"))):
        return subprocess.call(argv)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
