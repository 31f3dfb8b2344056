"""PostgreSQL, and two server processes sharing tables through PostgreSQL and Redis.

These run wherever PostgreSQL (127.0.0.1:5432, trust auth, database ``test``) and Redis
(127.0.0.1:6379) are up; in CI (CI=true) a missing service fails the test instead of skipping.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from crafthall.games import match_from_lines
from crafthall.server.presence import HELD_ELSEWHERE, RedisPresence
from tests.patience import A_WHILE, PATIENCE
from tests.server.helpers import (
    PG_URL,
    REDIS_URL,
    ProcessServer,
    Ws,
    create,
    get_until,
    pg_schema,
    play_against_a_bot,
    play_randomly,
    postgres_up,
    process_pair,
    redis_up,
    seats,
    service_or_skip,
)
from tests.support import wait_until


@pytest.fixture
def pg_env() -> Iterator[dict[str, str]]:
    service_or_skip("PostgreSQL", postgres_up)
    with pg_schema() as schema:
        yield {"CRAFTHALL_DATABASE_URL": PG_URL, "CRAFTHALL_DATABASE_SCHEMA": schema}


@pytest.fixture
def two_servers(pg_env: dict[str, str]) -> Iterator[tuple[ProcessServer, ProcessServer]]:
    with _two_servers(pg_env) as both:
        yield both


@contextlib.contextmanager
def _two_servers(
    pg_env: dict[str, str], **settings: str
) -> Iterator[tuple[ProcessServer, ProcessServer]]:
    service_or_skip("Redis", redis_up)
    env = {
        **pg_env,
        "CRAFTHALL_REDIS_URL": REDIS_URL,
        "CRAFTHALL_REDIS_PREFIX": f"test-{uuid.uuid4().hex[:12]}",
        **settings,
    }
    with process_pair(env) as both:
        yield both


def test_a_player_on_each_of_two_processes(
    two_servers: tuple[ProcessServer, ProcessServer],
) -> None:
    one, two = two_servers
    made = create(
        one.base,
        game="swordcrafters",
        seats=seats("Ann", "open"),
        seed=21,
    )
    table = made["table"]["id"]
    invite = made["invites"]["1"]["code"]
    joined = httpx.post(
        f"{two.base}/api/tables/{table}/join",
        json={"seat": 1, "invite": invite, "name": "Ben"},
        timeout=A_WHILE,
    )
    assert joined.status_code == 200, joined.text
    ann, ben = Ws(one.base, table), Ws(two.base, table)
    ann.hello(made["tokens"]["0"], legal=True)
    assert ben.hello(joined.json()["token"], legal=True)["table"]["status"] == "playing"
    # Ann's process learns of the join through the fan-out: her greeting may come first
    # (the table was read there within FRESH_SECONDS), and the update that follows shows it.
    started = joined.json()["table"]["version"]
    if ann.latest["version"] < started:
        ann.update_at(started)
    assert ann.latest["table"]["status"] == "playing"
    final = play_randomly({0: ann, 1: ben}, seed=2)
    assert final["table"]["status"] == "finished"
    for base in (one.base, two.base):
        record = httpx.get(f"{base}/api/tables/{table}/record", timeout=A_WHILE)
        assert record.status_code == 200
        assert match_from_lines(record.text.splitlines()).result() is not None
    # Both players saw every change, in order, each from their own process.
    for client in (ann, ben):
        versions = [
            c["version"] for m in client.messages if m["type"] == "update" for c in m["changes"]
        ]
        assert versions == list(range(1, final["version"] + 1))
        client.close()


def _counting_table(
    server: ProcessServer, players: tuple[str, str] = ("Ann", "Ben"), **config: Any
) -> tuple[str, dict[str, str]]:
    """A toy table of two players (``bot`` for a bot) counting up to 100, made through
    ``server`` with ``config`` (a clock, a grace): its id and the seats' tokens."""
    made = create(
        server.base,
        game="toy-turns",
        options={"target": 100},
        seats=seats(*players),
        seed=4,
        **config,
    )
    return made["table"]["id"], made["tokens"]


def _held(server: ProcessServer) -> int:
    """How many tables the server process holds in memory."""
    return int(httpx.get(f"{server.base}/healthz", timeout=A_WHILE).json()["tables"])


def _until_let_go(server: ProcessServer) -> None:
    """Wait until ``server`` holds no table (a change elsewhere reaches it through Redis)."""
    get_until(
        f"{server.base}/healthz",
        lambda answer: answer.json()["tables"] == 0,
        "the process never let go of the table",
    )


def test_a_table_is_held_only_where_its_clients_are(pg_env: dict[str, str]) -> None:
    """With a proxy routing by table, a move costs one process: the process that made a
    table lets it go at the first change made elsewhere, and so does one whose last client
    left, instead of following every move."""
    with _two_servers(pg_env, CRAFTHALL_LET_GO_AFTER="0.2") as (one, two):
        table, tokens = _counting_table(one)
        assert _held(one) == 1
        ann, ben = Ws(two.base, table), Ws(two.base, table)
        ann.hello(tokens["0"])
        ben.hello(tokens["1"])
        ann.act({"type": "add", "amount": 1})
        _until_let_go(one)
        watcher = Ws(one.base, table)
        watcher.hello()
        assert _held(one) == 1
        version = ben.act({"type": "add", "amount": 1})["version"]
        assert watcher.update_at(version)["version"] == version
        watcher.close()
        time.sleep(0.5)  # past let_go_after
        assert _held(one) == 1  # nothing changed: still held (the idle unloading is 600 s)
        version = ann.act({"type": "add", "amount": 1})["version"]
        _until_let_go(one)
        assert _held(two) == 1
        # Asked for again there, it is read back as it stands.
        late = Ws(one.base, table)
        assert late.hello()["version"] == version
        version = ben.act({"type": "add", "amount": 1})["version"]
        assert late.update_at(version)["version"] == version
        for client in (ann, ben, late):
            client.close()


