"""Uploaded match records, kept to be stepped through (``/api/replays``)."""

from __future__ import annotations

import contextlib
from typing import Any

from sqlalchemy import Engine, insert, select

from crafthall.server import db
from crafthall.server.store.reads import one_value


def add_upload(
    engine: Engine,
    writing: contextlib.AbstractContextManager[Any],
    upload_id: str,
    game: str,
    record: str,
    created: float,
) -> None:
    """Keep an uploaded record (in the writers' turn: ``writing``)."""
    with writing, engine.begin() as conn:
        conn.execute(
            insert(db.uploads).values(id=upload_id, game=game, record=record, created=created)
        )


def upload(engine: Engine, upload_id: str) -> str | None:
    """An uploaded record's text, ``None`` if there is none by that id."""
    found = one_value(engine, select(db.uploads.c.record).where(db.uploads.c.id == upload_id))
    return None if found is None else str(found)
