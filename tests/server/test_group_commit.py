"""Group commit: changes of different tables that wait together are written in one
transaction, each still checked against its own table's version; a change the database
refuses fails alone; and memory always follows what was written, even for a caller that
gave up waiting. And with several processes, one follows another's announced commits
without reading them back."""

from __future__ import annotations

import asyncio
import json
import random
import uuid
from typing import Any

import pytest

from crafthall.engine.record import Move
from crafthall.server import changes
from crafthall.server.clients import Client
from crafthall.server.creation import new_table
from crafthall.server.db import make_engine
from crafthall.server.fanout import RedisFanout
from crafthall.server.hub import Hub
from crafthall.server.settings import Settings
from crafthall.server.store import Commit, Conflict, Store
from crafthall.server.table import LiveTable
from tests.server.helpers import (
    REDIS_URL,
    groups_on_threads,
    redis_up,
    service_or_skip,
    store_on,
)
from tests.server.test_store import _move, _new_table
from tests.support import wait_until_async


@pytest.mark.parametrize("database", ["sqlite", "postgres"])
def test_one_transaction_writes_each_commit_its_version_allows(database: str) -> None:
    with store_on(database) as (store, _, _):
        first, stale, third = (_new_table(store) for _ in range(3))
        store.commit(_move(stale, 0))  # this table is now at version 2
        outcomes = store.commit_all([_move(first, 0), _move(stale, 0), _move(third, 0)])
        assert outcomes[0] is None and outcomes[2] is None
        assert isinstance(outcomes[1], Conflict) and outcomes[1].args == (stale,)
        for table_id, version, moves in ((first, 2, 1), (stale, 2, 1), (third, 2, 1)):
            snapshot = store.load(table_id)
            assert snapshot is not None
            assert snapshot.table.version == version and len(snapshot.moves) == moves
            assert [c["version"] for c in snapshot.changes] == [1, 2]
        # The refused commit wrote nothing: its table takes its next move as if untouched.
        assert store.commit_all([_move(stale, 1)]) == [None]


@pytest.mark.parametrize("database", ["sqlite", "postgres"])
def test_a_group_writes_every_value_as_a_commit_alone_would(database: str) -> None:
    """On PostgreSQL a group's rows go as one statement per kind of row: every value must
    come back as written (floats exact, None as nothing, JSON as JSON, text untouched)."""
    with store_on(database) as (store, _, _):
        tables = [_new_table(store) for _ in range(4)]
        group = [_move(table_id, 0) for table_id in tables]
        group[0].table_updates = {
            "clock_since": 0.1 + 0.2,
            "status": "finished",
            "result": {"winners": ["Ann"], "note": 'quote " and \\'},
        }
        group[1].insert_move = Move(1, {"type": "add", "nested": [None, 1.5, "ü"]}, None)
        group[2].change = {**group[2].change, "events": [], "text": "tab\tnewline\n"}
        group[3].seat_updates = {}
        assert store.commit_all(group) == [None] * 4
        first = store.load(tables[0])
        assert first is not None
        assert first.table.clock_since == 0.1 + 0.2 and first.table.status == "finished"
        assert first.table.result == {"winners": ["Ann"], "note": 'quote " and \\'}
        assert [s.clock for s in first.seats] == [100.0, None]
        second = store.load(tables[1])
        assert second is not None
        assert second.moves == [Move(1, {"type": "add", "nested": [None, 1.5, "ü"]}, None)]
        third = store.load(tables[2])
        assert third is not None and third.changes[-1]["text"] == "tab\tnewline\n"
        # Two changes of one table in one group (the server never makes such a group): the
        # second finds the table moved on, as it would a change at a time.
        again = [_move(tables[3], 1), _move(tables[3], 1), _move(tables[0], 1)]
        outcomes = store.commit_all(again)
        assert outcomes[0] is None and outcomes[2] is None
        assert isinstance(outcomes[1], Conflict)
        fourth = store.load(tables[3])
        assert fourth is not None and fourth.table.version == 3 and len(fourth.moves) == 2


