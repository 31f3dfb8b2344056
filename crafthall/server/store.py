"""Reading and writing tables through SQLAlchemy. Every method is synchronous and short; the
server calls them through :meth:`Store.run`, on the store's own threads, so the event loop never
waits on the database, and a slow bot or replay on the shared default threads never holds up a
commit."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import os
import secrets
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from sqlalchemy import (
    JSON,
    Connection,
    Engine,
    Row,
    Table,
    bindparam,
    delete,
    event,
    insert,
    select,
    text,
    tuple_,
    update,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError

from crafthall.engine.record import Move
from crafthall.server import db
from crafthall.server.batches import RowsAtOnce, all_at_once, bump_rows, insert_rows
from crafthall.server.clients import dump

T = TypeVar("T")
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


def _retry_dead(method: Callable[..., T]) -> Callable[..., T]:
    """Run ``method`` again, once, if it met a connection the database had closed (after
    a database restart, every pooled connection is dead): the pool then opens a new one.
    This replaces a ping before every use, a round trip per statement."""

    @functools.wraps(method)
    def run(*args: Any, **kwargs: Any) -> T:
        try:
            return method(*args, **kwargs)
        except DBAPIError as err:
            if not err.connection_invalidated:
                raise
            return method(*args, **kwargs)

    return run


class Prepared:
    """One statement compiled once for the engine's dialect, run on the driver's own cursor:
    building and compiling SQL for every commit cost more than the database's own work.
    JSON values are serialised here (the statement casts them on PostgreSQL)."""

    def __init__(
        self, statement: Any, table: Table, dialect: Dialect, many: RowsAtOnce | None = None
    ) -> None:
        compiled = statement.compile(dialect=dialect)
        self.sql: str = compiled.string
        self.order: list[str] | None = (
            list(compiled.positiontup) if compiled.positiontup is not None else None
        )
        self.json = {c.name for c in table.columns if isinstance(c.type, JSON)}
        self.many = many
        """The same statement for many rows at once (PostgreSQL; see :mod:`batches`)."""

    def params(self, values: dict[str, Any]) -> tuple[Any, ...] | dict[str, Any]:
        ready = {
            key: dump(value) if key in self.json and value is not None else value
            for key, value in values.items()
        }
        if self.order is None:
            return ready
        return tuple(ready[name] for name in self.order)

    def run(self, cursor: Any, values: dict[str, Any]) -> int:
        cursor.execute(self.sql, self.params(values))
        return int(cursor.rowcount)


class Statements:
    """The statements of a commit, compiled on first use for each set of columns."""

    def __init__(self, dialect: Dialect) -> None:
        self.dialect = dialect
        self._made: dict[tuple[Any, ...], Prepared] = {}
        self._lock = threading.Lock()

    def _get(
        self,
        key: tuple[Any, ...],
        table: Table,
        build: Callable[[], Any],
        many: Callable[[], RowsAtOnce] | None = None,
    ) -> Prepared:
        found = self._made.get(key)
        if found is None:
            with self._lock:
                found = self._made.get(key)
                if found is None:
                    postgres = self.dialect.name == "postgresql"
                    rows = many() if many is not None and postgres else None
                    found = Prepared(build(), table, self.dialect, rows)
                self._made[key] = found
        return found

    def bump(self, columns: tuple[str, ...]) -> Prepared:
        """Move a table to the next version if it is still at ``expected``."""
        t = db.game_tables
        return self._get(
            ("bump", columns),
            t,
            lambda: (
                update(t)
                .where(t.c.id == bindparam("b_id"))
                .where(t.c.version == bindparam("b_expected"))
                .values({name: bindparam(name) for name in ("version", *columns)})
            ),
            lambda: bump_rows(t, columns),
        )

    def seat(self, columns: tuple[str, ...]) -> Prepared:
        s = db.seats
        return self._get(
            ("seat", columns),
            s,
            lambda: (
                update(s)
                .where(s.c.table_id == bindparam("b_table"))
                .where(s.c.idx == bindparam("b_idx"))
                .values({name: bindparam(name) for name in columns})
            ),
        )

    def insert(self, table: Table) -> Prepared:
        return self._get(
            ("insert", table.name),
            table,
            lambda: insert(table).values({c.name: bindparam(c.name) for c in table.columns}),
            lambda: insert_rows(table),
        )

    def delete_move(self) -> Prepared:
        m = db.moves
        return self._get(
            ("delete-move",),
            m,
            lambda: (
                delete(m)
                .where(m.c.table_id == bindparam("b_table"))
                .where(m.c.idx == bindparam("b_idx"))
            ),
        )


class Conflict(Exception):
    """Another change reached the table first (the version moved on): nothing was written."""


class OutcomeUnknown(Exception):
    """A connection was lost with a group's ``COMMIT`` on its way, and the database could not
    be asked afterwards whether the change landed: it may be written, or not."""


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
    moves_from: int = 0
    """The index of ``moves[0]`` in the record: more than 0 when only the moves the reader
    lacked were read (see :meth:`Store.load`)."""


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
    writer: str = field(default_factory=lambda: secrets.token_hex(8), compare=False)
    """This commit's own token, written with its change (see :meth:`Store.landed`)."""

    def to_message(self) -> dict[str, Any]:
        """The commit as JSON data, for other processes to follow it without a read."""
        move = self.insert_move
        return {
            "table_id": self.table_id,
            "expected": self.expected,
            "change": self.change,
            "table_updates": self.table_updates,
            "seat_updates": [[idx, values] for idx, values in self.seat_updates.items()],
            "insert_move": None if move is None else [move.seat, move.action, move.at],
            "move_index": self.move_index,
            "delete_move": self.delete_move,
        }

    @classmethod
    def from_message(cls, data: dict[str, Any]) -> Commit:
        move = data["insert_move"]
        return cls(
            str(data["table_id"]),
            int(data["expected"]),
            dict(data["change"]),
            dict(data["table_updates"]),
            {int(idx): dict(values) for idx, values in data["seat_updates"]},
            None if move is None else Move(int(move[0]), dict(move[1]), move[2]),
            data["move_index"],
            data["delete_move"],
        )


