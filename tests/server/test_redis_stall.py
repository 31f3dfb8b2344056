"""A Redis that stops answering without closing anything (a frozen process: SIGSTOP on a
redis-server of the test's own): each server process notices within seconds, says
``degraded`` on ``/healthz``, reads the tables its clients watch from the database meanwhile,
and every client follows every move, while Redis is frozen and after it answers again."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator

import httpx
import pytest

from tests.patience import A_WHILE
from tests.server.helpers import (
    PG_URL,
    OwnRedis,
    ProcessServer,
    Ws,
    create,
    get_until,
    pg_schema,
    postgres_up,
    process_pair,
    seats,
    service_or_skip,
)


@pytest.fixture
def two_processes(own_redis: OwnRedis) -> Iterator[tuple[ProcessServer, ProcessServer]]:
    """Two ``crafthall serve`` processes on a PostgreSQL schema and the test's own Redis."""
    service_or_skip("PostgreSQL", postgres_up)
    with pg_schema() as schema:
        env = {
            "CRAFTHALL_DATABASE_URL": PG_URL,
            "CRAFTHALL_DATABASE_SCHEMA": schema,
            "CRAFTHALL_REDIS_URL": own_redis.url,
        }
        with process_pair(env) as (first, second):
            yield first, second


def _status(server: ProcessServer, status: str) -> dict[str, object]:
    answer = get_until(
        f"{server.base}/healthz",
        lambda answer: answer.json().get("status") == status,
        f"/healthz never said {status}",
    )
    assert answer.status_code == 200, answer.text
    found: dict[str, object] = answer.json()
    return found


def _versions(client: Ws) -> list[int]:
    return [
        change["version"]
        for message in client.messages
        if message["type"] == "update"
        for change in message["changes"]
    ]


def test_a_frozen_redis_is_noticed_and_clients_follow_moves_from_the_database(
    toys: None, own_redis: OwnRedis, two_processes: tuple[ProcessServer, ProcessServer]
) -> None:
    one, two = two_processes
    assert own_redis.proc is not None
    made = create(one.base, game="toy-turns", seats=seats("Ann", "Ben"))
    table = made["table"]["id"]
    ann, ben = Ws(one.base, table), Ws(two.base, table)
    watcher = Ws(two.base, table)
    ann.hello(made["tokens"]["0"])
    ben.hello(made["tokens"]["1"])
    watcher.hello()
    assert ann.act({"type": "add", "amount": 1})["version"] == 2
    ben.update_at(2)
    _status(one, "ok")

    os.kill(own_redis.proc.pid, signal.SIGSTOP)
    try:
        frozen_at = time.monotonic()
        for server in (one, two):
            health = _status(server, "degraded")
            assert str(health["redis"]).startswith("stalled"), health
        print(f"stall noticed by both processes in {time.monotonic() - frozen_at:.1f} s")
        # Moves made on either process while Redis is frozen reach the other's clients.
        moved_at = time.monotonic()
        assert ben.act({"type": "add", "amount": 2})["version"] == 3
        assert ann.update_at(3)["view"]["scores"] == [1, 2]
        print(f"a move on process two reached process one in {time.monotonic() - moved_at:.1f} s")
        moved_at = time.monotonic()
        assert ann.act({"type": "add", "amount": 3})["version"] == 4
        assert ben.update_at(4)["view"]["scores"] == [4, 2]
        assert watcher.update_at(4)["view"]["scores"] == [4, 2]
        print(f"a move on process one reached process two in {time.monotonic() - moved_at:.1f} s")
    finally:
        os.kill(own_redis.proc.pid, signal.SIGCONT)

    for server in (one, two):
        _status(server, "ok")
    assert ben.act({"type": "add", "amount": 3})["version"] == 5
    assert ann.update_at(5)["view"]["scores"] == [4, 5]
    assert watcher.update_at(5)["view"]["scores"] == [4, 5]
    assert ann.act({"type": "add", "amount": 1})["version"] == 6
    assert ben.update_at(6)["view"]["scores"] == [5, 5]
    assert watcher.update_at(6)["view"]["scores"] == [5, 5]
    for client in (ann, ben, watcher):
        assert _versions(client) == [1, 2, 3, 4, 5, 6], "every change exactly once"
        client.close()
    record = httpx.get(f"{two.base}/api/tables/{table}", timeout=A_WHILE).json()
    assert record["moves"] == 5
