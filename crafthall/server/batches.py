"""PostgreSQL: the rows of many commits in one statement each.

psycopg sends every statement on its own, even in a pipeline, and its own work for one costs
more than the database's: a group of 24 moves written a statement per row took about 100 us
of the server's CPU a move. Here the rows of a statement travel as one JSON array, which the
database reads back into typed rows (``json_to_recordset``), so a group's version checks are
one ``UPDATE`` (``RETURNING`` the tables it moved on) and its new moves and changes one
``INSERT`` each. A JSON ``null`` is SQL ``NULL``, as the statements of one row write ``None``.

Where a group holds nothing else, the three are one statement (:func:`all_at_once`), sent
with the ``COMMIT`` in one round trip: each round trip is also a wait for the store thread to
get the interpreter back from the busy event loop.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from sqlalchemy import Table
from sqlalchemy.dialects import postgresql

from crafthall.server.clients import dump

_DIALECT = postgresql.dialect()


class RowsAtOnce:
    """One statement for many rows, given as one JSON array of objects; ``key`` names the
    field of each row that holds its table's id."""

    def __init__(self, sql: str, key: str) -> None:
        self.sql = sql
        self.key = key

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
        f"INSERT INTO {table.name} ({columns}) SELECT {values} FROM {_rows(table, names)}",
        "table_id",
    )


def bump_rows(table: Table, columns: Sequence[str]) -> RowsAtOnce:
    """Move each table row named by ``b_id`` to ``version`` (and set ``columns``) if it is
    still at ``b_expected``; the statement returns the ids of the rows it moved."""
    names = ["b_id", "b_expected", "version", *columns]
    keys = {"b_id": "TEXT", "b_expected": "INTEGER"}
    sets = ", ".join(f'"{name}" = v."{name}"' for name in names[2:])
    return RowsAtOnce(
        f"UPDATE {table.name} AS t SET {sets} FROM {_rows(table, names, keys)} "
        f"WHERE t.id = v.b_id AND t.version = v.b_expected RETURNING t.id",
        "b_id",
    )


@lru_cache(maxsize=64)
def all_at_once(check: RowsAtOnce, inserts: tuple[RowsAtOnce, ...]) -> str:
    """One statement: the version checks of ``check``, and the rows of each of ``inserts``
    whose table the check moved on; it returns the ids of those tables. (Its parameters:
    the check's rows, then each insert's.)"""
    parts = [f"moved AS ({check.sql})"]
    for number, statement in enumerate(inserts):
        guard = f'WHERE v."{statement.key}" IN (SELECT id FROM moved)'
        parts.append(f"w{number} AS ({statement.sql} {guard})")
    return f"WITH {', '.join(parts)} SELECT id FROM moved"