@dataclass
class Plan:
    """A commit's statements, each with its values: the version check, and the rest."""

    check: tuple[Prepared, dict[str, Any]]
    rest: list[tuple[Prepared, dict[str, Any]]]

    @property
    def table_id(self) -> str:
        return str(self.check[1]["b_id"])

    @property
    def kind(self) -> Prepared | None:
        """What a change must share with others to go in one statement with them (its
        version check), or ``None`` if one of its statements cannot take many rows."""
        if self.check[0].many is None or any(s.many is None for s, _ in self.rest):
            return None
        return self.check[0]


def alike(plans: list[Plan]) -> list[int]:
    """The positions of the largest part of ``plans`` that one statement can write
    (:func:`batches.all_at_once`), in order: changes of distinct tables (one statement cannot
    move one table twice), of one kind (:attr:`Plan.kind`)."""
    parts: dict[Prepared, list[int]] = {}
    tables: set[str] = set()
    for position, plan in enumerate(plans):
        kind, table_id = plan.kind, plan.table_id
        if kind is not None and table_id not in tables:
            tables.add(table_id)
            parts.setdefault(kind, []).append(position)
    return max(parts.values(), key=len, default=[])


@dataclass
class Grouped:
    """A PostgreSQL group's statements, the rows of each statement together (see
    :mod:`crafthall.server.batches`)."""

    ids: list[str]
    """Each commit's table, in the group's order."""
    checks: dict[Prepared, list[dict[str, Any]]]
    rest: dict[Prepared, list[dict[str, Any]]]
    alike: bool
    """Are all its changes alike (:func:`alike`)?"""

    @classmethod
    def of(cls, plans: list[Plan]) -> Grouped:
        whole = bool(plans) and len(alike(plans)) == len(plans)
        grouped = cls([plan.table_id for plan in plans], {}, {}, whole)
        for plan in plans:
            grouped.checks.setdefault(plan.check[0], []).append(plan.check[1])
            for statement, values in plan.rest:
                grouped.rest.setdefault(statement, []).append(values)
        return grouped

    @property
    def at_once(self) -> bool:
        """May the version checks go as one statement per kind? One statement cannot move
        one table twice: two commits of one table (never made by the server, which commits
        a table's changes one at a time) go a row at a time."""
        return len(set(self.ids)) == len(self.ids) and all(check.many for check in self.checks)

    def in_one(self) -> InOne | None:
        """The whole group as one statement, where its changes are alike (the same columns
        of their tables, rows only added): :func:`batches.all_at_once`."""
        if not self.alike:
            return None
        [(check, checked)] = self.checks.items()
        assert check.many is not None
        inserts = [statement.many for statement in self.rest if statement.many is not None]
        params = [*check.many.params(checked)]
        for statement, rows in zip(inserts, self.rest.values(), strict=True):
            params.extend(statement.params(rows))
        return InOne(all_at_once(check.many, tuple(inserts)), params, self.ids)


