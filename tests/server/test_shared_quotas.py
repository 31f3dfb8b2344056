"""Quotas behind several processes: with Redis configured, two server processes count one
share per address and per seat (one window in Redis), and while Redis does not answer each
process still holds its own count.

The two-process tests run wherever PostgreSQL and Redis are up (see tests/server/test_scale.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import uuid
from collections.abc import Iterator

import httpx
import pytest

from crafthall.games import new_match
from crafthall.server.limits import Quota, Share, SharedWindows
from tests.patience import A_WHILE
from tests.server.helpers import (
    PG_URL,
    REDIS_URL,
    ProcessServer,
    create,
    pg_schema,
    postgres_up,
    process_pair,
    redis_up,
    seats,
    service_or_skip,
)
from tests.server.test_quotas import other_address, over_quota

LIMITS = {
    "CRAFTHALL_UPLOADS_PER_HOUR": "2",
    "CRAFTHALL_HINTS_PER_TURN": "2",
    "CRAFTHALL_REVIEWS_PER_HOUR": "1",
    "CRAFTHALL_LESSONS_PER_HOUR": "1",
    "CRAFTHALL_BOT_TABLES_PER_ADDRESS": "1",
    "CRAFTHALL_LISTED_PER_ADDRESS": "1",
    "CRAFTHALL_WORKERS": "1",
}


@pytest.fixture(scope="module")
def two_processes(toys: None) -> Iterator[tuple[ProcessServer, ProcessServer]]:
    """Two server processes on one PostgreSQL schema and one Redis, with small quotas."""
    service_or_skip("PostgreSQL", postgres_up)
    service_or_skip("Redis", redis_up)
    with pg_schema() as schema:
        env = {
            "CRAFTHALL_DATABASE_URL": PG_URL,
            "CRAFTHALL_DATABASE_SCHEMA": schema,
            "CRAFTHALL_REDIS_URL": REDIS_URL,
            "CRAFTHALL_REDIS_PREFIX": f"test-{uuid.uuid4().hex[:12]}",
            **LIMITS,
        }
        with process_pair(env) as both:
            yield both


def _record(seed: int) -> str:
    return "\n".join(new_match("toy-turns", ["Ann", "Ben"], seed=seed).record_lines()) + "\n"


def _upload(base: str, seed: int, client: httpx.Client | None = None) -> httpx.Response:
    return (client or httpx).post(
        f"{base}/api/replays",
        content=_record(seed),
        headers={"content-type": "application/x-ndjson"},
        timeout=A_WHILE,
    )


def test_uploads_per_hour_are_one_share_across_processes(
    two_processes: tuple[ProcessServer, ProcessServer],
) -> None:
    one, two = two_processes
    assert _upload(one.base, 1).status_code == 201
    assert _upload(two.base, 2).status_code == 201
    assert "2 records an hour" in over_quota(_upload(one.base, 3), "too-many-uploads")
    assert "2 records an hour" in over_quota(_upload(two.base, 3), "too-many-uploads")
    with other_address() as other:
        assert _upload(two.base, 3, other).status_code == 201


def test_hints_per_turn_are_one_share_across_processes(
    two_processes: tuple[ProcessServer, ProcessServer],
) -> None:
    one, two = two_processes
    made = create(one.base, game="toy-turns", seats=seats("Ann", "bot"), seed=3)
    table, token = made["table"]["id"], made["tokens"]["0"]

    def hint(base: str) -> httpx.Response:
        return httpx.post(
            f"{base}/api/tables/{table}/hints", json={"token": token}, timeout=A_WHILE
        )

    assert hint(one.base).status_code == 200
    assert hint(two.base).status_code == 200
    assert "2 hints a turn" in over_quota(hint(one.base), "too-many-hints")
    assert "2 hints a turn" in over_quota(hint(two.base), "too-many-hints")


def test_a_review_let_through_on_one_process_is_free_on_the_other(
    two_processes: tuple[ProcessServer, ProcessServer],
) -> None:
    one, two = two_processes
    tables = [
        create(one.base, game="toy-turns", seats=seats("Ann", "bot"))["table"]["id"]
        for _ in range(2)
    ]

    def review(base: str, table: str) -> httpx.Response:
        return httpx.get(f"{base}/api/tables/{table}/review", timeout=A_WHILE)

    assert review(one.base, tables[0]).status_code == 409  # counted: the game is not over
    assert review(two.base, tables[0]).status_code == 409  # asked again: free, elsewhere too
    assert "1 games reviewed" in over_quota(review(two.base, tables[1]), "too-many-reviews")


def test_lessons_per_hour_are_one_share_across_processes(
    two_processes: tuple[ProcessServer, ProcessServer],
) -> None:
    one, two = two_processes
    with httpx.Client() as client:
        started = client.post(f"{one.base}/api/learn/swordcrafters", timeout=A_WHILE)
        assert started.status_code == 201, started.text
        again = client.post(f"{two.base}/api/learn/swordcrafters", timeout=A_WHILE)
        assert "1 tutorials an hour" in over_quota(again, "too-many-lessons")


def _client_at(address: str) -> httpx.Client:
    """A client from another loopback address: another client to the servers."""
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address))


def test_tables_of_bots_only_are_one_share_across_processes(
    two_processes: tuple[ProcessServer, ProcessServer],
) -> None:
    one, two = two_processes
    spec = {"game": "toy-turns", "seats": seats("bot", "bot"), "options": {"target": 100}}
    with _client_at("127.0.0.3") as client, _client_at("127.0.0.4") as other:
        made = client.post(f"{one.base}/api/tables", json=spec, timeout=A_WHILE)
        assert made.status_code == 201, made.text
        refused = client.post(f"{two.base}/api/tables", json=spec, timeout=A_WHILE)
        assert "1 tables of bots only" in over_quota(refused, "too-many-bot-tables")
        assert other.post(f"{two.base}/api/tables", json=spec, timeout=A_WHILE).status_code == 201


def test_the_lobby_list_is_one_share_across_processes(
    two_processes: tuple[ProcessServer, ProcessServer],
) -> None:
    one, two = two_processes
    spec = {"game": "toy-turns", "seats": seats("Ann", "open")}
    with _client_at("127.0.0.5") as client:
        first = client.post(f"{one.base}/api/tables", json=spec, timeout=A_WHILE).json()
        second = client.post(f"{two.base}/api/tables", json=spec, timeout=A_WHILE).json()
    assert "unlisted" not in first
    assert "at most 1 tables waiting" in second["unlisted"]
    listed = httpx.get(f"{one.base}/api/tables", timeout=A_WHILE).json()
    shown = {table["id"] for table in listed["tables"]}
    assert first["table"]["id"] in shown and second["table"]["id"] not in shown


def test_a_share_given_back_in_one_process_is_free_in_the_other() -> None:
    service_or_skip("Redis", redis_up)
    tables = {"t1": True}  # table id -> still going

    async def takings() -> list[str | None]:
        prefix = f"test-{uuid.uuid4().hex[:12]}"
        here, there = (SharedWindows(REDIS_URL, prefix, A_WHILE) for _ in range(2))
        mine, theirs = (Share(1, 3600, "bot-tables", shared) for shared in (here, there))
        try:
            taken = await mine.take("a", tables.__getitem__)
            assert taken is not None
            mine.hold("a", taken, "t1")
            found = [taken, await theirs.take("a", tables.__getitem__)]
            tables["t1"] = False  # the table ended: the next taking here gives its share back
            found.append(await mine.take("b", tables.__getitem__))
            found.append(await theirs.take("a", tables.__getitem__))
            return found
        finally:
            await here.close()
            await there.close()

    first, refused, other_key, after_end = asyncio.run(takings())
    assert first is not None and refused is None
    assert other_key is not None and after_end is not None


def test_a_share_is_counted_in_memory_without_redis() -> None:
    async def takings() -> list[str | None]:
        share = Share(1, 3600, "listed")
        going = {"t1": True}
        taken = await share.take("a", going.__getitem__)
        assert taken is not None
        share.hold("a", taken, "t1")
        found = [taken, await share.take("a", going.__getitem__)]
        going["t1"] = False
        found.append(await share.take("a", going.__getitem__))
        return found

    first, refused, after_end = asyncio.run(takings())
    assert first is not None and refused is None and after_end is not None


def _closed_port() -> int:
    with contextlib.closing(socket.socket()) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


def test_a_quota_is_kept_in_the_process_while_redis_does_not_answer() -> None:
    async def takings() -> list[float]:
        shared = SharedWindows(f"redis://127.0.0.1:{_closed_port()}/0", "nobody", 0.5)
        quota = Quota(2, 3600, "uploads", shared)
        try:
            return [await quota.take("10.0.0.1") for _ in range(3)]
        finally:
            await shared.close()

    first, second, third = asyncio.run(takings())
    assert first == second == 0.0
    assert third > 0  # refused by this process's own count


def test_two_windows_on_one_redis_share_a_count_and_its_wait() -> None:
    service_or_skip("Redis", redis_up)

    async def takings() -> tuple[list[float], list[float]]:
        prefix = f"test-{uuid.uuid4().hex[:12]}"
        here, there = (SharedWindows(REDIS_URL, prefix, A_WHILE) for _ in range(2))
        mine, theirs = Quota(1000, 3600, "bytes", here), Quota(1000, 3600, "bytes", there)
        try:
            taken = [await mine.take("a", 600), await theirs.take("a", 600)]
            given_back = [await theirs.take("a", -600), await mine.take("a", 400)]
            return taken, given_back
        finally:
            await here.close()
            await there.close()

    taken, given_back = asyncio.run(takings())
    assert taken[0] == 0.0 and 3000 < taken[1] <= 3600  # the first taking leaves in an hour
    assert given_back == [0.0, 0.0]
