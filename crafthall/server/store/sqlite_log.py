"""SQLite's write-ahead log, emptied by a thread of its own.

SQLite copies its write-ahead log into the database file (a checkpoint, with a flush to disk)
every thousand pages, inside whichever commit crosses the mark, and every writer waits behind
it. Here a thread of its own does it instead, without holding up the writers.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
from typing import Any

from sqlalchemy import Engine, event

log = logging.getLogger("crafthall.server")

CHECKPOINT_SECONDS = 1.0
"""How often, at the most, the SQLite write-ahead log is copied into the database file when
few moves come (a quiet server's log is emptied within this time)."""

CHECKPOINT_EVERY = 200
"""Commits after which the checkpoint thread is woken at once (a busy server's log stays
around this many moves long, a few megabytes)."""

CHECKPOINT_FORCED = 2000
"""Commits after which a writer checkpoints the log itself, should the checkpoint thread
have fallen that far behind: the hard bound on the log's length."""

JOURNAL_SIZE_LIMIT = 4 * 1024 * 1024
"""Bytes the emptied log file is cut back to (SQLite otherwise keeps its largest size)."""


def _checkpoint_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.execute(f"PRAGMA journal_size_limit={JOURNAL_SIZE_LIMIT}")
    cursor.close()


class WriteAheadLog:
    """The checkpoint thread of one SQLite database, and the count of commits it has not
    copied yet. ``writing`` is the writers' turn: the one lock every writer holds."""

    def __init__(
        self,
        engine: Engine,
        writing: contextlib.AbstractContextManager[Any],
        checkpoint_forced: int = CHECKPOINT_FORCED,
    ) -> None:
        self.engine = engine
        self._writing = writing
        self._closing = threading.Event()
        self._wake = threading.Event()
        self.since_checkpoint = 0
        """Commits written to the SQLite log since it was last emptied."""
        self.checkpoint_forced = checkpoint_forced
        event.listen(engine, "connect", _checkpoint_pragmas)
        self._thread = threading.Thread(
            target=self._loop, name="crafthall-db-checkpoint", daemon=True
        )
        self._thread.start()

    def close(self) -> None:
        """Stop the thread and empty the log for good."""
        self._closing.set()
        self._wake.set()
        self._thread.join(10)
        self.checkpoint("TRUNCATE")

    def _loop(self) -> None:
        """Empty the SQLite log every ``CHECKPOINT_EVERY`` commits, or within
        ``CHECKPOINT_SECONDS`` of the last one, by copying what it holds into the database
        (``PASSIVE``: writers go on meanwhile). Once everything is copied, the next writer
        starts the log afresh and SQLite cuts the file back to ``JOURNAL_SIZE_LIMIT``.

        On a busy server writers add to the log while it is copied, so it may never be
        wholly copied and never start afresh (nor while a reader holds an old snapshot):
        once the file has grown past
        ``JOURNAL_SIZE_LIMIT``, the copy is finished between two writers and the file cut
        to nothing (``TRUNCATE``). That holds every writer up for a flush to disk (15 ms
        or so here), so it is done only then, not at every checkpoint."""
        while not self._closing.is_set():
            self._wake.wait(CHECKPOINT_SECONDS)
            self._wake.clear()
            if self.since_checkpoint == 0:
                continue
            try:
                if self.checkpoint("PASSIVE"):
                    self.since_checkpoint = 0
                if self._log_bytes() > JOURNAL_SIZE_LIMIT:
                    # Copied or not, the log did not start afresh (writers, or a reader's
                    # snapshot, kept it going): cut it between two writers.
                    with self._writing:
                        self.checkpoint("TRUNCATE")
                        self.since_checkpoint = 0
            except Exception:  # a busy or vanished file: try again next time
                log.warning("SQLite checkpoint failed", exc_info=True)

    def checkpoint(self, mode: str) -> bool:
        """Run a checkpoint; did it copy the whole log?"""
        with self.engine.connect() as conn:
            row = conn.exec_driver_sql(f"PRAGMA wal_checkpoint({mode})").first()
        # (busy, frames in the log, frames copied): -1 when the log is not in use
        return row is not None and row[0] == 0 and row[1] == row[2]

    def _log_bytes(self) -> int:
        path = self.engine.url.database
        try:
            return os.path.getsize(f"{path}-wal") if path else 0
        except OSError:
            return 0

    def written(self, raw: Any, moves: int = 1) -> None:
        """Count ``moves`` written to the SQLite log (the caller holds the writers' lock)."""
        before = self.since_checkpoint
        self.since_checkpoint += moves
        if self.since_checkpoint // CHECKPOINT_EVERY > before // CHECKPOINT_EVERY:
            self._wake.set()
        if self.since_checkpoint >= self.checkpoint_forced:
            # The checkpoint thread fell far behind (a starved machine): bound the log here.
            raw.cursor().execute("PRAGMA wal_checkpoint(RESTART)")
            self.since_checkpoint = 0
