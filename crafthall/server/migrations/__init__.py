"""Alembic migrations of the server's database (run by :func:`crafthall.server.db.migrate`)."""