@dataclass
class InOne:
    """One statement writing a group; it returns the ids of the tables it moved on."""

    sql: str
    params: list[Any]
    ids: list[str]

    def matched(self, moved: set[str]) -> list[int]:
        """For each commit, the rows its version check matched (as :meth:`Store._write`)."""
        return [int(table_id in moved) for table_id in self.ids]


def _write_postgres(conn: Any, plans: list[Plan]) -> list[int]:
    """:meth:`Store._write` on PostgreSQL: the version checks of the commits alike (the same
    columns changed) in one statement, then the rest of the writes in one pipeline, the
    rows of each insert in one statement (see :mod:`crafthall.server.batches`); a group of
    moves alike goes as one statement, committed in the same round trip."""
    grouped = Grouped.of(plans)
    in_one = grouped.in_one()
    if in_one is not None:
        with conn.cursor() as writer:
            with conn.pipeline():
                writer.execute(in_one.sql, in_one.params)
                conn.commit()
            return in_one.matched({row[0] for row in writer.fetchall()})
    ids = grouped.ids
    with conn.cursor() as writer:
        if grouped.at_once:
            moved: set[str] = set()
            with conn.pipeline() as pipeline:
                results = []
                for statement, rows in grouped.checks.items():
                    assert statement.many is not None
                    results.append(cursor := conn.cursor())
                    cursor.execute(statement.many.sql, statement.many.params(rows))
                pipeline.sync()
                for cursor in results:
                    moved.update(row[0] for row in cursor.fetchall())
            matched = [int(table_id in moved) for table_id in ids]
        else:
            with conn.pipeline() as pipeline:
                results = []
                for plan in plans:
                    results.append(cursor := conn.cursor())
                    plan.check[0].run(cursor, plan.check[1])
                pipeline.sync()
                matched = [int(cursor.rowcount) for cursor in results]
        rest: dict[Prepared, list[dict[str, Any]]] = {}
        for plan, done in zip(plans, matched, strict=True):
            if done == 1:
                for statement, values in plan.rest:
                    rest.setdefault(statement, []).append(values)
        with conn.pipeline():
            for statement, rows in rest.items():
                if statement.many is not None and len(rows) > 1:
                    writer.execute(statement.many.sql, statement.many.params(rows))
                else:
                    for values in rows:
                        statement.run(writer, values)
    return matched


_JSON_COLUMNS = frozenset(c.name for c in db.game_tables.columns if isinstance(c.type, JSON))


