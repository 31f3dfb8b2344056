"""A table's chat, kept with it: one row per message, as it was shown."""

from __future__ import annotations

import contextlib
from typing import Any, Literal

from sqlalchemy import Engine, insert, select

from crafthall.server import db
from crafthall.server.wire import ChatLine

Room = Literal["players", "spectators"]


def add_line(
    engine: Engine, writing: contextlib.AbstractContextManager[Any], line: ChatLine, table_id: str
) -> int:
    """Keep a message said at ``table_id`` (in the writers' turn: ``writing``); returns its
    number (``line["n"]`` is not read)."""
    values = {key: value for key, value in line.items() if key != "n"}
    with writing, engine.begin() as conn:
        found = conn.execute(insert(db.chat).values(table_id=table_id, **values))
        key = found.inserted_primary_key
        assert key is not None
        return int(key[0])


def lines(engine: Engine, table_id: str, room: Room | None, latest: int | None) -> list[ChatLine]:
    """The messages said at ``table_id`` (in ``room`` only, unless ``None``), oldest first:
    the ``latest`` of them, or all when ``None``."""
    c = db.chat.c
    query = select(c.id, c.room, c.seat, c.name, c.text, c.move, c.at).where(c.table_id == table_id)
    if room is not None:
        query = query.where(c.room == room)
    query = query.order_by(c.id.desc())
    if latest is not None:
        query = query.limit(latest)
    with engine.connect() as conn:
        rows = conn.execute(query).all()
    return [
        {
            "n": row.id,
            "room": row.room,
            "seat": row.seat,
            "name": row.name,
            "text": row.text,
            "move": row.move,
            "at": row.at,
        }
        for row in reversed(rows)
    ]
