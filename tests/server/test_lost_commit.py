"""PostgreSQL: a connection that fails after its COMMIT reached the database, the answer lost.

The changes are written though their writer was not told. Trying them again finds each table
moved on: the change found there carries the commit's own token, so it is taken as written,
not as another player's change that got there first (the move would then be prepared again
on the moved table and, if still legal, made twice)."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Callable, Iterator

import pytest

from crafthall.engine.errors import IllegalAction
from crafthall.server.commits import CommitQueue
from crafthall.server.hub import CATCH_UP_RETRY, Hub
from crafthall.server.settings import Settings
from crafthall.server.store import Commit, Conflict, OutcomeUnknown, Store
from tests.server.helpers import (
    CommitCutter,
    postgres_up,
    service_or_skip,
    store_on,
)
from tests.server.test_group_commit import _agrees_with_its_record, _one_move, _tables
from tests.server.test_loop_writer import _alike
from tests.server.test_store import _move, _new_table
from tests.support import wait_until_async


@contextlib.contextmanager
def _cut_store() -> Iterator[tuple[Store, CommitCutter, str]]:
    """A store on PostgreSQL whose every connection goes through a :class:`CommitCutter`,
    with the cutter and the store's schema."""
    service_or_skip("PostgreSQL", postgres_up)
    cutter = CommitCutter()
    try:
        with store_on("postgres", pg_url=cutter.url) as (store, _, schema):
            assert schema is not None
            yield store, cutter, schema
    finally:
        cutter.close()


def _written_once(store: Store, table_id: str) -> None:
    """The table took exactly one move, whose change is at version 2."""
    snapshot = store.load(table_id)
    assert snapshot is not None and snapshot.table.version == 2
    assert len(snapshot.moves) == 1
    assert [change["version"] for change in snapshot.changes] == [1, 2]


def test_a_group_written_from_the_loop_whose_answer_was_lost_is_not_made_again() -> None:
    with _cut_store() as (store, cutter, _):
        tables = [_new_table(store) for _ in range(3)]
        queue = CommitQueue(store)
        settled: list[BaseException | None] = []

        async def play() -> None:
            cutter.arm(on_loop=True)
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
    with _cut_store() as (store, cutter, _):
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


@pytest.mark.parametrize("make", [_alike, _move], ids=["alike", "with-a-clock"])
def test_a_lost_commit_the_database_cannot_be_asked_about_is_an_unknown_outcome(
    make: Callable[[str, int], Commit],
) -> None:
    """The database goes away with the group's COMMIT: the writer cannot find out whether
    it landed, and says so (neither written nor refused); it had landed."""
    with _cut_store() as (store, cutter, _):
        tables = [_new_table(store) for _ in range(2)]
        commits = [make(table_id, 0) for table_id in tables]
        cutter.arm(then_away=True)
        with pytest.raises(OutcomeUnknown):
            store.commit_all(commits)
        assert cutter.cuts == 1
        cutter.back()
        assert store.landed(commits) == [True, True]
        for table_id in tables:
            _written_once(store, table_id)


def test_a_move_whose_outcome_is_unknown_shows_once_the_database_is_back() -> None:
    """The mover is told that the move may be saved; the table is read again until the
    database answers, and its clients are sent the move, made once."""
    with _cut_store() as (store, cutter, schema):
        settings = Settings(database_url=cutter.url, database_schema=schema, bot_delay=0)
        hub = Hub(settings, store)
        picker = random.Random(8)

        async def play() -> None:
            await hub.start()
            try:
                [table] = await _tables(hub, 1)
                [client] = table.clients
                seat, action = _one_move(table, picker)
                before = table.version
                cutter.arm(then_away=True, on_loop=True)
                with pytest.raises(IllegalAction) as refused:
                    await hub.act(table, seat, action)
                assert refused.value.code == "outcome-unknown"
                assert table.version == before  # not known to be saved: memory waits
                await asyncio.sleep(CATCH_UP_RETRY * 1.5)
                assert table.version == before  # the database is still away
                cutter.back()
                await wait_until_async(
                    lambda: client.sent_version > before, "the move never reached the client"
                )
                assert table.version == client.sent_version == before + 1
                _agrees_with_its_record(hub, table)
            finally:
                await hub.stop()

        asyncio.run(play())
