"""PostgreSQL: a connection that fails after its COMMIT reached the database, the answer lost.

The changes are written though their writer was not told. Trying them again finds each table
moved on: the change found there carries the commit's own token, so it is taken as written,
not as another player's change that got there first (the move would then be prepared again
on the moved table and, if still legal, made twice)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Iterator

import pytest

from crafthall.server.commits import CommitQueue
from crafthall.server.db import make_engine, migrate
from crafthall.server.store import Commit, Conflict, Store
from tests.server.helpers import (
    CommitCutter,
    pg_schema,
    postgres_up,
    service_or_skip,
    store_on,
)
from tests.server.test_loop_writer import _alike
from tests.server.test_store import _move, _new_table


@contextlib.contextmanager
def _cut_store() -> Iterator[tuple[Store, CommitCutter]]:
    """A store on PostgreSQL whose every connection goes through a :class:`CommitCutter`."""
    service_or_skip("PostgreSQL", postgres_up)
    cutter = CommitCutter()
    with pg_schema() as schema:
        engine = make_engine(cutter.url, schema)
        migrate(engine, schema)
        store = Store(engine)
        try:
            yield store, cutter
        finally:
            store.close()
            cutter.close()


def _written_once(store: Store, table_id: str) -> None:
    """The table took exactly one move, whose change is at version 2."""
    snapshot = store.load(table_id)
    assert snapshot is not None and snapshot.table.version == 2
    assert len(snapshot.moves) == 1
    assert [change["version"] for change in snapshot.changes] == [1, 2]


def test_a_group_written_from_the_loop_whose_answer_was_lost_is_not_made_again() -> None:
    with _cut_store() as (store, cutter):
        tables = [_new_table(store) for _ in range(3)]
        queue = CommitQueue(store)
        settled: list[BaseException | None] = []

        async def play() -> None:
            cutter.arm()
            try:
                await asyncio.gather(
                    *(queue.commit(_alike(table_id, 0), settled.append) for table_id in tables)
                )
            finally:
                await queue.close()

        asyncio.run(play())
        assert cutter.cuts == 1
        assert settled == [None, None, None]
        for table_id in tables:
            _written_once(store, table_id)


@pytest.mark.parametrize("make", [_alike, _move], ids=["alike", "with-a-clock"])
def test_a_group_written_on_a_thread_whose_answer_was_lost_is_not_made_again(
    make: Callable[[str, int], Commit],
) -> None:
    """The group's COMMIT goes with its statement (moves alike) or after them (a seat's
    clock changed too): either way the writer learns that it was written, and a move of the
    group that another writer had beaten is still a conflict."""
    with _cut_store() as (store, cutter):
        tables = [_new_table(store) for _ in range(3)]
        store.commit(make(tables[2], 0))  # the third table has moved on already
        cutter.arm()
        outcomes = store.commit_all([make(table_id, 0) for table_id in tables])
        assert cutter.cuts == 1
        assert outcomes[:2] == [None, None]
        assert isinstance(outcomes[2], Conflict) and outcomes[2].args == (tables[2],)
        for table_id in tables:
            _written_once(store, table_id)


@pytest.mark.parametrize("database", ["sqlite", "postgres"])
def test_the_same_change_made_by_another_writer_is_still_a_conflict(database: str) -> None:
    """Two processes may make the very same change (one player's action sent through both):
    only the token tells whose it is; a commit never sent is not taken for written."""
    with store_on(database) as (store, _, _):
        table_id = _new_table(store)
        first, second = _alike(table_id, 0), _alike(table_id, 0)
        assert first == second and first.writer != second.writer
        assert store.landed([first]) == [False]
        store.commit(first)
        [outcome] = store.commit_all([second], retried=True)
        assert isinstance(outcome, Conflict)
        assert store.landed([first, second]) == [True, False]
        _written_once(store, table_id)
