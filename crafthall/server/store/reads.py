"""Reading tables back: a whole table as one consistent snapshot, its version, the tables
in a status, and the public tables of the lobby."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, Engine, Select, select, text

from crafthall.engine.record import Move
from crafthall.server import db
from crafthall.server.store.connections import retry_dead
from crafthall.server.store.rows import SeatRow, Snapshot, TableRow, seat_row


@retry_dead
def ping(engine: Engine) -> None:
    """Raise if the database cannot be reached right now."""
    with engine.connect() as conn:
        conn.execute(text("SELECT 1"))


@retry_dead
def one_value(engine: Engine, query: Select[Any]) -> Any:
    """The first column of the first row ``query`` finds, ``None`` if it finds none."""
    with engine.connect() as conn:
        return conn.execute(query).scalar()


def version(engine: Engine, table_id: str) -> int | None:
    """The table's version, ``None`` if there is no such table."""
    t = db.game_tables
    found = one_value(engine, select(t.c.version).where(t.c.id == table_id))
    return None if found is None else int(found)


@retry_dead
def load(engine: Engine, table_id: str, since: int = -1, moves_held: int = 0) -> Snapshot | None:
    """The whole table; only the changes after version ``since``. Read from one snapshot:
    a change committed between two of the reads would otherwise show up in one and not
    in the other (a change log ahead of the table's version, counted twice later).

    ``moves_held``: the reader holds the record's first moves up to version ``since``;
    unless a change since then took one back (``undo``), only the later moves are read
    (a process following another's moves reads one row, not the whole record)."""
    with _snapshot(engine) as conn, conn.begin():
        row = conn.execute(select(db.game_tables).where(db.game_tables.c.id == table_id)).first()
        if row is None:
            return None
        seats = _seats(conn, table_id)
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
    move_list = [Move(r.seat, r.action, r.at) for r in move_rows]
    return Snapshot(table, seats, move_list, changes, moves_held)


def _snapshot(engine: Engine) -> Connection:
    """A connection whose reads all see one moment (PostgreSQL's repeatable read)."""
    conn = engine.connect()
    if engine.dialect.name == "postgresql":
        conn = conn.execution_options(isolation_level="REPEATABLE READ")
    return conn


def _seats(conn: Connection, table_id: str) -> list[SeatRow]:
    rows = conn.execute(
        select(db.seats).where(db.seats.c.table_id == table_id).order_by(db.seats.c.idx)
    ).all()
    return [seat_row(r) for r in rows]


@retry_dead
def table_ids(engine: Engine, status: str) -> list[str]:
    with engine.connect() as conn:
        rows = conn.execute(
            select(db.game_tables.c.id).where(db.game_tables.c.status == status)
        ).all()
    return [r.id for r in rows]


@retry_dead
def open_tables(
    engine: Engine, status: str = "waiting", limit: int = 100
) -> list[tuple[TableRow, list[SeatRow]]]:
    """Public tables in ``status`` (waiting, playing or finished), newest first."""
    with engine.connect() as conn:
        rows = conn.execute(
            select(db.game_tables)
            .where(db.game_tables.c.status == status)
            .where(db.game_tables.c.private.is_(False))
            .order_by(db.game_tables.c.created.desc())
            .limit(limit)
        ).all()
        return [(TableRow(**dict(row._mapping)), _seats(conn, row.id)) for row in rows]
