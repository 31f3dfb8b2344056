"""The Alembic migrations build exactly the schema the server's models describe."""

from __future__ import annotations

from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from crafthall.server.db import make_engine, metadata, migrate


def test_migrated_database_matches_the_models(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'schema.sqlite3'}")
    migrate(engine)
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), metadata)
    assert differences == []
    assert set(metadata.tables) <= set(inspect(engine).get_table_names())


def test_migrating_twice_changes_nothing(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'schema.sqlite3'}")
    migrate(engine)
    migrate(engine)
    with engine.connect() as connection:
        assert MigrationContext.configure(connection).get_current_revision() is not None