@pytest.mark.parametrize("database", ["sqlite", "postgres"])
def test_a_group_of_moves_alike_writes_only_those_its_versions_allow(database: str) -> None:
    """Moves that change the same columns and add rows only (no clock): on PostgreSQL the
    group is one statement; a stale move in it writes nothing, the others all."""
    with store_on(database) as (store, _, _):
        tables = [_new_table(store) for _ in range(3)]
        store.commit(_move(tables[1], 0))  # the second table is now at version 2

        def alike(table_id: str) -> Commit:
            move = _move(table_id, 0)
            move.seat_updates = {}
            return move

        outcomes = store.commit_all([alike(table_id) for table_id in tables])
        assert outcomes[0] is None and outcomes[2] is None
        assert isinstance(outcomes[1], Conflict)
        for table_id, moves, changes_seen in ((tables[0], 1, 2), (tables[1], 1, 2)):
            snapshot = store.load(table_id)
            assert snapshot is not None and len(snapshot.moves) == moves
            assert len(snapshot.changes) == changes_seen
        # The written ones are committed: another connection sees them.
        assert store.version(tables[0]) == 2 and store.version(tables[2]) == 2


def _taken_index(table_id: str) -> Commit:
    """A commit its table's version allows whose move row the database must refuse: move 0
    is already there (as if another process had written it first)."""
    bad = _move(table_id, 1)
    bad.insert_move = Move(0, {"type": "add", "amount": 1}, 9.0)
    bad.move_index = 0
    return bad


@pytest.mark.parametrize("database", ["sqlite", "postgres"])
def test_a_change_the_database_refuses_fails_alone(database: str) -> None:
    with store_on(database) as (store, _, _):
        hub = Hub(Settings(database_url="sqlite://", bot_delay=0), store)
        good, bad = _new_table(store), _new_table(store)
        store.commit(_move(bad, 0))
        outcomes = hub.commits._outcomes([_move(good, 0), _taken_index(bad)])
        assert outcomes[0] is None and isinstance(outcomes[1], Conflict)
        snapshots = store.load(good), store.load(bad)
        assert snapshots[0] is not None and snapshots[0].table.version == 2
        assert snapshots[1] is not None and snapshots[1].table.version == 2


async def _tables(hub: Hub, count: int) -> list[LiveTable]:
    made = []
    for _ in range(count):
        spec = [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]
        table = await hub.create(
            new_table("swordcrafters", {}, spec, seed=None, fixed=None, config={}, private=True)
        )
        await hub.attach(table, Client(0, 0, True, 10_000))
        made.append(table)
    return made


def _one_move(table: LiveTable, picker: random.Random) -> tuple[int, Any]:
    match = table.playing()
    seat = table.active()[0]
    return seat, match.game.sample_action(match.state, seat, picker)


def _agrees_with_its_record(hub: Hub, table: LiveTable) -> None:
    snapshot = hub.store.load(table.id)
    assert snapshot is not None and snapshot.table.version == table.version
    again = LiveTable(snapshot)
    assert again.match is not None and table.match is not None
    assert again.match.state == table.match.state


@pytest.mark.parametrize("database", ["sqlite", "postgres"])
def test_moves_of_many_tables_at_once_share_commits(database: str) -> None:
    with store_on(database) as (store, url, schema):
        settings = Settings(database_url=url, database_schema=schema, bot_delay=0)
        hub = Hub(settings, store)
        on_threads = groups_on_threads(store)
        picker = random.Random(4)

        async def play() -> None:
            await hub.start()
            try:
                tables = await _tables(hub, 12)
                before = (await hub.health())["commits"]
                on_threads.clear()
                for _ in range(5):
                    moves = [(table, *_one_move(table, picker)) for table in tables]
                    await asyncio.gather(*(hub.act(t, seat, a) for t, seat, a in moves))
                for table in tables:
                    _agrees_with_its_record(hub, table)
                # /healthz tells how many transactions the changes took.
                after = (await hub.health())["commits"]
                assert after["changes"] - before["changes"] == 60
                groups = after["groups"] - before["groups"]
                assert groups < 60 / 2  # the twelve tables' moves went in a few commits
                if database == "sqlite":
                    assert sum(on_threads) == 60 and len(on_threads) == groups
                else:  # moves alike: every group written from the event loop
                    assert on_threads == []
            finally:
                await hub.stop()

        asyncio.run(play())


