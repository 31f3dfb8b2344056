"""Chaos: while bots play tables across two server processes, Redis is restarted and the
servers' PostgreSQL connections are killed. Afterwards every table's record replays to its
result, both processes agree on it, and every spectator saw every change exactly once."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator

import httpx
import pytest

from crafthall.games import match_from_lines
from tests.patience import A_WHILE
from tests.server.helpers import (
    PG_URL,
    OwnRedis,
    ProcessServer,
    Ws,
    create,
    kill_connections,
    pg_schema,
    postgres_up,
    process_pair,
    seats,
    service_or_skip,
)
from tests.support import wait_until

TABLES = 20


@pytest.fixture
def chaos_servers(own_redis: OwnRedis) -> Iterator[tuple[ProcessServer, ProcessServer, str]]:
    """Two server processes on a PostgreSQL schema and a Redis of the test's own; their
    database connections carry an application name, so they alone can be killed."""
    service_or_skip("PostgreSQL", postgres_up)
    name = f"crafthall_chaos_{uuid.uuid4().hex[:10]}"
    with pg_schema() as schema:
        env = {
            "CRAFTHALL_DATABASE_URL": f"{PG_URL}?application_name={name}",
            "CRAFTHALL_DATABASE_SCHEMA": schema,
            "CRAFTHALL_REDIS_URL": own_redis.url,
            "CRAFTHALL_BOT_DELAY": "0.05",
        }
        with process_pair(env) as (first, second):
            yield first, second, name


def test_tables_survive_redis_restarts_and_killed_database_connections(
    toys: None,
    own_redis: OwnRedis,
    chaos_servers: tuple[ProcessServer, ProcessServer, str],
) -> None:
    one, two, application = chaos_servers
    servers = (one, two)
    tables: list[str] = []
    watchers: list[Ws] = []
    for number in range(TABLES):
        # Made on one process, watched from the other: what the watcher sees crossed Redis.
        made = create(
            servers[number % 2].base,
            game="toy-turns",
            seats=seats("bot", "bot"),
            options={"target": 80},
        )
        tables.append(made["table"]["id"])
        watcher = Ws(servers[(number + 1) % 2].base, made["table"]["id"])
        watcher.hello()
        watchers.append(watcher)

    for _round in range(2):
        # How long each outage lasts is no wait for anything: the servers must come through
        # any length of it (a slow machine makes it longer).
        own_redis.stop()
        time.sleep(0.3)  # moves go on meanwhile; nobody on the other process is told
        own_redis.start()
        # The servers may not have opened a connection since the last round: wait for one.
        wait_until(lambda: kill_connections(application) > 0, "no database connection to kill came")
        time.sleep(0.3)

    finals = [watcher.final_update() for watcher in watchers]
    for table, watcher, final in zip(tables, watchers, finals, strict=True):
        record = httpx.get(f"{one.base}/api/tables/{table}/record", timeout=A_WHILE).text
        address = f"{two.base}/api/tables/{table}/record"
        assert httpx.get(address, timeout=A_WHILE).text == record
        match = match_from_lines(record.splitlines())
        result = match.result()
        assert result is not None and result.scores == final["table"]["result"]["scores"]
        assert len(match.moves) == final["table"]["moves"]
        versions = [
            change["version"]
            for message in watcher.messages
            if message["type"] == "update"
            for change in message["changes"]
        ]
        assert versions == list(range(1, final["version"] + 1)), "each change exactly once"
        watcher.close()
