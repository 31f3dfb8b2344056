"""A group of commits as statements: each commit's plan (its version check, then the rest of
its rows), and on PostgreSQL the plans alike written as one statement per kind of row, or the
whole group as one (see :mod:`crafthall.server.batches`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from crafthall.server import db
from crafthall.server.batches import all_at_once
from crafthall.server.store.rows import Commit
from crafthall.server.store.statements import Prepared, Statements


def plan(statements: Statements, commit: Commit) -> Plan:
    """The statements of ``commit``: its version check first, then the rest."""
    sql = statements
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
        """For each commit, the rows its version check matched (as :func:`write`)."""
        return [int(table_id in moved) for table_id in self.ids]


def write_postgres(conn: Any, plans: list[Plan]) -> list[int]:
    """:func:`write` on PostgreSQL: the version checks of the commits alike (the same
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


def write_sqlite(cursor: Any, plans: list[Plan]) -> list[int]:
    """:func:`write` on SQLite: each commit's version check, then its rows if it matched."""
    matched = []
    for each in plans:
        matched.append(done := each.check[0].run(cursor, each.check[1]))
        if done == 1:
            for statement, values in each.rest:
                statement.run(cursor, values)
    return matched


def write(raw: Any, postgres: bool, plans: list[Plan]) -> list[int]:
    """Run the group's statements on the pooled connection ``raw`` (not its ``COMMIT``);
    returns, for each commit, the rows its version check matched (0: another change got
    there first, and nothing else of it is written)."""
    if postgres:
        return write_postgres(raw.driver_connection, plans)
    return write_sqlite(raw.cursor(), plans)