def test_a_table_played_elsewhere_is_let_go_with_its_clocks_and_bots(
    pg_env: dict[str, str],
) -> None:
    """The process that made a table with clocks (and a bot) does not go on running them
    once the table is played through another process, which runs its own."""
    with _two_servers(pg_env, CRAFTHALL_LET_GO_AFTER="0.2") as (one, two):
        clock = {"initial": 600, "increment": 0}
        table, tokens = _counting_table(one, ("Ann", "bot"), clock=clock)
        assert _held(one) == 1  # its clock runs there
        ann = Ws(two.base, table)
        ann.hello(tokens["0"])
        for _ in range(3):
            version = ann.act({"type": "add", "amount": 1})["version"]
            ann.update_at(version + 1)  # the bot's answer, from process two
        _until_let_go(one)
        version = ann.act({"type": "add", "amount": 1})["version"]
        assert ann.update_at(version + 1)["version"] == version + 1
        ann.close()
        seen = [
            change["version"]
            for message in ann.messages
            if message["type"] == "update"
            for change in message["changes"]
        ]
        assert seen == list(range(1, version + 2))


def _held_elsewhere(server: ProcessServer, table: str, seat: int) -> bool:
    """Does some process say in Redis that it holds ``seat`` (as a third process finds)?"""

    async def ask() -> bool:
        observer = RedisPresence(REDIS_URL, server.env["CRAFTHALL_REDIS_PREFIX"], "a-test")
        await observer.start()
        try:
            return await observer.last_seen(table, seat) is HELD_ELSEWHERE
        finally:
            await observer.stop()

    return asyncio.run(ask())


def test_a_seat_held_through_another_process_is_not_taken_over_in_its_grace(
    pg_env: dict[str, str],
) -> None:
    """A process holding a table, with a seat away from it, hands the seat to a bot past its
    grace only if no other process holds it: here Ben plays through the other process,
    then leaves, and is taken over."""
    with _two_servers(pg_env) as (one, two):
        table, tokens = _counting_table(one, grace=1)
        ann, ben = Ws(one.base, table), Ws(two.base, table)
        active = ann.hello(tokens["0"])["active"]
        ben.hello(tokens["1"])
        # Process two records in Redis that it holds Ben's seat a moment after his hello; a
        # grace running out before then would find his seat away everywhere.
        wait_until(
            lambda: _held_elsewhere(two, table, 1), "process two never recorded Ben's seat as held"
        )
        for _ in range(2):
            if active == [0]:
                ann.act({"type": "add", "amount": 1})
            time.sleep(2.5)  # Ben's turn, his seat away from process one: past the grace
            ben_moved = ben.act({"type": "add", "amount": 1})
            assert "code" not in ben_moved, ben_moved
            active = ann.update_at(ben_moved["version"])["active"]
        ann.act({"type": "add", "amount": 1})
        ben.close()
        update = ann.until(
            lambda m: m["type"] == "update" and any(c["kind"] == "zombie" for c in m["changes"])
        )
        zombie = next(c for c in update["changes"] if c["kind"] == "zombie")
        assert zombie["seat"] == 1 and zombie["reason"] == "disconnected"
        ann.close()


def test_racing_actions_on_two_processes_resolve_to_one(
    two_servers: tuple[ProcessServer, ProcessServer],
) -> None:
    one, two = two_servers
    table, tokens = _counting_table(one)
    # Each seat is connected twice, once to each process, and both copies send at once.
    pairs = {seat: (Ws(one.base, table), Ws(two.base, table)) for seat in (0, 1)}
    for seat, pair in pairs.items():
        for client in pair:
            client.hello(tokens[str(seat)])
    rounds = 12
    for number in range(rounds):
        seat = number % 2
        answers: list[dict[str, object]] = []
        barrier = threading.Barrier(2)

        def race(
            client: Ws, tag: str, barrier: threading.Barrier, answers: list[dict[str, object]]
        ) -> None:
            barrier.wait()
            answers.append(client.act({"type": "add", "amount": 1}, msg_id=tag))

        threads = [
            threading.Thread(target=race, args=(client, f"r{number}-{i}", barrier, answers))
            for i, client in enumerate(pairs[seat])
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(PATIENCE)
        kinds = sorted(str(a["type"]) for a in answers)
        assert kinds == ["error", "update"], answers
        refused = next(a for a in answers if a["type"] == "error")
        assert refused["code"] in ("not-your-turn", "stale-version")
        for client in (*pairs[0], *pairs[1]):
            client.update_at(number + 2)
    summary = httpx.get(f"{two.base}/api/tables/{table}", timeout=A_WHILE).json()
    assert summary["moves"] == rounds and summary["version"] == rounds + 1
    for pair in pairs.values():
        for client in pair:
            client.close()


def test_postgres_single_process_with_a_bot(pg_env: dict[str, str]) -> None:
    server = ProcessServer(pg_env).start()
    try:
        _made, final = play_against_a_bot(server.base, "swordcrafters", seed=8, play_seed=1)
        assert (
            final["table"]["result"]["scores"] == final["view"]["scores"]
            or final["table"]["result"]
        )
    finally:
        server.close()
