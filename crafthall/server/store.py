"""Reading and writing tables through SQLAlchemy. Every method is synchronous and short; the
server calls them through :meth:`Store.run`, on the store's own threads, so the event loop never
waits on the database, and a slow bot or replay on the shared default threads never holds up a
commit."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine, Row, delete, event, insert, select, text, update
from sqlalchemy.exc import IntegrityError

from crafthall.engine.record import Move
from crafthall.server import db

T = TypeVar("T")
log = logging.getLogger("crafthall.server")

CHECKPOINT_SECONDS = 1.0
"""How often the SQLite write-ahead log is copied into the database file."""


def _no_auto_checkpoint(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.close()


class Conflict(Exception):
    """Another change reached the table first (the version moved on): nothing was written."""


@dataclass
class SeatRow:
    idx: int
    kind: str
    """``human``, ``bot`` or ``open`` (waiting for someone to join)."""
    name: str | None = None
    bot_level: str | None = None
    token_hash: str | None = None
    invite: str | None = None
    zombie: str | None = None
    """Why a bot took this seat over (``left`` or ``timeout``), else ``None``."""
    zombie_move: int | None = None
    clock: float | None = None
    """Seconds left on this seat's clock when ``clock_since`` was stamped."""

    def to_row(self, table_id: str) -> dict[str, Any]:
        return {"table_id": table_id, **self.__dict__}


@dataclass
class TableRow:
    id: str
    game: str
    options: dict[str, Any]
    config: dict[str, Any]
    seed: int
    status: str
    private: bool
    version: int
    created: float
    fixed: dict[str, Any] | None = None
    header: dict[str, Any] | None = None
    clock_since: float | None = None
    result: dict[str, Any] | None = None


@dataclass
class Snapshot:
    table: TableRow
    seats: list[SeatRow]
    moves: list[Move]
    changes: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Commit:
    """One change to a table, written in one transaction if the table is still at ``expected``."""

    table_id: str
    expected: int
    change: dict[str, Any]
    table_updates: dict[str, Any] = field(default_factory=dict)
    seat_updates: dict[int, dict[str, Any]] = field(default_factory=dict)
    insert_move: Move | None = None
    move_index: int | None = None
    delete_move: int | None = None


def _seat_row(row: Row[Any]) -> SeatRow:
    return SeatRow(**{k: v for k, v in row._mapping.items() if k != "table_id"})