def test_a_change_whose_caller_gave_up_still_reaches_memory() -> None:
    """Cancelled at any point (the rules on a thread, or waiting for its group's commit),
    a change is either written and carried into memory, or neither."""
    with store_on("sqlite") as (store, url, _):
        hub = Hub(Settings(database_url=url, bot_delay=0), store)
        picker = random.Random(2)

        async def play() -> None:
            await hub.start()
            try:
                [table] = await _tables(hub, 1)
                for turns in [0, 1, 2, 3, 5, 8] * 4:  # quick, then light, changes
                    seat, action = _one_move(table, picker)
                    task = asyncio.create_task(hub.act(table, seat, action))
                    for _ in range(turns):
                        await asyncio.sleep(0)
                    task.cancel()
                    await asyncio.gather(task, return_exceptions=True)
                    async with table.lock:  # a shielded change goes on to its end
                        _agrees_with_its_record(hub, table)
                # A change refused by the version check puts memory back as it was.
                stale = _move(table.id, 0)
                undone: list[BaseException | None] = []
                await asyncio.gather(
                    hub.commits.commit(stale, undone.append), return_exceptions=True
                )
                assert isinstance(undone[0], Conflict)
                _agrees_with_its_record(hub, table)
            finally:
                await hub.stop()

        asyncio.run(play())


def test_a_second_process_follows_announced_moves_without_reading_them() -> None:
    """Two hubs (as two processes) share PostgreSQL and Redis: the one that did not make a
    move carries the announced commit into memory without reading the table, and reads it
    when only a read will do (a move taken back, a version it never heard of)."""
    service_or_skip("Redis", redis_up)
    with store_on("postgres") as (store_a, url, schema):
        engine_b = make_engine(url, schema)
        store_b = Store(engine_b)
        prefix = f"test-{uuid.uuid4().hex[:12]}"
        settings = Settings(
            database_url=url,
            database_schema=schema,
            bot_delay=0,
            redis_url=REDIS_URL,
            redis_prefix=prefix,
        )
        hub_a, hub_b = Hub(settings, store_a), Hub(settings, store_b)
        reads: list[str] = []
        load = store_b.load

        def counted(table_id: str, *args: Any) -> Any:
            reads.append(table_id)
            return load(table_id, *args)

        store_b.load = counted  # type: ignore[method-assign,assignment]
        picker = random.Random(6)

        async def play() -> None:
            await hub_a.start()
            await hub_b.start()
            try:
                [table_a] = await _tables(hub_a, 1)
                table_b = await hub_b.get(table_a.id)
                assert table_b is not None
                reads.clear()
                for _ in range(6):
                    seat, action = _one_move(table_a, picker)
                    await hub_a.act(table_a, seat, action)
                    await wait_until_async(
                        lambda: table_b.version == table_a.version,
                        "the second process never caught up",
                    )
                    assert table_b.match is not None and table_a.match is not None
                    assert table_b.match.state == table_a.match.state
                    assert table_b.changes == table_a.changes
                assert reads == []  # six moves followed, none read
                _agrees_with_its_record(hub_b, table_b)
                reads.clear()
                # A version never announced (a lost message): read from the database.
                seat, action = _one_move(table_a, picker)
                commit_all = store_a.commit_all
                move = changes.PlayMove(table_a, seat, action, None, False)
                commit = move.prepare()
                [written] = commit_all([commit])
                assert written is None
                move.settle(commit, None)
                await hub_b.notice(table_a.id, table_a.version, None)
                await wait_until_async(
                    lambda: table_b.version == table_a.version,
                    "the second process never caught up",
                )
                assert reads == [table_a.id]
                _agrees_with_its_record(hub_b, table_b)
            finally:
                await hub_a.stop()
                await hub_b.stop()
                store_b.close()

        asyncio.run(play())


def test_announcements_made_together_arrive_in_order() -> None:
    """Announcements made while earlier ones are on their way go out together, in order."""
    service_or_skip("Redis", redis_up)
    prefix = f"test-{uuid.uuid4().hex[:12]}"
    speaker, listener = RedisFanout(REDIS_URL, prefix), RedisFanout(REDIS_URL, prefix)
    heard: list[tuple[str, int, Any]] = []

    async def on_change(table_id: str, version: int, commit: Any, origin: Any) -> None:
        heard.append((table_id, version, commit))

    async def nothing() -> None:
        return None

    async def talk() -> None:
        await speaker.start(on_change, nothing)
        await listener.start(on_change, nothing)
        try:
            for version in range(1, 31):
                speaker.publish("t1", version, _move("t1", version - 1).to_message(), False)
            await wait_until_async(lambda: len(heard) >= 30, "not every announcement came")
        finally:
            await speaker.stop()
            await listener.stop()

    asyncio.run(talk())
    assert [version for _, version, _ in heard] == list(range(1, 31))
    assert Commit.from_message(json.loads(heard[4][2])) == _move("t1", 4)
