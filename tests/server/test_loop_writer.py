"""PostgreSQL: a group of moves alike is written by the event loop on a connection of its own,
with the same version checks as on the store's threads; any other group, and any group that
connection fails, goes to the threads, and nothing is lost or written twice."""

from __future__ import annotations

import asyncio
import os
import random
import resource
import socket
from types import SimpleNamespace
from typing import Any

from crafthall.server import db, loopwriter
from crafthall.server.commits import CommitQueue
from crafthall.server.db import make_engine
from crafthall.server.hub import Hub
from crafthall.server.loopwriter import LoopWriter
from crafthall.server.settings import Settings
from crafthall.server.store import Commit, Conflict, Store
from tests.server.helpers import groups_on_threads, store_on
from tests.server.test_group_commit import _agrees_with_its_record, _one_move, _tables
from tests.server.test_store import _move, _new_table
from tests.support import wait_until_async


def _alike(table_id: str, index: int) -> Commit:
    """A move that changes the table's clock stamp and adds rows only (no seat's clock)."""
    move = _move(table_id, index)
    move.seat_updates = {}
    return move


def _written_from_a_loop(store: Store, commits: list[Commit]) -> list[Conflict | None] | None:
    writer = LoopWriter(store)

    async def write() -> list[Conflict | None] | None:
        try:
            return await writer.commit_all(commits)
        finally:
            await writer.close()

    return asyncio.run(write())


def test_the_loop_writes_moves_alike_each_as_its_version_allows() -> None:
    with store_on("postgres") as (store, _, _):
        tables = [_new_table(store) for _ in range(3)]
        store.commit(_alike(tables[1], 0))  # the second table is now at version 2
        outcomes = _written_from_a_loop(store, [_alike(table_id, 0) for table_id in tables])
        assert outcomes is not None
        assert outcomes[0] is None and outcomes[2] is None
        assert isinstance(outcomes[1], Conflict) and outcomes[1].args == (tables[1],)
        for table_id in tables:
            snapshot = store.load(table_id)
            assert snapshot is not None and snapshot.table.version == 2
            assert snapshot.table.clock_since == 0.0 and len(snapshot.moves) == 1
            assert snapshot.moves[0].action == {"type": "add", "amount": 1, "note": "é"}
            assert [c["version"] for c in snapshot.changes] == [1, 2]


def test_a_group_not_alike_is_left_to_the_threads_untouched() -> None:
    """A seat's clock changed (a row updated, not only added): not one statement, so the
    loop writes nothing and says so."""
    with store_on("postgres") as (store, _, _):
        tables = [_new_table(store) for _ in range(2)]
        assert _written_from_a_loop(store, [_move(table_id, 0) for table_id in tables]) is None
        assert [store.version(table_id) for table_id in tables] == [1, 1]


