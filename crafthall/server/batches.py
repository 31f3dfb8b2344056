"""PostgreSQL: the rows of many commits in one statement each.

psycopg sends every statement on its own, even in a pipeline, and its own work for one costs
more than the database's: a group of 24 moves written a statement per row took about 100 us
of the server's CPU a move. Here the rows of a statement travel as one JSON array, which the
database reads back into typed rows (``json_to_recordset``), so a group's version checks are
one ``UPDATE`` (``RETURNING`` the tables it moved on) and its new moves and changes one
``INSERT`` each. A JSON ``null`` is SQL ``NULL``, as the statements of one row write ``None``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Table
from sqlalchemy.dialects import postgresql

from crafthall.server.clients import dump

_DIALECT = postgresql.dialect()


class RowsAtOnce:
    """One statement for many rows, given as one JSON array of objects."""

    def __init__(self, sql: str) -> None:
        self.sql = sql

    def params(self, rows: Sequence[dict[str, Any]]) -> tuple[str]:
        return (dump(rows),)


def _rows(table: Table, names: Sequence[str], keys: dict[str, str] | None = None) -> str:
    """The rows of the JSON parameter, each name typed as its column (``keys``: names that
    are not columns, with their types)."""
    keys = keys or {}
    typed = ", ".join(
        f'"{name}" {keys.get(name) or table.c[name].type.compile(dialect=_DIALECT)}'
        for name in names
    )
    return f"json_to_recordset(%s::json) AS v({typed})"


def insert_rows(table: Table) -> RowsAtOnce:
    """``INSERT`` of rows holding every column of ``table``."""
    names = [c.name for c in table.columns]
    columns = ", ".join(f'"{name}"' for name in names)
    values = ", ".join(f'v."{name}"' for name in names)
    return RowsAtOnce(
        f"INSERT INTO {table.name} ({columns}) SELECT {values} FROM {_rows(table, names)}"
    )


def bump_rows(table: Table, columns: Sequence[str]) -> RowsAtOnce:
    """Move each table row named by ``b_id`` to ``version`` (and set ``columns``) if it is
    still at ``b_expected``; the statement returns the ids of the rows it moved."""
    names = ["b_id", "b_expected", "version", *columns]
    keys = {"b_id": "TEXT", "b_expected": "INTEGER"}
    sets = ", ".join(f'"{name}" = v."{name}"' for name in names[2:])
    return RowsAtOnce(
        f"UPDATE {table.name} AS t SET {sets} FROM {_rows(table, names, keys)} "
        f"WHERE t.id = v.b_id AND t.version = v.b_expected RETURNING t.id"
    )
