"""The store: the one object through which the server reads and writes its database. Every
method is synchronous and short; the server calls them through :meth:`Store.run`, on the
store's own threads, so the event loop never waits on the database, and a slow bot or replay
on the shared default threads never holds up a commit."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from sqlalchemy import Engine

from crafthall.server import db
from crafthall.server.store import chat, reads, uploads
from crafthall.server.store.chat import Room
from crafthall.server.store.groups import InOne
from crafthall.server.store.rows import Commit, SeatRow, Snapshot, TableRow
from crafthall.server.store.sqlite_log import CHECKPOINT_FORCED, WriteAheadLog
from crafthall.server.store.writes import Answer, Writer
from crafthall.server.wire import ChatLine

T = TypeVar("T")


class Store:
    """Tables, seats, moves and changes, and uploaded records, in one database."""

    def __init__(self, engine: Engine, checkpoint_forced: int = CHECKPOINT_FORCED) -> None:
        self.engine = engine
        # SQLite lets one connection write at a time; the others would wait in its busy
        # handler, which sleeps in steps of up to 100 ms. Writers of this process take turns
        # on a lock instead, and each goes the moment the one before it is done.
        sqlite = engine.dialect.name == "sqlite"
        self.local = sqlite
        """Is a commit local work (SQLite: a write to a file, flushed by the checkpoint
        thread), which may run on the event loop? On PostgreSQL it waits on the server."""
        self._writing: contextlib.AbstractContextManager[Any] = (
            threading.Lock() if sqlite else contextlib.nullcontext()
        )
        self.log = WriteAheadLog(engine, self._writing, checkpoint_forced) if sqlite else None
        """SQLite's write-ahead log, emptied by a thread of its own (see
        :mod:`crafthall.server.store.sqlite_log`)."""
        self.writer = Writer(engine, self._writing, self.log)
        # As many threads as connections: on PostgreSQL, commits waiting on the disk overlap
        # (and share its flushes) instead of queueing behind a handful of shared threads.
        self._threads = ThreadPoolExecutor(
            max_workers=4 if sqlite else db.POOL_SIZE,
            thread_name_prefix="crafthall-db",
        )

    @property
    def checkpoint_forced(self) -> int:
        """Commits after which a writer empties the SQLite log itself."""
        return CHECKPOINT_FORCED if self.log is None else self.log.checkpoint_forced

    async def run(self, method: Callable[..., T], *args: Any) -> T:
        """``method(*args)`` (one of this store's methods, or work that ends in one, such as
        a change and its commit) on the store's threads."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._threads, functools.partial(method, *args))

    def close(self) -> None:
        self._threads.shutdown(wait=True)
        if self.log is not None:
            self.log.close()
        self.engine.dispose()

    # --- writes (see :mod:`crafthall.server.store.writes`) ----------------------------------

    def create(self, table: TableRow, seat_rows: list[SeatRow], change: dict[str, Any]) -> None:
        self.writer.create(table, seat_rows, change)

    def commit(self, commit: Commit) -> None:
        """Write ``commit`` or raise :class:`Conflict`; the version check makes racing writers
        from several processes resolve to exactly one."""
        [conflict] = self.commit_all([commit])
        if conflict is not None:
            raise conflict

    def commit_all(self, commits: list[Commit], retried: bool = False) -> list[Answer]:
        """See :meth:`Writer.commit_all`."""
        return self.writer.commit_all(commits, retried)

    def in_one(self, commits: list[Commit]) -> InOne | None:
        return self.writer.in_one(commits)

    def most_alike(self, commits: list[Commit]) -> list[int]:
        return self.writer.most_alike(commits)

    def landed(self, commits: list[Commit]) -> list[bool]:
        return self.writer.landed(commits)

    def add_upload(self, upload_id: str, game: str, record: str, created: float) -> None:
        uploads.add_upload(self.engine, self._writing, upload_id, game, record, created)

    def add_chat(self, table_id: str, line: ChatLine) -> int:
        """Keep a chat message of ``table_id``; its number (see :mod:`.chat`)."""
        return chat.add_line(self.engine, self._writing, line, table_id)

    def chat_lines(self, table_id: str, room: Room | None, latest: int | None) -> list[ChatLine]:
        return chat.lines(self.engine, table_id, room, latest)

    # --- reads (see :mod:`crafthall.server.store.reads`) ------------------------------------

    def ping(self) -> None:
        reads.ping(self.engine)

    def version(self, table_id: str) -> int | None:
        return reads.version(self.engine, table_id)

    def load(self, table_id: str, since: int = -1, moves_held: int = 0) -> Snapshot | None:
        return reads.load(self.engine, table_id, since, moves_held)

    def table_ids(self, status: str) -> list[str]:
        return reads.table_ids(self.engine, status)

    def open_tables(
        self, status: str = "waiting", limit: int = 100
    ) -> list[tuple[TableRow, list[SeatRow]]]:
        return reads.open_tables(self.engine, status, limit)

    def upload(self, upload_id: str) -> str | None:
        return uploads.upload(self.engine, upload_id)
