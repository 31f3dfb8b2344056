"""Alembic environment: runs on the connection that :func:`crafthall.server.db.migrate` opens."""

from __future__ import annotations

from alembic import context

from crafthall.server.db import metadata

connection = context.config.attributes.get("connection")
if connection is not None:
    # The server migrates on the connection it opened (crafthall.server.db.migrate).
    context.configure(connection=connection, target_metadata=metadata)
    with context.begin_transaction():
        context.run_migrations()
else:  # pragma: no cover - the alembic command line (alembic.ini), e.g. `alembic revision`
    import os

    from sqlalchemy import create_engine

    from crafthall.server.settings import DEFAULT_DATABASE_URL

    url = os.environ.get("CRAFTHALL_DATABASE_URL") or DEFAULT_DATABASE_URL
    with create_engine(url).connect() as cli_connection:
        context.configure(connection=cli_connection, target_metadata=metadata)
        with context.begin_transaction():
            context.run_migrations()
        cli_connection.commit()
