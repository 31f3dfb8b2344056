"""Alembic environment: runs on the connection that :func:`crafthall.server.db.migrate` opens."""

from __future__ import annotations

from alembic import context

from crafthall.server.db import metadata

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - only through the alembic command line
    raise RuntimeError("Run migrations through crafthall.server.db.migrate().")
context.configure(connection=connection, target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()
