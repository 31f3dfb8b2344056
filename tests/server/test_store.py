"""The store's commit path: statements compiled once, the SQLite log kept short, a dead
PostgreSQL connection replaced without a ping before every use; and the garbage collector's
pauses counted, its survivors frozen."""

from __future__ import annotations

import gc
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy

from crafthall.engine.record import Move
from crafthall.server.db import make_engine, migrate
from crafthall.server.pauses import THAW_AFTER, GcWatch
from crafthall.server.store import Commit, Conflict, SeatRow, Store, TableRow, as_read
from tests.server.helpers import (
    PG_URL,
    kill_connections,
    pg_schema,
    postgres_up,
    service_or_skip,
    store_on,
)


def _new_table(store: Store) -> str:
    table_id = uuid.uuid4().hex[:12]
    row = TableRow(table_id, "toy-turns", {}, {}, 5, "playing", False, 1, time.time())
    seats = [SeatRow(0, "human", "Ann"), SeatRow(1, "human", "Ben")]
    store.create(row, seats, {"version": 1, "kind": "created"})
    return table_id


def _move(table_id: str, index: int) -> Commit:
    """The commit of move ``index`` (the table is then at version ``index + 1``)."""
    return Commit(
        table_id,
        index + 1,
        {"version": index + 2, "kind": "move", "seat": index % 2, "move": index},
        {"clock_since": float(index)},
        {index % 2: {"clock": 100.0 - index}},
        insert_move=Move(index % 2, {"type": "add", "amount": 1, "note": "é"}, float(index)),
        move_index=index,
    )


@pytest.fixture
def sqlite_store(tmp_path: Path) -> Iterator[tuple[Store, Path]]:
    path = tmp_path / "moves.sqlite3"
    engine = make_engine(f"sqlite:///{path}")
    migrate(engine)
    store = Store(engine, checkpoint_forced=40)
    yield store, Path(f"{path}-wal")
    store.close()


def test_commits_are_read_back_as_written(sqlite_store: tuple[Store, Path]) -> None:
    store, _ = sqlite_store
    table_id = _new_table(store)
    for index in range(3):
        store.commit(_move(table_id, index))
    with pytest.raises(Conflict):
        store.commit(_move(table_id, 1))  # the table moved on: nothing is written
    snapshot = store.load(table_id)
    assert snapshot is not None
    assert snapshot.table.version == 4 and snapshot.table.clock_since == 2.0
    assert [s.clock for s in snapshot.seats] == [98.0, 99.0]
    assert snapshot.moves == [
        Move(i % 2, {"type": "add", "amount": 1, "note": "é"}, float(i)) for i in range(3)
    ]
    assert [c["version"] for c in snapshot.changes] == [1, 2, 3, 4]


def test_the_sqlite_log_stays_bounded_over_many_moves(sqlite_store: tuple[Store, Path]) -> None:
    store, wal = sqlite_store
    table_id = _new_table(store)
    store.commit(_move(table_id, 0))
    # What one move adds to the log; the log itself may already hold the creation.
    per_move = max(1, wal.stat().st_size)
    largest = 0
    moves = 1000
    for index in range(1, moves):
        store.commit(_move(table_id, index))
        largest = max(largest, wal.stat().st_size)
    # A writer empties the log itself after ``checkpoint_forced`` (40) commits at the latest:
    # the file never holds many more than that, where a thousand moves would be 25 times it.
    assert largest <= (store.checkpoint_forced + 2) * per_move * 2
    assert largest < moves * per_move / 10
    snapshot = store.load(table_id)
    assert snapshot is not None and len(snapshot.moves) == moves


def _created_equals_read(store: Store) -> None:
    table_id = uuid.uuid4().hex[:12]
    options = {"size": (3, 4), "names": ["é", None], "by_seat": {0: 1.5}}
    config = {"clock": {"initial": 300.0}, "commitment": {"hash": "ab"}, "big": 2**70}
    row = TableRow(
        table_id, "toy-turns", options, config, 2**62, "playing", True, 1, 12.5, header={"x": (1,)}
    )
    seats = [SeatRow(0, "human", "Ann", token_hash="h"), SeatRow(1, "bot", "Bot", "random")]
    change = {"version": 1, "kind": "created", "started": True}
    store.create(row, seats, change)
    made = as_read(row, seats, change)
    assert made == store.load(table_id)
    # Nothing of the rows given is shared with the table made from them.
    made.table.options["names"].append("x")
    made.seats[0].name = "Changed"
    assert options["names"] == ["é", None] and seats[0].name == "Ann"