def test_a_closed_connection_is_seen_whatever_its_descriptor() -> None:
    """A server holding a thousand sockets gives its database connections descriptors past
    1024, which ``select.select`` cannot take."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 2048
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(wanted, hard)), hard))
    filler = [os.open(os.devnull, os.O_RDONLY) for _ in range(1100)]
    ours, database = socket.socketpair()
    try:
        assert ours.fileno() > 1024
        connection = SimpleNamespace(pgconn=SimpleNamespace(socket=ours.fileno()))
        assert not db.closed_by_server(connection)
        database.close()  # the database ends the connection
        assert db.closed_by_server(connection)
    finally:
        ours.close()
        for descriptor in filler:
            os.close(descriptor)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_a_connection_the_database_closed_is_replaced_before_it_is_used(
    monkeypatch: Any,
) -> None:
    """The database closes the loop's connection while it waits (a restart, an
    administrator): the loop sees it before its next group and writes on a new connection.
    A connection lost during a group sends the group to the store's threads instead (see
    test_lost_commit.py)."""
    monkeypatch.setattr(loopwriter, "REST_SECONDS", 0.0)
    with store_on("postgres") as (store, url, schema):
        hub = Hub(Settings(database_url=url, database_schema=schema, bot_delay=0), store)
        on_threads = groups_on_threads(store)
        picker = random.Random(7)

        async def play() -> None:
            await hub.start()
            try:
                tables = await _tables(hub, 4)

                async def one_round() -> None:
                    moves = [(table, *_one_move(table, picker)) for table in tables]
                    await asyncio.gather(*(hub.act(t, seat, a) for t, seat, a in moves))

                await one_round()
                writer = hub.commits._loop_writer
                assert writer is not None and writer._connection is not None
                connection = writer._connection
                pid = connection.info.backend_pid
                with store.engine.connect() as admin:
                    admin.exec_driver_sql("SELECT pg_terminate_backend(%s)", (pid,))
                await wait_until_async(
                    lambda: db.closed_by_server(connection),
                    "the server's goodbye never reached the socket",
                )
                await one_round()
                await one_round()
                assert on_threads == []
                assert writer._connection is not None
                assert writer._connection.info.backend_pid != pid
                for table in tables:
                    _agrees_with_its_record(hub, table)
                    assert len(table.match.moves) == 3  # type: ignore[union-attr]
            finally:
                await hub.stop()

        asyncio.run(play())


def test_every_connection_finds_a_vanished_database_within_a_minute() -> None:
    """TCP keepalives and a user timeout on the pool's connections and the loop's own (a
    network cut sends no reset: without them a connection waits for hours); a setting given
    in the database's URL wins."""
    with store_on("postgres") as (store, url, schema):
        raw = store.engine.raw_connection()
        try:
            pooled = raw.driver_connection.info.get_parameters()  # type: ignore[union-attr]
        finally:
            raw.close()
        writer = LoopWriter(store)

        async def loop_parameters() -> dict[str, str]:
            try:
                connection = await writer._connect()
                return connection.info.get_parameters()
            finally:
                await writer.close()

        for parameters in (pooled, asyncio.run(loop_parameters())):
            assert parameters["keepalives"] == "1"
            assert parameters["keepalives_idle"] == "30"
            assert parameters["tcp_user_timeout"] == "60000"
        own = make_engine(f"{url}?keepalives_idle=5", schema)
        try:
            with own.connect() as conn:
                parameters = conn.connection.driver_connection.info.get_parameters()  # type: ignore[union-attr]
                assert parameters["keepalives_idle"] == "5"
        finally:
            own.dispose()


def test_the_part_alike_of_a_group_is_what_one_statement_can_write() -> None:
    """A table twice, or a move unlike the rest, stays out of the part alike; the part is
    what :meth:`Store.in_one` writes as one statement, and the whole group is not."""
    with store_on("postgres") as (store, _, _):
        tables = [_new_table(store) for _ in range(3)]
        commits = [
            _alike(tables[0], 0),
            _move(tables[1], 0),
            _alike(tables[0], 1),
            _alike(tables[2], 0),
        ]
        part = store.most_alike(commits)
        assert part == [0, 3]
        assert store.in_one([commits[position] for position in part]) is not None
        assert store.in_one(commits) is None
        assert store.in_one([commits[0], commits[2]]) is None  # one table moved twice
        assert store.in_one([commits[0], commits[1]]) is None  # unlike


def test_the_moves_alike_of_a_mixed_group_go_from_the_loop_and_the_rest_on_a_thread() -> None:
    """A group with one move unlike the others (a seat's clock changed, as a game's last move
    writes its result): the others are still written as one statement from the loop."""
    with store_on("postgres") as (store, _, _):
        tables = [_new_table(store) for _ in range(4)]
        commits = [_alike(table_id, 0) for table_id in tables[:3]] + [_move(tables[3], 0)]
        assert store.most_alike(commits) == [0, 1, 2]
        on_threads = groups_on_threads(store)
        queue = CommitQueue(store)
        settled: list[BaseException | None] = []

        async def write() -> None:
            try:
                await asyncio.gather(*(queue.commit(commit, settled.append) for commit in commits))
            finally:
                await queue.close()

        asyncio.run(write())
        assert settled == [None] * 4
        assert on_threads == [1]
        assert queue.report() == {"groups": 2, "changes": 4}
        for table_id in tables:
            snapshot = store.load(table_id)
            assert snapshot is not None and snapshot.table.version == 2