def as_read(table: TableRow, seats: list[SeatRow], change: dict[str, Any]) -> Snapshot:
    """The snapshot :meth:`Store.load` would read of a table just created with these rows
    (:meth:`Store.create`), without the read: JSON columns come back as JSON has them
    (lists for tuples, keys as text), and nothing is shared with the rows given."""
    values = {
        name: json.loads(dump(value)) if name in _JSON_COLUMNS and value is not None else value
        for name, value in vars(table).items()
    }
    return Snapshot(
        TableRow(**values), [replace(seat) for seat in seats], [], [json.loads(dump(change))]
    )


def _seat_row(row: Row[Any]) -> SeatRow:
    return SeatRow(**{k: v for k, v in row._mapping.items() if k != "table_id"})


class Store:
    def __init__(self, engine: Engine, checkpoint_forced: int = CHECKPOINT_FORCED) -> None:
        self.engine = engine
        self.statements = Statements(engine.dialect)
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
        self._checkpoints: threading.Thread | None = None
        self._closing = threading.Event()
        self._wake = threading.Event()
        self.since_checkpoint = 0
        """Commits written to the SQLite log since it was last emptied."""
        self.checkpoint_forced = checkpoint_forced
        if sqlite:
            # SQLite copies its write-ahead log into the database file (a checkpoint, with a
            # flush to disk) every thousand pages, inside whichever commit crosses the mark,
            # and every writer waits behind it. Here a thread of its own does it instead,
            # without holding up the writers (see :meth:`_checkpoint_loop`).
            event.listen(engine, "connect", _checkpoint_pragmas)
            self._checkpoints = threading.Thread(
                target=self._checkpoint_loop, name="crafthall-db-checkpoint", daemon=True
            )
            self._checkpoints.start()
        # As many threads as connections: on PostgreSQL, commits waiting on the disk overlap
        # (and share its flushes) instead of queueing behind a handful of shared threads.
        self._threads = ThreadPoolExecutor(
            max_workers=4 if sqlite else db.POOL_SIZE,
            thread_name_prefix="crafthall-db",
        )

    async def run(self, method: Callable[..., T], *args: Any) -> T:
        """``method(*args)`` (one of this store's methods, or work that ends in one, such as
        a change and its commit) on the store's threads."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._threads, functools.partial(method, *args))

    def close(self) -> None:
        self._threads.shutdown(wait=True)
        self._closing.set()
        self._wake.set()
        if self._checkpoints is not None:
            self._checkpoints.join(10)
            self._checkpoint("TRUNCATE")
        self.engine.dispose()

    def _checkpoint_loop(self) -> None:
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
                if self._checkpoint("PASSIVE"):
                    self.since_checkpoint = 0
                if self._log_bytes() > JOURNAL_SIZE_LIMIT:
                    # Copied or not, the log did not start afresh (writers, or a reader's
                    # snapshot, kept it going): cut it between two writers.
                    with self._writing:
                        self._checkpoint("TRUNCATE")
                        self.since_checkpoint = 0
            except Exception:  # a busy or vanished file: try again next time
                log.warning("SQLite checkpoint failed", exc_info=True)

    def _checkpoint(self, mode: str) -> bool:
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

    def _written(self, raw: Any, moves: int = 1) -> None:
        """Count ``moves`` written to the SQLite log (the caller holds the writers' lock)."""
        if self._checkpoints is None:
            return
        before = self.since_checkpoint
        self.since_checkpoint += moves
        if self.since_checkpoint // CHECKPOINT_EVERY > before // CHECKPOINT_EVERY:
            self._wake.set()
        if self.since_checkpoint >= self.checkpoint_forced:
            # The checkpoint thread fell far behind (a starved machine): bound the log here.
            raw.cursor().execute("PRAGMA wal_checkpoint(RESTART)")
            self.since_checkpoint = 0

    @contextlib.contextmanager
    def _driver_errors(self) -> Iterator[None]:
        """The driver's own errors, met on a raw connection, as SQLAlchemy's (what the
        server catches); a unique key broken means another process wrote first."""
        dbapi = self.engine.dialect.loaded_dbapi
        try:
            yield
        except dbapi.IntegrityError:
            raise Conflict("the row exists") from None
        except dbapi.Error as err:
            dead = self.engine.dialect.is_disconnect(err, None, None)
            raise DBAPIError.instance(
                None, None, err, dbapi.Error, connection_invalidated=dead
            ) from err

    def create(self, table: TableRow, seat_rows: list[SeatRow], change: dict[str, Any]) -> None:
        sql = self.statements
        with self._driver_errors(), self._writing, self.engine.begin() as conn:
            # The statements compiled once, as for moves (see :class:`Statements`).
            cursor = conn.connection.cursor()
            sql.insert(db.game_tables).run(cursor, vars(table))
            for seat in seat_rows:
                sql.insert(db.seats).run(cursor, seat.to_row(table.id))
            sql.insert(db.changes).run(
                cursor,
                {"table_id": table.id, "version": table.version, "data": change, "writer": None},
            )

    def commit(self, commit: Commit) -> None:
        """Write ``commit`` or raise :class:`Conflict`; the version check makes racing writers
        from several processes resolve to exactly one."""
        [conflict] = self.commit_all([commit])
        if conflict is not None:
            raise conflict

    def in_one(self, commits: list[Commit]) -> InOne | None:
        """On PostgreSQL, ``commits`` as the one statement :meth:`commit_all` would send, if
        they are alike (see :meth:`Grouped.in_one`); ``None`` otherwise."""
        if self.engine.dialect.name != "postgresql":
            return None
        return Grouped.of([self._plan(commit) for commit in commits]).in_one()

    def most_alike(self, commits: list[Commit]) -> list[int]:
        """On PostgreSQL, the positions of the largest part of ``commits`` that is alike (one
        statement writes it: :meth:`in_one`), in order; none elsewhere. A game's last move
        (its result written too) or a player's clock makes a change unlike the others."""
        if self.engine.dialect.name != "postgresql":
            return []
        return alike([self._plan(commit) for commit in commits])

    def commit_all(
        self, commits: list[Commit], retried: bool = False
    ) -> list[Conflict | OutcomeUnknown | None]:
        """Write ``commits`` (changes to different tables) in one transaction and one commit:
        the moves that reach the server together share a commit, its flush and, on
        PostgreSQL, its round trips. Each is written only if its table is still at the
        version it expects; the answer for each is ``None`` (written) or the
        :class:`Conflict` (none of it written). A database error writes none of them.

        A connection can fail after its ``COMMIT`` reached the database, the answer lost: the
        changes are then written though the writer was not told. So after a failed
        connection (here, or the loop writer's for a group ``retried`` here), a version
        check that fails is looked into: a change found at that version with this commit's
        token is this commit's (:meth:`landed`), not a conflict, and is not made again. When
        the database cannot be asked (it went away altogether), the answer for a change not
        known to be written is :class:`OutcomeUnknown`, raised for the whole group when
        none is known.

        Statements are compiled once (:class:`Statements`); on PostgreSQL the version checks
        go in one pipeline and the rest of the writes in another, so a batch costs three
        round trips (the checks, the writes, the commit) however many moves it holds."""
        plans = [self._plan(commit) for commit in commits]
        dbapi = self.engine.dialect.loaded_dbapi
        lost = retried
        try:
            with self._driver_errors():
                # The connection is taken from the pool and given back outside the writers'
                # turn (SQLite): only the transaction itself holds up the next writer.
                raw = self._sound_connection()
                try:
                    with self._writing:
                        try:
                            try:
                                matched = self._write(raw, plans)
                            except dbapi.Error as err:
                                if not self._lost(raw, err):
                                    raise
                                # A pooled connection the database closed (it restarted), or
                                # one lost with a group's COMMIT (PostgreSQL sends it with the
                                # group): a fresh one tries again, once.
                                lost = retried = True
                                raw.invalidate()
                                raw = self.engine.raw_connection()
                                matched = self._write(raw, plans)
                            try:
                                raw.commit()
                            except dbapi.Error as err:
                                if not self._lost(raw, err):
                                    raise
                                lost = True
                                if not self._all_landed(commits, matched):
                                    raise
                                # The COMMIT reached the database; its answer did not come back.
                            self._written(raw, sum(matched))
                        except BaseException:
                            with contextlib.suppress(Exception):
                                raw.rollback()
                            raise
                finally:
                    raw.close()
        except (OperationalError, InterfaceError) as err:  # the database is away
            if lost:  # a COMMIT may have gone with the lost connection
                raise OutcomeUnknown(str(err)) from err
            raise
        if retried and not all(matched):
            try:
                found = self.landed(commits)
            except Exception as err:
                unknown = OutcomeUnknown(str(err))
                return [None if done else unknown for done in matched]
            matched = [int(done or was_ours) for done, was_ours in zip(matched, found, strict=True)]
        return [
            None if done == 1 else Conflict(commit.table_id)
            for commit, done in zip(commits, matched, strict=True)
        ]

    def _sound_connection(self) -> Any:
        """A pooled raw connection the database has not closed meanwhile: a connection lost
        on the way then means that the statements sent on it may have been written."""
        for _ in range(db.POOL_SIZE):
            raw = self.engine.raw_connection()
            if not db.closed_by_server(raw.dbapi_connection):
                return raw
            raw.invalidate()
            raw.close()
        return self.engine.raw_connection()  # all were closed: this one is new

    def _all_landed(self, commits: list[Commit], matched: list[int]) -> bool:
        """Are the commits whose version check matched all in the database? (One transaction:
        all of them are, or none.) :class:`OutcomeUnknown` if the database cannot say."""
        written = [commit for commit, done in zip(commits, matched, strict=True) if done]
        try:
            return all(self.landed(written))
        except Exception as err:
            raise OutcomeUnknown(str(err)) from err

    def _lost(self, raw: Any, err: Any) -> bool:
        """Did ``err`` come from a connection the database closed or that broke?"""
        return bool(self.engine.dialect.is_disconnect(err, raw.dbapi_connection, None))

    @_retry_dead
    def landed(self, commits: list[Commit]) -> list[bool]:
        """For each of ``commits``, is its change in the database (found at its version,
        with its token)? Read on a fresh connection from the pool."""
        c = db.changes
        wanted = [(commit.table_id, commit.expected + 1) for commit in commits]
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(c.c.table_id, c.c.version, c.c.writer).where(
                    tuple_(c.c.table_id, c.c.version).in_(wanted)
                )
            ).all()
        found = {(row.table_id, row.version, row.writer) for row in rows}
        return [
            (commit.table_id, commit.expected + 1, commit.writer) in found for commit in commits
        ]

    def _plan(self, commit: Commit) -> Plan:
        """The statements of ``commit``: its version check first, then the rest."""
        sql = self.statements
        version = commit.expected + 1
        table_id = commit.table_id
        bump = sql.bump(tuple(sorted(commit.table_updates)))
        bumped = {
            "b_id": table_id,
            "b_expected": commit.expected,
            "version": version,
            **commit.table_updates,
        }
        rest: list[tuple[Prepared, dict[str, Any]]] = []
        if commit.delete_move is not None:
            rest.append((sql.delete_move(), {"b_table": table_id, "b_idx": commit.delete_move}))
        move = commit.insert_move
        if move is not None and commit.move_index is not None:
            row = {
                "table_id": table_id,
                "idx": commit.move_index,
                "seat": move.seat,
                "action": move.action,
                "at": move.at,
            }
            rest.append((sql.insert(db.moves), row))
        for idx, seat_values in commit.seat_updates.items():
            seat = sql.seat(tuple(sorted(seat_values)))
            rest.append((seat, {"b_table": table_id, "b_idx": idx, **seat_values}))
        change = {
            "table_id": table_id,
            "version": version,
            "data": commit.change,
            "writer": commit.writer,
        }
        rest.append((sql.insert(db.changes), change))
        return Plan((bump, bumped), rest)

    def _write(self, raw: Any, plans: list[Plan]) -> list[int]:
        """Run the batch's statements (not its ``COMMIT``); returns, for each commit, the
        rows its version check matched (0: another change got there first, and nothing
        else of it is written)."""
        if self.engine.dialect.name == "postgresql":
            return _write_postgres(raw.driver_connection, plans)
        cursor = raw.cursor()
        matched = []
        for plan in plans:
            matched.append(done := plan.check[0].run(cursor, plan.check[1]))
            if done == 1:
                for statement, values in plan.rest:
                    statement.run(cursor, values)
        return matched

    @_retry_dead
    def ping(self) -> None:
        """Raise if the database cannot be reached right now."""
        with self.engine.connect() as conn:
            conn.execute(text("SELECT 1"))

    @_retry_dead
    def version(self, table_id: str) -> int | None:
        with self.engine.connect() as conn:
            found = conn.execute(
                select(db.game_tables.c.version).where(db.game_tables.c.id == table_id)
            ).scalar()
        return None if found is None else int(found)

    @_retry_dead
    def load(self, table_id: str, since: int = -1, moves_held: int = 0) -> Snapshot | None:
        """The whole table; only the changes after version ``since``. Read from one snapshot:
        a change committed between two of the reads would otherwise show up in one and not
        in the other (a change log ahead of the table's version, counted twice later).

        ``moves_held``: the reader holds the record's first moves up to version ``since``;
        unless a change since then took one back (``undo``), only the later moves are read
        (a process following another's moves reads one row, not the whole record)."""
        with self._snapshot() as conn, conn.begin():
            row = conn.execute(
                select(db.game_tables).where(db.game_tables.c.id == table_id)
            ).first()
            if row is None:
                return None
            seat_rows = conn.execute(
                select(db.seats).where(db.seats.c.table_id == table_id).order_by(db.seats.c.idx)
            ).all()
            change_rows = conn.execute(
                select(db.changes.c.data)
                .where(db.changes.c.table_id == table_id)
                .where(db.changes.c.version > since)
                .order_by(db.changes.c.version)
            ).all()
            changes = [dict(r.data) for r in change_rows]
            if since < 0 or any(change.get("kind") == "undo" for change in changes):
                moves_held = 0
            move_rows = conn.execute(
                select(db.moves)
                .where(db.moves.c.table_id == table_id)
                .where(db.moves.c.idx >= moves_held)
                .order_by(db.moves.c.idx)
            ).all()
        table = TableRow(**dict(row._mapping))
        seat_list = [_seat_row(r) for r in seat_rows]
        move_list = [Move(r.seat, r.action, r.at) for r in move_rows]
        return Snapshot(table, seat_list, move_list, changes, moves_held)

    def _snapshot(self) -> Connection:
        conn = self.engine.connect()
        if self.engine.dialect.name == "postgresql":
            conn = conn.execution_options(isolation_level="REPEATABLE READ")
        return conn

    @_retry_dead
    def table_ids(self, status: str) -> list[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(db.game_tables.c.id).where(db.game_tables.c.status == status)
            ).all()
        return [r.id for r in rows]

    @_retry_dead
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

    @_retry_dead
    def upload(self, upload_id: str) -> str | None:
        with self.engine.connect() as conn:
            found = conn.execute(
                select(db.uploads.c.record).where(db.uploads.c.id == upload_id)
            ).scalar()
        return None if found is None else str(found)
