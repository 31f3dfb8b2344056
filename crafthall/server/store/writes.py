"""Writing: a new table's rows, and groups of changes to different tables, each written only
if its table is still at the version it expects, all of a group in one transaction.

A connection can fail after its ``COMMIT`` reached the database, the answer lost: the changes
are then written though the writer was not told. So after a failed connection, a version
check that fails is looked into: a change found at that version with its commit's token is
that commit's (:meth:`Writer.landed`), not a conflict, and is not made again.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, select, tuple_
from sqlalchemy.exc import InterfaceError, OperationalError

from crafthall.server import db
from crafthall.server.store.connections import (
    Conflict,
    OutcomeUnknown,
    driver_errors,
    lost,
    retry_dead,
    sound_connection,
)
from crafthall.server.store.groups import Grouped, InOne, Plan, alike, plan, write
from crafthall.server.store.rows import Commit, SeatRow, TableRow
from crafthall.server.store.sqlite_log import WriteAheadLog
from crafthall.server.store.statements import Statements

Answer = Conflict | OutcomeUnknown | None
"""What became of one commit of a group: ``None`` (written), or why it was not."""


@dataclass
class Attempt:
    """One group's way through the database: the connection it is written on now, and
    whether a connection was lost on the way (a ``COMMIT`` may then have landed unseen)."""

    raw: Any
    lost: bool
    retried: bool
    """Was the group written again on a fresh connection (here, or by the loop writer)?"""


class Writer:
    """The writes of one database. ``writing`` is the writers' turn (SQLite lets one
    connection write at a time); ``log``: SQLite's write-ahead log, told of every commit."""

    def __init__(
        self,
        engine: Engine,
        writing: contextlib.AbstractContextManager[Any],
        log: WriteAheadLog | None,
    ) -> None:
        self.engine = engine
        self.statements = Statements(engine.dialect)
        self.writing = writing
        self.log = log
        self.postgres = engine.dialect.name == "postgresql"

    def create(self, table: TableRow, seat_rows: list[SeatRow], change: dict[str, Any]) -> None:
        """Write a new table's rows (its seats and first change), with the statements
        compiled once, as for moves."""
        sql = self.statements
        with driver_errors(self.engine), self.writing, self.engine.begin() as conn:
            cursor = conn.connection.cursor()
            sql.insert(db.game_tables).run(cursor, vars(table))
            for seat in seat_rows:
                sql.insert(db.seats).run(cursor, seat.to_row(table.id))
            sql.insert(db.changes).run(
                cursor,
                {"table_id": table.id, "version": table.version, "data": change, "writer": None},
            )

    def in_one(self, commits: list[Commit]) -> InOne | None:
        """On PostgreSQL, ``commits`` as the one statement :meth:`commit_all` would send, if
        they are alike (see :meth:`Grouped.in_one`); ``None`` otherwise."""
        if not self.postgres:
            return None
        return Grouped.of(self._plans(commits)).in_one()

    def most_alike(self, commits: list[Commit]) -> list[int]:
        """On PostgreSQL, the positions of the largest part of ``commits`` that is alike (one
        statement writes it: :meth:`in_one`), in order; none elsewhere. A game's last move
        (its result written too) or a player's clock makes a change unlike the others."""
        if not self.postgres:
            return []
        return alike(self._plans(commits))

    def _plans(self, commits: list[Commit]) -> list[Plan]:
        return [plan(self.statements, commit) for commit in commits]

    def commit_all(self, commits: list[Commit], retried: bool = False) -> list[Answer]:
        """Write ``commits`` (changes to different tables) in one transaction and one commit:
        the moves that reach the server together share a commit, its flush and, on
        PostgreSQL, its round trips. Each is written only if its table is still at the
        version it expects; the answer for each is ``None`` (written) or the
        :class:`Conflict` (none of it written). A database error writes none of them.

        After a failed connection (here, or the loop writer's for a group ``retried`` here),
        a failed version check is looked into (:meth:`landed`). When the database cannot be
        asked (it went away altogether), the answer for a change not known to be written is
        :class:`OutcomeUnknown`, raised for the whole group when none is known.

        On PostgreSQL the version checks go in one pipeline and the rest of the writes in
        another, so a batch costs three round trips (the checks, the writes, the commit)
        however many moves it holds."""
        attempt = Attempt(raw=None, lost=retried, retried=retried)
        try:
            matched = self._on_a_connection(attempt, commits, self._plans(commits))
        except (OperationalError, InterfaceError) as err:  # the database is away
            if attempt.lost:  # a COMMIT may have gone with the lost connection
                raise OutcomeUnknown(str(err)) from err
            raise
        if attempt.retried and not all(matched):
            return self._after_a_retry(commits, matched)
        return _answers(commits, matched)

    def _on_a_connection(
        self, attempt: Attempt, commits: list[Commit], plans: list[Plan]
    ) -> list[int]:
        """Write the group on a sound pooled connection. The connection is taken from the
        pool and given back outside the writers' turn (SQLite): only the transaction itself
        holds up the next writer."""
        with driver_errors(self.engine):
            attempt.raw = sound_connection(self.engine)
            try:
                return self._transaction(attempt, commits, plans)
            finally:
                attempt.raw.close()

    def _transaction(self, attempt: Attempt, commits: list[Commit], plans: list[Plan]) -> list[int]:
        """In the writers' turn: the statements, then the ``COMMIT``; rolled back if either
        fails. Returns, for each commit, whether its version check matched (1) or not (0)."""
        with self.writing:
            try:
                matched = self._write(attempt, plans)
                self._commit(attempt, commits, matched)
            except BaseException:
                _roll_back(attempt.raw)
                raise
            if self.log is not None:
                self.log.written(attempt.raw, sum(matched))
            return matched

    def _write(self, attempt: Attempt, plans: list[Plan]) -> list[int]:
        """The group's statements; once more on a fresh connection if the pooled one was
        closed by the database (it restarted), or lost with a group's ``COMMIT``
        (PostgreSQL sends it with the group)."""
        try:
            return write(attempt.raw, self.postgres, plans)
        except self.engine.dialect.loaded_dbapi.Error as err:
            if not lost(self.engine, attempt.raw, err):
                raise
        attempt.lost = attempt.retried = True
        attempt.raw.invalidate()
        attempt.raw = self.engine.raw_connection()
        return write(attempt.raw, self.postgres, plans)

    def _commit(self, attempt: Attempt, commits: list[Commit], matched: list[int]) -> None:
        """``COMMIT``; a connection lost with it is no error if every change it held is
        found written (the ``COMMIT`` reached the database; its answer did not come back)."""
        try:
            attempt.raw.commit()
        except self.engine.dialect.loaded_dbapi.Error as err:
            if not lost(self.engine, attempt.raw, err):
                raise
            attempt.lost = True
            if not self._all_landed(commits, matched):
                raise

    def _after_a_retry(self, commits: list[Commit], matched: list[int]) -> list[Answer]:
        """The answers of a group written again: a failed version check whose change is
        found written with its token was the first try's, not a conflict."""
        try:
            found = self.landed(commits)
        except Exception as err:
            unknown = OutcomeUnknown(str(err))
            return [None if done else unknown for done in matched]
        ours = [int(done or was_ours) for done, was_ours in zip(matched, found, strict=True)]
        return _answers(commits, ours)

    def _all_landed(self, commits: list[Commit], matched: list[int]) -> bool:
        """Are the commits whose version check matched all in the database? (One transaction:
        all of them are, or none.) :class:`OutcomeUnknown` if the database cannot say."""
        written = [commit for commit, done in zip(commits, matched, strict=True) if done]
        try:
            return all(self.landed(written))
        except Exception as err:
            raise OutcomeUnknown(str(err)) from err

    @retry_dead
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


def _roll_back(raw: Any) -> None:
    """Undo what the failed transaction on ``raw`` wrote, if the connection still can."""
    with contextlib.suppress(Exception):
        raw.rollback()


def _answers(commits: list[Commit], matched: list[int]) -> list[Answer]:
    return [
        None if done == 1 else Conflict(commit.table_id)
        for commit, done in zip(commits, matched, strict=True)
    ]
