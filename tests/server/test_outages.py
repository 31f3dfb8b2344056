"""Redis and the database going away and coming back: nothing acknowledged is lost, nothing is
shown twice, the outage is logged, and ``/healthz`` says what is missing meanwhile."""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest

from crafthall.server.sockets import FRESH_SECONDS
from tests.patience import A_WHILE
from tests.server.helpers import (
    PG_URL,
    OwnRedis,
    ThreadServer,
    Ws,
    create,
    get_until,
    make_settings,
    postgres_up,
    seated,
    seats,
    service_or_skip,
)
from tests.support import wait_until


def _health(server: ThreadServer) -> httpx.Response:
    return httpx.get(f"{server.base}/healthz", timeout=A_WHILE)


def _wait_health(server: ThreadServer, status: int) -> dict[str, str]:
    answer = get_until(
        f"{server.base}/healthz",
        lambda answer: answer.status_code == status,
        f"/healthz never answered {status}",
    )
    found: dict[str, str] = answer.json()
    return found


def _wait_status(server: ThreadServer, status: str) -> dict[str, str]:
    """``/healthz`` once it says ``status`` (``degraded`` answers 200: the process serves)."""
    answer = get_until(
        f"{server.base}/healthz",
        lambda answer: answer.json().get("status") == status,
        f"/healthz never said {status}",
    )
    assert answer.status_code == 200, answer.text
    found: dict[str, str] = answer.json()
    return found


def test_a_redis_outage_is_reported_logged_and_caught_up_after(
    toys: None, tmp_path: Path, own_redis: OwnRedis, caplog: pytest.LogCaptureFixture
) -> None:
    settings = make_settings(tmp_path, redis_url=own_redis.url)
    caplog.set_level(logging.WARNING, logger="crafthall.server")
    with ThreadServer(settings) as one, ThreadServer(settings) as two:
        health = _health(one).json()
        assert {key: health[key] for key in ("ok", "status", "database", "redis", "tables")} == {
            "ok": True,
            "status": "ok",
            "database": "ok",
            "redis": "ok",
            "tables": 0,
        }
        assert health["commits"] == {"groups": 0, "changes": 0}
        made = create(one.base, game="toy-turns", seats=seats("Ann", "Ben"))
        table = made["table"]["id"]
        ann, ben = Ws(one.base, table), Ws(two.base, table)
        ann.hello(made["tokens"]["0"])
        ben.hello(made["tokens"]["1"])
        assert ann.act({"type": "add", "amount": 1})["version"] == 2
        ben.update_at(2)

        own_redis.stop()
        assert _wait_status(two, "degraded")["redis"].startswith("unreachable")
        # Ben moves on process two while Redis is away: committed, and process one reads it
        # from the database meanwhile (it polls while Redis does not answer).
        assert ben.act({"type": "add", "amount": 2})["version"] == 3
        own_redis.start()
        _wait_status(one, "ok")
        _wait_status(two, "ok")

        # Process one re-read the table once Redis was back: Ann sees Ben's move...
        caught_up = ann.update_at(3)
        assert caught_up["view"]["scores"] == [1, 2]
        # ...and later moves flow both ways again.
        assert ann.act({"type": "add", "amount": 3})["version"] == 4
        assert ben.update_at(4)["view"]["scores"] == [4, 2]
        for client in (ann, ben):
            versions = [
                change["version"]
                for message in client.messages
                if message["type"] == "update"
                for change in message["changes"]
            ]
            assert versions == [1, 2, 3, 4], "every change exactly once"
            client.close()
    logged = [record.getMessage() for record in caplog.records]
    assert any("Redis fan-out lost" in line for line in logged)
    assert any("Redis is back" in line for line in logged)


def test_a_new_connection_sees_a_move_made_elsewhere_though_its_news_was_lost(
    toys: None, tmp_path: Path, own_redis: OwnRedis
) -> None:
    """A process holding a table it read a while ago reads the table's version again when a
    connection says hello: a player's move made through another process shows at once,
    though Redis lost its announcement."""
    settings = make_settings(tmp_path, redis_url=own_redis.url)
    with ThreadServer(settings) as one, ThreadServer(settings) as two:
        made = create(one.base, game="toy-turns", seats=seats("Ann", "Ben"))
        table = made["table"]["id"]
        ann, watcher = Ws(one.base, table), Ws(two.base, table)
        ann.hello(made["tokens"]["0"])
        watcher.hello()  # process two holds the table now
        time.sleep(FRESH_SECONDS + 0.2)
        own_redis.stop()
        _wait_status(two, "degraded")
        assert ann.act({"type": "add", "amount": 1})["version"] == 2
        ben = Ws(two.base, table)
        assert ben.hello(made["tokens"]["1"])["version"] == 2
        for client in (ann, watcher, ben):
            client.close()


