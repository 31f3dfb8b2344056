"""PostgreSQL: a group of moves written by the event loop itself.

A group written on a store thread waits for that thread to get the interpreter back from the
busy event loop, before its round trip and after it: with 500 tables playing, a group of
about four moves took a median 2.6 ms on the thread (p99 17 ms) for half a millisecond of
the database's work, and the moves arriving meanwhile waited for the next group. A group of
moves alike (one statement, :class:`~crafthall.server.store.InOne`) is instead sent from the
loop, on a connection of its own (psycopg's asyncio connection) in autocommit: the statement
is its own transaction, committed in its one round trip. Any other group, and any group the
loop's connection fails, is written on the store's threads as before, with the same version
checks; a commit that reached the database before its connection failed is recognised
there by its token (:meth:`~crafthall.server.store.Store.landed`), not made again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import psycopg

from crafthall.server import db
from crafthall.server.store import Commit, Conflict, Store

log = logging.getLogger("crafthall.server")

REST_SECONDS = 1.0
"""After the loop's connection fails (the database restarted or is away), how long every
group goes to the store's threads, which find out and say so, before the loop tries again."""

CONNECT_SECONDS = 5
"""How long a new connection may take (libpq's ``connect_timeout``)."""


class LoopFailed(Exception):
    """The loop's connection failed with a group: none, or all of it, may be written."""


class LoopWriter:
    """Writes groups of moves alike from the event loop (see the module's text)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._connection: psycopg.AsyncConnection[Any] | None = None
        self._rest_until = 0.0

    async def commit_all(self, commits: list[Commit]) -> list[Conflict | None] | None:
        """Write ``commits`` as :meth:`Store.commit_all` does, or return ``None`` (nothing
        written) where the loop does not (the group is not one statement, or the loop rests
        after a failure); raises :class:`LoopFailed` if the loop's connection failed with the
        group."""
        loop = asyncio.get_running_loop()
        if loop.time() < self._rest_until:
            return None
        in_one = self.store.in_one(commits)
        if in_one is None:
            return None
        try:
            connection = await self._sound_connection()
        except psycopg.Error as err:  # nothing was sent: the store's threads write the group
            log.info("the event loop cannot reach the database: %s", err)
            self._rest_until = loop.time() + REST_SECONDS
            return None
        try:
            # One statement on a connection in autocommit: its own transaction, committed
            # in its one round trip (sent in a pipeline with a COMMIT, a group of one move
            # cost the loop about 0.23 ms more CPU, waiting on the socket several times).
            async with connection.cursor() as writer:
                await writer.execute(in_one.sql, in_one.params)
                moved = {row[0] for row in await writer.fetchall()}
        except psycopg.Error as err:
            log.info("a group of moves goes to the store's threads: %s", err)
            self._rest_until = loop.time() + REST_SECONDS
            await self.close()
            raise LoopFailed(str(err)) from err
        return [
            None if done else Conflict(commit.table_id)
            for commit, done in zip(commits, in_one.matched(moved), strict=True)
        ]

    async def _sound_connection(self) -> psycopg.AsyncConnection[Any]:
        """The loop's connection, or a new one if the database closed it meanwhile (see
        :func:`db.closed_by_server`)."""
        if self._connection is not None and db.closed_by_server(self._connection):
            await self.close()
        return self._connection or await self._connect()

    async def _connect(self) -> psycopg.AsyncConnection[Any]:
        engine = self.store.engine
        args, params = engine.dialect.create_connect_args(engine.url)
        params.pop("context", None)  # SQLAlchemy's own adapters, for its own connections
        params.setdefault("connect_timeout", CONNECT_SECONDS)
        self._connection = await psycopg.AsyncConnection.connect(*args, **params, autocommit=True)
        return self._connection

    async def close(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            with contextlib.suppress(psycopg.Error):
                await connection.close()
