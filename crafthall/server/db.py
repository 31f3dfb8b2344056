"""The database: table definitions (SQLAlchemy Core), engine set-up and Alembic migrations.

The match record is the truth. ``moves`` holds it, one row per accepted action, with the
primary key (table, move index): two processes racing to write the same move index cannot both
succeed. ``changes`` is the public log of everything that happened at a table (moves with their
public events, joins, undos, bots taking over), numbered by the table's ``version``; clients
ask for "everything since version N". ``game_tables.version`` is bumped by a compare-and-set
in the same transaction as every change, so exactly one of two racing changes commits.
"""

from __future__ import annotations

import re
import select
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    text,
)
from sqlalchemy.engine import make_url

metadata = MetaData()

game_tables = Table(
    "game_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("options", JSON, nullable=False),
    Column("config", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("fixed", JSON, nullable=True),
    Column("header", JSON, nullable=True),
    Column("status", String(16), nullable=False, index=True),
    Column("private", Boolean, nullable=False, default=False),
    Column("version", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("clock_since", Float, nullable=True),
    Column("result", JSON, nullable=True),
)


def _per_table(name: str, key: str, *columns: Column[Any]) -> Table:
    """A table of rows belonging to one game table, keyed by (table_id, ``key``)."""
    return Table(
        name,
        metadata,
        Column("table_id", String(32), ForeignKey("game_tables.id"), primary_key=True),
        Column(key, Integer, primary_key=True),
        *columns,
    )


seats = _per_table(
    "seats",
    "idx",
    Column("kind", String(8), nullable=False),
    Column("name", String(64), nullable=True),
    Column("bot_level", String(40), nullable=True),
    Column("token_hash", String(64), nullable=True),
    Column("invite", String(64), nullable=True),
    Column("zombie", String(16), nullable=True),
    Column("zombie_move", Integer, nullable=True),
    Column("clock", Float, nullable=True),
)

moves = _per_table(
    "moves",
    "idx",
    Column("seat", Integer, nullable=False),
    Column("action", JSON, nullable=False),
    Column("at", Float, nullable=True),
)

changes = _per_table(
    "changes",
    "version",
    Column("data", JSON, nullable=False),
    # A token of the commit that wrote the change: a writer whose connection failed with
    # the answer to its COMMIT tells by it whether the change is its own (see Store.landed).
    Column("writer", String(16), nullable=True),
)

uploads = Table(
    "uploads",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("record", Text, nullable=False),
    Column("created", Float, nullable=False),
)

reviews = Table(
    "reviews",
    metadata,
    # What was reviewed: ``table`` (a finished game table, ``ref`` its id) or ``upload`` (an
    # uploaded record, ``ref`` its id). No foreign key: ``ref`` points into one of two tables.
    Column("kind", String(8), primary_key=True),
    Column("ref", String(64), primary_key=True),
    Column("review", JSON, nullable=False),
    Column("effort", JSON, nullable=False),
    Column("version", Integer, nullable=False),
    Column("created", Float, nullable=False),
)

chat = Table(
    "chat",
    metadata,
    # One row per chat message, numbered across all tables (two processes may write to one
    # table's chat at once); a table's messages in ``id`` order are its chat.
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("game_tables.id"), nullable=False, index=True),
    Column("room", String(12), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("name", String(64), nullable=False),
    Column("text", Text, nullable=False),
    Column("move", Integer, nullable=False),
    Column("at", Float, nullable=False),
)

POOL_SIZE = 16
"""PostgreSQL connections kept open: one per store thread, so none is ever opened and
closed again at a busy moment (the pool has no overflow)."""

TCP_SETTINGS = {
    "keepalives": "1",
    "keepalives_idle": "30",
    "keepalives_interval": "10",
    "keepalives_count": "3",
    "tcp_user_timeout": "60000",
}
"""libpq's settings of each PostgreSQL connection's socket (the operator's own, given in the
database URL, win): a connection whose peer went away without a word (a network cut, a host
powered off) is found dead in about a minute, not after the system's two hours, so the moves
waiting on it are refused with a clear error and the next ones go through a new connection."""

_SCHEMA_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")


def make_engine(url: str, schema: str | None = None) -> Engine:
    """An engine for ``url``; SQLite gets WAL (a killed process loses no committed change)."""
    kwargs: dict[str, Any] = {"future": True}
    if url.startswith("sqlite"):
        kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        engine = create_engine(url, **kwargs)

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    # In the address, not the engine's connect arguments, so that a connection made by the
    # driver alone from it (``loopwriter.LoopWriter``) has them too.
    address = make_url(url)
    address = address.update_query_dict({**TCP_SETTINGS, **address.query})
    if schema is not None:
        if not _SCHEMA_NAME.match(schema):
            raise ValueError(f"'{schema}' is not a plain lower-case schema name.")
        address = address.update_query_dict({"options": f"-csearch_path={schema}"})
    # No ping before each use (a round trip per commit): the store tries once more on a
    # fresh connection when a pooled one turns out dead (see ``store.connections.retry_dead``).
    kwargs.update(pool_size=POOL_SIZE, max_overflow=0, pool_pre_ping=False)
    return create_engine(address, **kwargs)


def migrate(engine: Engine, schema: str | None = None) -> None:
    """Bring the database up to the newest schema (Alembic ``upgrade head``).

    On PostgreSQL an advisory lock makes several processes starting at once take turns.
    """
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(727272)"))
            if schema is not None:
                connection.execute(text(f'CREATE SCHEMA IF NOT EXISTS "{schema}"'))
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def closed_by_server(connection: Any) -> bool:
    """Has the database closed ``connection`` (a psycopg one) while it sat unused: a restart,
    or an administrator ending it? The server then wrote a goodbye, or an end, to its socket,
    which an idle connection never otherwise receives. Looking costs no round trip. A
    connection found so is known to have sent nothing, so an error met on it later means
    that what was sent may have reached the database."""
    try:
        socket = connection.pgconn.socket
    except Exception:  # not PostgreSQL, or closed already
        return False
    waiting = select.poll()  # not select.select: a server's descriptors pass 1024
    waiting.register(socket, select.POLLIN)
    return bool(waiting.poll(0))