@pytest.fixture
def own_database() -> Iterator[tuple[str, Callable[[bool], None]]]:
    """A PostgreSQL database of this test's own, and a switch that shuts it to every
    connection (cutting off those open) or opens it again: an outage of the database alone."""
    import sqlalchemy

    service_or_skip("PostgreSQL", postgres_up)
    name = f"crafthall_outage_{uuid.uuid4().hex[:12]}"
    admin = sqlalchemy.create_engine(PG_URL, isolation_level="AUTOCOMMIT")

    def switch(open_: bool) -> None:
        with admin.connect() as conn:
            conn.execute(sqlalchemy.text(f"ALTER DATABASE {name} ALLOW_CONNECTIONS {open_}"))
            if not open_:
                conn.execute(
                    sqlalchemy.text(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                        "WHERE datname = :name"
                    ),
                    {"name": name},
                )

    with admin.connect() as conn:
        conn.execute(sqlalchemy.text(f"CREATE DATABASE {name}"))
    try:
        yield PG_URL.rsplit("/", 1)[0] + f"/{name}", switch
    finally:
        switch(True)
        with admin.connect() as conn:
            conn.execute(sqlalchemy.text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.dispose()


def test_a_database_outage_is_said_plainly_and_changes_nothing(
    toys: None, tmp_path: Path, own_database: tuple[str, Callable[[bool], None]]
) -> None:
    url, switch = own_database
    with ThreadServer(make_settings(tmp_path, database_url=url)) as running:
        made = create(running.base, game="toy-turns", seats=seats("Ann", "Ben"))
        waiting = create(running.base, game="toy-turns", seats=seats("Cat", "open"))
        ann = seated(running.base, made)
        switch(False)
        joined = httpx.post(
            f"{running.base}/api/tables/{waiting['table']['id']}/join",
            json={"seat": 1, "invite": waiting["invites"]["1"]["code"], "name": "Dan"},
            timeout=A_WHILE,
        )
        assert joined.status_code == 503
        assert joined.json()["error"]["code"] == "storage-unavailable"
        refused = ann.act({"type": "add", "amount": 1})
        assert refused["code"] == "storage-unavailable"
        assert (
            refused["message"] == "The server cannot save moves right now; try again in a moment."
        )
        answer = httpx.post(
            f"{running.base}/api/tables",
            json={"game": "toy-turns", "seats": seats("Cat")},
            timeout=A_WHILE,
        )
        assert answer.status_code == 503
        assert answer.json()["error"]["code"] == "storage-unavailable"
        health = _health(running)
        assert health.status_code == 503 and health.json()["database"].startswith("unreachable")
        live = running.hub.tables[made["table"]["id"]]
        assert live.version == 1 and not live.match.moves

        switch(True)
        _wait_health(running, 200)
        assert ann.act({"type": "add", "amount": 1})["version"] == 2
        ann.close()


def test_bots_play_on_once_the_database_is_back(
    toys: None,
    tmp_path: Path,
    own_database: tuple[str, Callable[[bool], None]],
    caplog: pytest.LogCaptureFixture,
) -> None:
    url, switch = own_database
    caplog.set_level(logging.WARNING, logger="crafthall.server")
    with ThreadServer(make_settings(tmp_path, database_url=url, bot_delay=0.05)) as running:
        made = create(
            running.base, game="toy-turns", seats=seats("bot", "bot"), options={"target": 100}
        )
        watcher = Ws(running.base, made["table"]["id"])
        watcher.hello()
        switch(False)
        # Wait until a bot's move has met the outage (and was refused, saving nothing).
        wait_until(
            lambda: any("change not saved" in r.getMessage() for r in caplog.records),
            "no bot move met the outage",
        )
        switch(True)
        final = watcher.final_update()
        assert final["table"]["result"] is not None
        address = f"{running.base}/api/tables/{made['table']['id']}/record"
        record = httpx.get(address, timeout=A_WHILE).text
        assert len(record.splitlines()) - 1 == final["table"]["moves"]
        watcher.close()
