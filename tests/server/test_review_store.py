"""A finished game's review is saved in the database: worked out once, then answered from
there, also by a server started afresh on the same database (SQLite and PostgreSQL); and
migration 0002 adds its table to a database made by 0001 without touching what is in it."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, insert, select, update

from crafthall.review import VERSION
from crafthall.server import db
from crafthall.server.compute import Priority
from crafthall.server.routes import hints as hint_routes
from tests.patience import A_WHILE, PATIENCE
from tests.server.helpers import (
    PG_URL,
    ThreadServer,
    create,
    make_settings,
    pg_schema,
    play_against_a_bot,
    postgres_up,
    seats,
    service_or_skip,
    upload,
    when_worked_out,
)
from tests.support import wait_until


@contextlib.contextmanager
def _database(kind: str, tmp_path: Path) -> Iterator[tuple[str, str | None]]:
    """The URL and schema of a fresh database of ``kind``."""
    if kind == "sqlite":
        yield f"sqlite:///{tmp_path / 'reviews.sqlite3'}", None
        return
    service_or_skip("PostgreSQL", postgres_up)
    with pg_schema() as schema:
        yield PG_URL, schema


@contextlib.contextmanager
def worker_busy(server: ThreadServer) -> Iterator[threading.Event]:
    """The server's one worker kept busy by a more urgent job until the event is set: a review
    asked for meanwhile waits in the queue."""
    go = threading.Event()
    busy = server.hub.tier.from_thread("pause", (PATIENCE,), Priority.BOT_FOR_PERSON, "test")
    wait_until(lambda: server.hub.tier.running, "the worker never took the job")
    try:
        yield go
        assert go.wait(PATIENCE), "the test never let the review run"
    finally:
        busy.cancel()


def _done(url: str) -> dict[str, Any]:
    answer = when_worked_out(url)
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    assert body["status"] == "done"
    return body


def _rows(engine: Engine) -> dict[tuple[str, str], tuple[float, int]]:
    columns = db.reviews.c
    with engine.connect() as conn:
        found = conn.execute(
            select(columns.kind, columns.ref, columns.created, columns.version)
        ).all()
    return {(row.kind, row.ref): (row.created, row.version) for row in found}


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_review_is_worked_out_once_and_kept_across_restarts(
    kind: str, toys: None, tmp_path: Path
) -> None:
    with _database(kind, tmp_path) as (url, schema):
        settings = make_settings(tmp_path, database_url=url, database_schema=schema, workers=1)
        with ThreadServer(settings) as first:
            made, final = play_against_a_bot(first.base, "toy-turns", seed=9, play_seed=1)
            assert final["table"]["status"] == "finished"
            table = made["table"]["id"]
            address = f"{first.base}/api/tables/{table}/review"
            # While it runs, every request is told so (and where it stands in the queue); none
            # starts a second computation.
            with worker_busy(first) as go:
                for _ in range(3):
                    answer = httpx.get(address, timeout=A_WHILE)
                    assert answer.status_code == 202, answer.text
                    waiting = answer.json()
                    assert waiting["status"] == "running" and waiting["place"] >= 1
                    assert waiting["done"] == 0 and waiting["estimate"].startswith("about ")
                go.set()
            found = _done(address)["review"]
            assert found["game"] == "toy-turns"
            engine = first.hub.store.engine
            created, version = _rows(engine)[("table", table)]
            assert version == VERSION
            assert _done(address)["review"] == found  # from the database, not made again
            assert first.app.state.reviews.computed == 1

            record = httpx.get(f"{first.base}/api/tables/{table}/record", timeout=A_WHILE).text
            uploaded = upload(first.base, record)
            from_upload = _done(f"{first.base}/api/replays/{uploaded}/review")["review"]
            # The same record: its review, not computed again.
            assert from_upload == found
            assert first.app.state.reviews.computed == 1

        # A server started afresh on the same database (a new app: nothing in memory is
        # shared) answers at once, computing nothing.
        with ThreadServer(settings) as second:
            again = httpx.get(f"{second.base}/api/tables/{table}/review", timeout=A_WHILE)
            assert again.status_code == 200 and again.json()["review"] == found
            answered = httpx.get(f"{second.base}/api/replays/{uploaded}/review", timeout=A_WHILE)
            assert answered.status_code == 200
            assert answered.json()["review"] == from_upload
            assert second.app.state.reviews.computed == 0
            assert _rows(second.hub.store.engine)[("table", table)] == (created, VERSION)

            # A review saved by another review version is made anew, and replaces it.
            with second.hub.store.engine.begin() as conn:
                conn.execute(update(db.reviews).values(version=VERSION - 1))
            assert (
                httpx.get(f"{second.base}/api/tables/{table}/review", timeout=A_WHILE).status_code
                == 202
            )
            assert _done(f"{second.base}/api/tables/{table}/review")["review"] == found
            assert second.app.state.reviews.computed == 1
            newer, version = _rows(second.hub.store.engine)[("table", table)]
            assert version == VERSION and newer > created


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_two_processes_on_one_database_work_a_review_out_once(
    kind: str, toys: None, tmp_path: Path
) -> None:
    with _database(kind, tmp_path) as (url, schema):
        settings = make_settings(tmp_path, database_url=url, database_schema=schema, workers=1)
        with ThreadServer(settings) as one, ThreadServer(settings) as other:
            made, _ = play_against_a_bot(one.base, "toy-turns", seed=9, play_seed=1)
            path = f"/api/tables/{made['table']['id']}/review"
            with worker_busy(one) as go:
                assert httpx.get(f"{one.base}{path}", timeout=A_WHILE).status_code == 202
                # The other process finds the first one's claim: it waits, computing nothing.
                for _ in range(3):
                    assert httpx.get(f"{other.base}{path}", timeout=A_WHILE).status_code == 202
                go.set()
            found = _done(f"{other.base}{path}")["review"]
            assert one.app.state.reviews.computed == 1
            assert other.app.state.reviews.computed == 0
            assert _done(f"{one.base}{path}")["review"] == found

            # A claim left by a process that died is taken over once it is stale.
            engine = other.hub.store.engine
            old = time.time() - hint_routes.STALE - 1
            claim = {"version": hint_routes.CLAIMED, "created": old, "review": {}}
            with engine.begin() as conn:
                conn.execute(update(db.reviews).values(**claim))
            assert httpx.get(f"{other.base}{path}", timeout=A_WHILE).status_code == 202
            assert _done(f"{other.base}{path}")["review"] == found
            assert other.app.state.reviews.computed == 1


def test_an_unfinished_game_is_not_reviewed(toys: None, tmp_path: Path) -> None:
    with ThreadServer(make_settings(tmp_path)) as server:
        made = create(server.base, game="toy-turns", seats=seats("Ann", "bot"), seed=9)
        answer = httpx.get(
            f"{server.base}/api/tables/{made['table']['id']}/review", timeout=A_WHILE
        )
        assert answer.status_code == 409 and answer.json()["error"]["code"] == "not-finished"
        assert _rows(server.hub.store.engine) == {}


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(Path(db.__file__).parent / "migrations"))
    return config


def _upgrade(engine: Engine, revision: str, schema: str | None) -> None:
    config = _config()
    with engine.begin() as connection:
        if schema is not None:
            connection.exec_driver_sql(f'CREATE SCHEMA IF NOT EXISTS "{schema}"')
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_the_migrations_upgrade_a_database_made_by_0001(kind: str, tmp_path: Path) -> None:
    """0002 adds the reviews, 0003 the writer token of each change, the later ones tables of
    their own; nothing is lost, and the database ends at the newest revision."""
    with _database(kind, tmp_path) as (url, schema):
        engine = db.make_engine(url, schema)
        try:
            _upgrade(engine, "0001", schema)
            table_row = {
                "id": "old-table",
                "game": "wordcraft",
                "options": {},
                "config": {"hints": True},
                "seed": 5,
                "status": "finished",
                "private": False,
                "version": 3,
                "created": 1.0,
            }
            with engine.begin() as conn:
                conn.execute(insert(db.game_tables).values(**table_row))
                conn.execute(
                    insert(db.moves).values(
                        table_id="old-table", idx=0, seat=1, action={"type": "pass"}
                    )
                )
                conn.execute(
                    insert(db.uploads).values(id="old-upload", game="w", record="{}", created=2.0)
                )
                conn.execute(
                    insert(db.changes).values(table_id="old-table", version=3, data={"v": 3})
                )
            db.migrate(engine, schema)
            with engine.connect() as conn:
                context = MigrationContext.configure(conn)
                newest = ScriptDirectory.from_config(_config()).get_current_head()
                assert context.get_current_revision() == newest
                assert compare_metadata(context, db.metadata) == []
                change = conn.execute(select(db.changes)).one()._mapping
                assert dict(change) == {
                    "table_id": "old-table",
                    "version": 3,
                    "data": {"v": 3},
                    "writer": None,
                }
                kept = conn.execute(select(db.game_tables)).one()._mapping
                assert {key: kept[key] for key in table_row} == table_row
                assert conn.execute(select(db.moves.c.action)).scalar() == {"type": "pass"}
                assert conn.execute(select(db.uploads.c.id)).scalar() == "old-upload"
                assert conn.execute(select(db.reviews)).all() == []
            with engine.begin() as conn:  # the new table takes a review
                conn.execute(
                    insert(db.reviews).values(
                        kind="table",
                        ref="old-table",
                        review={"game": "wordcraft"},
                        effort={"iterations": None, "seed": 0},
                        version=VERSION,
                        created=3.0,
                    )
                )
            assert _rows(engine) == {("table", "old-table"): (3.0, VERSION)}
        finally:
            engine.dispose()