class Store:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        # SQLite lets one connection write at a time; the others would wait in its busy
        # handler, which sleeps in steps of up to 100 ms. Writers of this process take turns
        # on a lock instead, and each goes the moment the one before it is done.
        sqlite = engine.dialect.name == "sqlite"
        self._writing: contextlib.AbstractContextManager[Any] = (
            threading.Lock() if sqlite else contextlib.nullcontext()
        )
        self._checkpoints: threading.Thread | None = None
        self._closing = threading.Event()
        if sqlite:
            # SQLite copies its write-ahead log into the database file (a checkpoint, with a
            # flush to disk) every thousand pages, inside whichever commit crosses the mark,
            # and every writer waits behind it. Here a thread of its own does it instead,
            # every second, without holding up the writers.
            event.listen(engine, "connect", _no_auto_checkpoint)
            self._checkpoints = threading.Thread(
                target=self._checkpoint_loop, name="crafthall-db-checkpoint", daemon=True
            )
            self._checkpoints.start()
        # As many threads as connections: on PostgreSQL, commits waiting on the disk overlap
        # (and share its flushes) instead of queueing behind a handful of shared threads.
        self._threads = ThreadPoolExecutor(
            max_workers=4 if sqlite else db.POOL_SIZE + db.POOL_OVERFLOW,
            thread_name_prefix="crafthall-db",
        )

    async def run(self, method: Callable[..., T], *args: Any) -> T:
        """``method(*args)`` (one of this store's methods) on the store's threads."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._threads, functools.partial(method, *args))

    def close(self) -> None:
        self._threads.shutdown(wait=True)
        self._closing.set()
        if self._checkpoints is not None:
            self._checkpoints.join(10)
            self._checkpoint("TRUNCATE")
        self.engine.dispose()

    def _checkpoint_loop(self) -> None:
        while not self._closing.wait(CHECKPOINT_SECONDS):
            try:
                self._checkpoint("PASSIVE")
            except Exception:  # a busy or vanished file: try again next time
                log.warning("SQLite checkpoint failed", exc_info=True)

    def _checkpoint(self, mode: str) -> None:
        with self.engine.connect() as conn:
            conn.exec_driver_sql(f"PRAGMA wal_checkpoint({mode})")

    def create(self, table: TableRow, seat_rows: list[SeatRow], change: dict[str, Any]) -> None:
        with self._writing, self.engine.begin() as conn:
            conn.execute(insert(db.game_tables).values(**table.__dict__))
            conn.execute(insert(db.seats), [seat.to_row(table.id) for seat in seat_rows])
            conn.execute(
                insert(db.changes).values(table_id=table.id, version=table.version, data=change)
            )

    def commit(self, commit: Commit) -> None:
        """Write ``commit`` or raise :class:`Conflict`; the version check makes racing writers
        from several processes resolve to exactly one."""
        version = commit.expected + 1
        try:
            with self._writing, self.engine.begin() as conn:
                done = conn.execute(
                    update(db.game_tables)
                    .where(db.game_tables.c.id == commit.table_id)
                    .where(db.game_tables.c.version == commit.expected)
                    .values(version=version, **commit.table_updates)
                )
                if done.rowcount != 1:
                    raise Conflict(commit.table_id)
                if commit.delete_move is not None:
                    conn.execute(
                        delete(db.moves)
                        .where(db.moves.c.table_id == commit.table_id)
                        .where(db.moves.c.idx == commit.delete_move)
                    )
                if commit.insert_move is not None and commit.move_index is not None:
                    move = commit.insert_move
                    conn.execute(
                        insert(db.moves).values(
                            table_id=commit.table_id,
                            idx=commit.move_index,
                            seat=move.seat,
                            action=move.action,
                            at=move.at,
                        )
                    )
                for idx, values in commit.seat_updates.items():
                    conn.execute(
                        update(db.seats)
                        .where(db.seats.c.table_id == commit.table_id)
                        .where(db.seats.c.idx == idx)
                        .values(**values)
                    )
                conn.execute(
                    insert(db.changes).values(
                        table_id=commit.table_id, version=version, data=commit.change
                    )
                )
        except IntegrityError:
            raise Conflict(commit.table_id) from None

    def ping(self) -> None:
        """Raise if the database cannot be reached right now."""
        with self.engine.connect() as conn:
            conn.execute(text("SELECT 1"))

    def version(self, table_id: str) -> int | None:
        with self.engine.connect() as conn:
            found = conn.execute(
                select(db.game_tables.c.version).where(db.game_tables.c.id == table_id)
            ).scalar()
        return None if found is None else int(found)

    def load(self, table_id: str, since: int = -1) -> Snapshot | None:
        """The whole table; only the changes after version ``since``. Read from one snapshot:
        a change committed between two of the reads would otherwise show up in one and not
        in the other (a change log ahead of the table's version, counted twice later)."""
        with self._snapshot() as conn, conn.begin():
            row = conn.execute(
                select(db.game_tables).where(db.game_tables.c.id == table_id)
            ).first()
            if row is None:
                return None
            seat_rows = conn.execute(
                select(db.seats).where(db.seats.c.table_id == table_id).order_by(db.seats.c.idx)
            ).all()
            move_rows = conn.execute(
                select(db.moves).where(db.moves.c.table_id == table_id).order_by(db.moves.c.idx)
            ).all()
            change_rows = conn.execute(
                select(db.changes.c.data)
                .where(db.changes.c.table_id == table_id)
                .where(db.changes.c.version > since)
                .order_by(db.changes.c.version)
            ).all()
        table = TableRow(**dict(row._mapping))
        seat_list = [_seat_row(r) for r in seat_rows]
        move_list = [Move(r.seat, r.action, r.at) for r in move_rows]
        return Snapshot(table, seat_list, move_list, [dict(r.data) for r in change_rows])

    def _snapshot(self) -> Connection:
        conn = self.engine.connect()
        if self.engine.dialect.name == "postgresql":
            conn = conn.execution_options(isolation_level="REPEATABLE READ")
        return conn

    def table_ids(self, status: str) -> list[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(db.game_tables.c.id).where(db.game_tables.c.status == status)
            ).all()
        return [r.id for r in rows]

    def open_tables(
        self, status: str = "waiting", limit: int = 100
    ) -> list[tuple[TableRow, list[SeatRow]]]:
        """Public tables in ``status`` (waiting, playing or finished), newest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(db.game_tables)
                .where(db.game_tables.c.status == status)
                .where(db.game_tables.c.private.is_(False))
                .order_by(db.game_tables.c.created.desc())
                .limit(limit)
            ).all()
            found = []
            for row in rows:
                seat_rows = conn.execute(
                    select(db.seats).where(db.seats.c.table_id == row.id).order_by(db.seats.c.idx)
                ).all()
                found.append((TableRow(**dict(row._mapping)), [_seat_row(r) for r in seat_rows]))
        return found

    def add_upload(self, upload_id: str, game: str, record: str, created: float) -> None:
        with self._writing, self.engine.begin() as conn:
            conn.execute(
                insert(db.uploads).values(id=upload_id, game=game, record=record, created=created)
            )

    def upload(self, upload_id: str) -> str | None:
        with self.engine.connect() as conn:
            found = conn.execute(
                select(db.uploads.c.record).where(db.uploads.c.id == upload_id)
            ).scalar()
        return None if found is None else str(found)