@pytest.mark.parametrize("database", ["sqlite", "postgres"])
def test_a_table_made_from_its_rows_equals_the_table_read_back(database: str) -> None:
    """The hub makes a new table in memory from the rows it wrote, without reading them
    back; what it makes must be what a read would give (JSON's lists and text keys)."""
    with store_on(database) as (store, _, _):
        _created_equals_read(store)


def test_a_dead_postgres_connection_is_replaced_without_pinging() -> None:
    service_or_skip("PostgreSQL", postgres_up)
    application = f"store-{uuid.uuid4().hex[:8]}"
    with pg_schema() as schema:
        served = make_engine(PG_URL, schema)
        assert served.pool._pre_ping is False
        served.dispose()
        # The same pool settings, with a name to find (and kill) its connections by.
        engine = sqlalchemy.create_engine(
            PG_URL,
            connect_args={"options": f"-csearch_path={schema}", "application_name": application},
            pool_size=2,
            max_overflow=0,
        )
        migrate(engine, schema)
        store = Store(engine)
        try:
            table_id = _new_table(store)
            store.commit(_move(table_id, 0))
            assert kill_connections(application) >= 1
            # The pooled connections are dead; each call finds out and tries once more.
            store.commit(_move(table_id, 1))
            assert store.version(table_id) == 3
        finally:
            store.close()


def test_full_collections_are_counted_and_their_survivors_frozen() -> None:
    watch = GcWatch(freeze=True)
    thresholds = gc.get_threshold()
    watch.install()
    try:
        survivors = [[index] for index in range(1000)]
        gc.collect()
        assert watch.collections[2] >= 1 and watch.longest[2] > 0
        assert gc.get_freeze_count() >= len(survivors)
        watch.tables_unloaded(THAW_AFTER)  # enough tables left: the collector may have them
        assert gc.get_freeze_count() == 0
        loaded = [{"table": index} for index in range(1000)]
        watch.table_loaded()  # thawed: nothing is frozen again before a full collection
        assert gc.get_freeze_count() == 0
        gc.collect()
        assert gc.get_freeze_count() >= len(loaded)
        more = [{"table": index} for index in range(1000)]
        watch.table_loaded()  # a table read in is out of the collector's way at once
        assert gc.get_freeze_count() >= len(loaded) + len(more)
        assert watch.report()["collections"][2] >= 1
    finally:
        watch.uninstall()
        gc.unfreeze()
        gc.set_threshold(*thresholds)


def test_middle_collections_freeze_their_survivors_too() -> None:
    watch = GcWatch(freeze=True)
    thresholds = gc.get_threshold()
    watch.install()
    gc.disable()  # only the collections asked for here
    try:
        gc.collect()
        after_full = gc.get_freeze_count()
        young = [[index] for index in range(1000)]
        gc.collect(1)
        assert watch.collections[1] >= 1
        assert gc.get_freeze_count() >= after_full + len(young)
        watch.tables_unloaded(THAW_AFTER)
        assert gc.get_freeze_count() == 0
        more = [[index] for index in range(1000)]
        gc.collect(1)
        assert gc.get_freeze_count() == 0  # thawed: not frozen again before a full collection
        gc.collect()
        assert gc.get_freeze_count() >= len(young) + len(more)
    finally:
        gc.enable()
        watch.uninstall()
        gc.unfreeze()
        gc.set_threshold(*thresholds)


def test_a_follower_reads_only_the_moves_it_lacks_unless_one_was_taken_back(
    sqlite_store: tuple[Store, Path],
) -> None:
    store, _ = sqlite_store
    table_id = _new_table(store)
    for index in range(5):
        store.commit(_move(table_id, index))
    # A reader at version 4 holding moves 0-2 gets moves 3 and 4 alone.
    later = store.load(table_id, since=4, moves_held=3)
    assert later is not None and later.moves_from == 3
    assert [m.at for m in later.moves] == [3.0, 4.0]
    # Move 4 is taken back: a reader at version 5 must read the whole record again.
    undo = Commit(table_id, 6, {"version": 7, "kind": "undo", "seat": 0, "move": 4})
    undo.delete_move = 4
    store.commit(undo)
    whole = store.load(table_id, since=5, moves_held=5)
    assert whole is not None and whole.moves_from == 0
    assert [m.at for m in whole.moves] == [0.0, 1.0, 2.0, 3.0]
