"""The statements of a commit, compiled once for the engine's dialect and run on the driver's
own cursor: building and compiling SQL for every commit cost more than the database's own
work."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from sqlalchemy import JSON, Table, bindparam, delete, insert, update
from sqlalchemy.engine import Dialect

from crafthall.server import db
from crafthall.server.batches import RowsAtOnce, bump_rows, insert_rows
from crafthall.server.clients import dump


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
